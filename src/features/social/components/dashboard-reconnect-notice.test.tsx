import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardReconnectNotice } from '@/features/social/components/dashboard-reconnect-notice';
import { SocialHub } from '@/features/social/components/social-hub';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
let accounts: Record<string, unknown>[];

const account = (id: string, network: string, display_name: string, status: string) => ({
  id, organization_id: 'acme', network, display_name, service_origin: 'https://bsky.social', external_id: null, status, status_message: null, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'social_accounts') {
    // As PostgREST would: the notice asks only for accounts in a broken state.
    const statuses = call.filters.find(([column]) => column === 'status')?.[1];
    return { data: statuses ? accounts.filter((row) => String(statuses).includes(String(row.status))) : accounts, error: null };
  }
  if (call.table === 'social_posts') return { data: [], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole }]);
}

function renderDashboardAndHub() {
  return renderRoutes(
    [
      { path: '/dashboard', element: <AuthProvider><DashboardReconnectNotice workspaceId="acme" canWrite={myRole !== 'viewer'} /></AuthProvider> },
      { path: '/marketing/social', element: <AuthProvider><SocialHub /></AuthProvider> },
    ],
    '/dashboard',
  );
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  accounts = [
    account('ok', 'bluesky', 'agency.bsky.social', 'connected'),
    account('x', 'bluesky', 'old.bsky.social', 'reconnect'),
    account('hook', 'webhook', 'n8n', 'reconnect'),
  ];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('DashboardReconnectNotice', () => {
  it('a member sees the broken account with a Reconnect link that opens the Social Hub’s reconnect dialog for it', async () => {
    myRole = 'member';
    const user = userEvent.setup();
    renderDashboardAndHub();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('1 social account needs reconnecting');
    const link = within(notice).getByRole('link', { name: 'Reconnect old.bsky.social' });
    expect(link).toHaveAttribute('href', '/marketing/social?reconnect=x');
    await user.click(link);
    expect(await screen.findByRole('dialog', { name: 'Reconnect old.bsky.social' })).toBeInTheDocument();
  });

  it('a viewer sees the notice and whom to ask, without a link', async () => {
    myRole = 'viewer';
    renderDashboardAndHub();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('old.bsky.social');
    expect(notice).toHaveTextContent('Ask a member, admin or owner of the workspace to reconnect them.');
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('nothing when every account works', async () => {
    myRole = 'member';
    accounts = [account('ok', 'bluesky', 'agency.bsky.social', 'connected')];
    renderDashboardAndHub();
    await vi.waitFor(() => expect(fake.calls.some((call) => call.table === 'social_accounts')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
