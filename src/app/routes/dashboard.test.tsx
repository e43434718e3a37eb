import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardRoute } from '@/app/routes/dashboard';
import { AuthProvider, ProtectedRoute } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { id: 'p1', user_id: 'user-1', first_name: 'Ada', last_name: 'Lovelace', marketing_role: null }, error: null };
  if (call.table === 'social_accounts') return { data: [{ id: 'acc-1', display_name: 'studio.bsky.social', network: 'bluesky' }], error: null };
  return workspaceRows(call, [{ id: 'org-1', name: 'Analytical Engines' }]);
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('/dashboard', () => {
  it("shows the Social Hub's notice of a broken account of the current workspace, with a Reconnect link into the hub (issue 30)", async () => {
    renderRoutes([{ element: <AuthProvider><ProtectedRoute /></AuthProvider>, children: [{ path: '/dashboard', element: <DashboardRoute /> }] }], '/dashboard');
    const link = await screen.findByRole('link', { name: 'Reconnect studio.bsky.social' });
    expect(link).toHaveAttribute('href', '/marketing/social?reconnect=acc-1');
    expect(screen.getByText('1 social account needs reconnecting')).toBeInTheDocument();
  });
});
