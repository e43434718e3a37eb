import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MastodonCallbackPage } from '@/features/social/components/mastodon-callback-page';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let finish: FakeResult;
let statuses: string[];
let message: string | null;

const connection = (status: string) => ({ id: 'conn-1', organization_id: 'acme', created_by: 'user-1', instance_origin: 'https://mastodon.example', redirect_uri: 'x', status, authorize_url: null, account_id: status === 'connected' ? 'acc-1' : null, message, expires_at: '2099-01-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z' });

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'rpc:finish_mastodon_connection') return finish;
  if (call.table === 'mastodon_connections') return { data: connection(statuses.length > 1 ? statuses.shift()! : statuses[0]!), error: null };
  if (call.table === 'social_accounts') return { data: [{ id: 'acc-1', display_name: '@agency@mastodon.example', network: 'mastodon', status: 'connected' }], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'member' }]);
}

const renderPage = (query: string) =>
  renderRoutes([{ path: '/marketing/social/connect/mastodon', element: <AuthProvider><MastodonCallbackPage /></AuthProvider> }], `/marketing/social/connect/mastodon${query}`);
const finishes = () => fake.calls.filter((call) => call.table === 'rpc:finish_mastodon_connection');

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  sessionStorage.setItem('beyond:mastodon-connect-workspace', 'acme');
  finish = { data: connection('exchanging'), error: null };
  statuses = ['exchanging', 'connected'];
  message = null;
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('the Mastodon callback page', () => {
  it('sends the state and code once, follows the job and shows the connected account', async () => {
    renderPage('?code=the-code&state=the-state');
    expect(await screen.findByText('@agency@mastodon.example is connected. Posts can go out from it now.', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(finishes()).toHaveLength(1);
    expect(finishes()[0]!.values).toEqual({ workspace_id: 'acme', state: 'the-state', code: 'the-code' });
    expect(screen.getByRole('link', { name: 'Back to the Social Hub' })).toHaveAttribute('href', '/marketing/social');
  });

  it('says the member declined, in plain words with Mastodon’s reason, and sends nothing', async () => {
    renderPage('?error=access_denied&error_description=The+resource+owner+denied+the+request.&state=s');
    expect(await screen.findByText(/You did not allow Beyond Brochures to post on Mastodon/)).toBeInTheDocument();
    expect(screen.getByText('Mastodon answered: The resource owner denied the request.')).toBeInTheDocument();
    expect(finishes()).toHaveLength(0);
  });

  it('shows the refusal of an expired or someone else’s sign-in', async () => {
    finish = { data: null, error: { message: 'This sign-in took longer than 15 minutes and expired: start connecting again.', code: 'P0001', details: 'state_expired' } as never };
    renderPage('?code=c&state=s');
    expect(await screen.findByText('This sign-in took longer than 15 minutes and expired: start connecting again.')).toBeInTheDocument();
    expect(screen.getByText('Mastodon could not be connected.')).toBeInTheDocument();
  });

  it('shows the job’s message when the instance refused the code or could not be reached', async () => {
    statuses = ['failed'];
    message = 'Could not reach https://mastodon.example (the connection timed out).';
    renderPage('?code=c&state=s');
    expect(await screen.findByText('Could not reach https://mastodon.example (the connection timed out).')).toBeInTheDocument();
  });

  it('explains a visit without a sign-in', async () => {
    renderPage('');
    expect(await screen.findByText(/This page was opened without a sign-in from a Mastodon server/)).toBeInTheDocument();
    expect(finishes()).toHaveLength(0);
  });

  it('sends nothing from a browser that did not start the connection', async () => {
    sessionStorage.clear();
    renderPage('?code=c&state=s');
    expect(await screen.findByText(/This page was opened without a sign-in from a Mastodon server/)).toBeInTheDocument();
    expect(finishes()).toHaveLength(0);
  });
});
