import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketingRetentionRoute } from '@/app/routes/marketing/retention';
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
const hot = { id: 'c-hot', score_band: 'hot', first_name: 'Hana', last_name: 'Hot', email: 'hana@example.com', company: 'Acme', phone: null, lead_score: 90, last_activity_at: null };
const entered = {
  enrollment_id: 'e1', workflow_id: 'w-e1', workflow_name: 'Welcome series', kind: 'entered', step_id: null, step_type: null, outcome: null, error: null, due_at: null, at: '2026-11-01T10:00:00Z',
};

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'rpc:automation_contact_timeline') return { data: [entered], error: null };
  if (call.table === 'rpc:recompute_lead_scores') return { data: 0, error: null };
  if (call.table === 'rpc:contact_overview') {
    return { data: { total: 1, bands: { hot: 1, warm: 0, cool: 0, cold: 0 }, stages: { subscriber: 1, lead: 0, marketing_qualified: 0, sales_qualified: 0, customer: 0, churned: 0 }, hot_to_call: [hot], quiet_count: 0, quiet: [] }, error: null };
  }
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'viewer' }]);
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('/marketing/retention', () => {
  it("opens a contact's automation history (the automation feature's dialog) from the Retention Center (viewers too)", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <AuthProvider><MarketingRetentionRoute /></AuthProvider> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Automation history of Hana Hot' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Automation history')).toBeInTheDocument();
    expect(await within(dialog).findByText('Welcome series')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.table === 'rpc:automation_contact_timeline')?.values).toEqual({ contact_id: 'c-hot' });
  });
});
