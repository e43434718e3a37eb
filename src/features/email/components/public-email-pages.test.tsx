import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmSubscriptionPage } from '@/features/email/components/confirm-subscription-page';
import { SubscribePage } from '@/features/email/components/subscribe-page';
import { supabase } from '@/lib/supabase';
import type { FakeResult, FakeSupabase } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let answers: Record<string, () => FakeResult>;
const SERVER_DOWN: FakeResult = { data: null, error: { message: 'Internal server error', code: '500' } };

beforeEach(() => {
  fake.reset();
  answers = {};
  fake.respondWith((call) => answers[call.table]?.());
});

const render = (element: ReactElement) => renderRoutes([{ path: '/', element }], '/');

/** The public pages a visitor reaches from a form or an e-mail (audit of issue 28: a failure is not a closed form). */
describe('the hosted subscribe page', () => {
  it('a form that could not be loaded says so and loads it again on request; only a form that does not exist says that', async () => {
    let down = true;
    answers['rpc:email_list_form'] = () => (down ? SERVER_DOWN : { data: [{ list_name: 'Newsletter', workspace_name: 'Acme', opt_in: 'double' }], error: null });
    const user = userEvent.setup();
    render(<SubscribePage formToken="form-token" />);
    expect(await screen.findByRole('heading', { name: 'This subscribe form could not be loaded right now' })).toBeInTheDocument();
    expect(screen.queryByText('This subscribe form does not exist or is closed.')).not.toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Subscribe to Newsletter' })).toBeInTheDocument();
  });

  it('a form token the database does not know: the form does not exist or is closed', async () => {
    answers['rpc:email_list_form'] = () => ({ data: [], error: null });
    render(<SubscribePage formToken="unknown" />);
    expect(await screen.findByRole('heading', { name: 'This subscribe form does not exist or is closed.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('the confirmation link’s page', () => {
  it('a link the database refused says it is not valid and offers no retry', async () => {
    answers['rpc:confirm_email_subscription'] = () => ({ data: null, error: { message: 'not valid', code: 'P0001', details: 'invalid_token' } });
    render(<ConfirmSubscriptionPage token="t" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid or has expired');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a server that could not answer does not send the person to subscribe again: it tries again on request', async () => {
    let down = true;
    answers['rpc:confirm_email_subscription'] = () => (down ? SERVER_DOWN : { data: [{ status: 'confirmed', list_name: 'Newsletter', workspace_name: 'Acme' }], error: null });
    const user = userEvent.setup();
    render(<ConfirmSubscriptionPage token="t" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be confirmed right now');
    expect(screen.queryByText(/subscribe again/)).not.toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are subscribed to Newsletter from Acme.')).toBeInTheDocument();
  });
});
