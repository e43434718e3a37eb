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
  const PENDING: FakeResult = { data: [{ status: 'pending', list_name: 'Newsletter', workspace_name: 'Acme' }], error: null };
  const CONFIRMED: FakeResult = { data: [{ status: 'confirmed', list_name: 'Newsletter', workspace_name: 'Acme' }], error: null };
  const confirmations = () => fake.calls.filter((call) => call.table === 'rpc:confirm_email_subscription');

  it('loading the page confirms nothing: it names the list, and only the button confirms', async () => {
    answers['rpc:email_confirmation'] = () => PENDING;
    answers['rpc:confirm_email_subscription'] = () => CONFIRMED;
    const user = userEvent.setup();
    render(<ConfirmSubscriptionPage token="t" />);
    expect(await screen.findByText('You asked to receive Newsletter from Acme. Confirm to start your subscription.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Confirm subscription' });
    expect(confirmations()).toHaveLength(0);
    expect(screen.queryByText(/You are subscribed/)).not.toBeInTheDocument();

    button.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('You are subscribed to Newsletter from Acme.');
    expect(confirmations()).toEqual([expect.objectContaining({ values: { token: 't' } })]);
    expect(screen.queryByRole('button', { name: 'Confirm subscription' })).not.toBeInTheDocument();
  });

  it('a link already confirmed says so without a button', async () => {
    answers['rpc:email_confirmation'] = () => ({ data: [{ status: 'already_confirmed', list_name: 'Newsletter', workspace_name: 'Acme' }], error: null });
    render(<ConfirmSubscriptionPage token="t" />);
    expect(await screen.findByText('You had already confirmed your subscription to Newsletter.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a link the database refused says it is not valid and offers no retry', async () => {
    answers['rpc:email_confirmation'] = () => ({ data: null, error: { message: 'not valid', code: 'P0001', details: 'invalid_token' } });
    render(<ConfirmSubscriptionPage token="t" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid or has expired');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a link that could not be read is read again on request, not sent to subscribe again', async () => {
    let down = true;
    answers['rpc:email_confirmation'] = () => (down ? SERVER_DOWN : PENDING);
    const user = userEvent.setup();
    render(<ConfirmSubscriptionPage token="t" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be opened right now');
    expect(screen.queryByText(/subscribe again/)).not.toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Confirm subscription' })).toBeInTheDocument();
    expect(confirmations()).toHaveLength(0);
  });

  it('a click the server could not answer says so and keeps the button for another try', async () => {
    let down = true;
    answers['rpc:email_confirmation'] = () => PENDING;
    answers['rpc:confirm_email_subscription'] = () => (down ? SERVER_DOWN : CONFIRMED);
    const user = userEvent.setup();
    render(<ConfirmSubscriptionPage token="t" />);
    await user.click(await screen.findByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be confirmed right now');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are subscribed to Newsletter from Acme.');
  });
});
