import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketingEmailRoute } from '@/app/routes/marketing/email';
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
const nothingSent = { subscribers: 0, lists: 0, campaigns: 0, deliveries: 0, sent: 0, open_tracked: 0, opened: 0, click_tracked: 0, clicked: 0, unsubscribed: 0, bounced: 0, complained: 0 };

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'rpc:email_overview') return { data: [nothingSent], error: null };
  if (call.operation === 'select' && (call.table === 'email_campaigns' || call.table === 'email_lists')) return { data: [], error: null };
  if (call.table.startsWith('rpc:')) return { data: [], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'member' }]);
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('/marketing/email', () => {
  it("shows the dashboard's sample figures, marked as sample data, while the workspace has sent nothing", async () => {
    renderRoutes([{ path: '/marketing/email', element: <AuthProvider><MarketingEmailRoute /></AuthProvider> }], '/marketing/email');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Platform' })).toBeInTheDocument();
    expect(await screen.findByText('24,583')).toBeInTheDocument();
    expect(screen.getByText('Sample data')).toBeInTheDocument();
  });
});
