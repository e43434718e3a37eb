import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactTimeline } from '@/features/automation/components/contact-timeline';
import { RetentionOverview } from '@/features/contacts/components/retention-overview';
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
const row = (enrollment: string, name: string, kind: string, stepId: string | null, at: string, extra: Record<string, unknown> = {}) => ({
  enrollment_id: enrollment, workflow_id: `w-${enrollment}`, workflow_name: name, kind, step_id: stepId, step_type: null, outcome: null, error: null, due_at: null, at, ...extra,
});
let timeline: unknown[];

const hot = { id: 'c-hot', score_band: 'hot', first_name: 'Hana', last_name: 'Hot', email: 'hana@example.com', company: 'Acme', phone: null, lead_score: 90, last_activity_at: null };
function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'rpc:automation_contact_timeline') return { data: timeline, error: null };
  if (call.table === 'rpc:recompute_lead_scores') return { data: 0, error: null };
  if (call.table === 'rpc:contact_overview') {
    return { data: { total: 1, bands: { hot: 1, warm: 0, cool: 0, cold: 0 }, stages: { subscriber: 1, lead: 0, marketing_qualified: 0, sales_qualified: 0, customer: 0, churned: 0 }, hot_to_call: [hot], quiet_count: 0, quiet: [] }, error: null };
  }
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'viewer' }]);
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  timeline = [
    row('e1', 'Welcome series', 'entered', null, '2026-11-01T10:00:00Z'),
    row('e1', 'Welcome series', 'done', 'welcome-tag', '2026-11-01T10:00:01Z', { outcome: 'done' }),
    row('e1', 'Welcome series', 'failed', 'welcome-mail', '2026-11-01T10:00:02Z', { error: 'unknown template' }),
    row('e1', 'Welcome series', 'run_failed', 'welcome-mail', '2026-11-01T10:00:02Z', { error: 'unknown template' }),
    row('e2', 'Hot-lead alert', 'entered', null, '2026-11-02T10:00:00Z'),
    row('e2', 'Hot-lead alert', 'waiting', 'pause', '2026-11-02T10:00:01Z', { due_at: '2026-11-03T10:00:00Z' }),
  ];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('ContactTimeline', () => {
  it('shows each run (latest first) with its steps, outcomes, waits and failures', async () => {
    renderRoutes([{ path: '/', element: <ContactTimeline workspaceId="acme" contactId="c1" /> }], '/');
    const runs = await screen.findAllByRole('region');
    expect(runs.map((region) => region.getAttribute('aria-label'))).toEqual(['Hot-lead alert', 'Welcome series']);
    expect(within(runs[0]!).getByText(/^pause: Waiting until/)).toBeInTheDocument();
    const welcome = within(runs[1]!).getAllByRole('listitem').map((item) => item.textContent);
    expect(welcome).toEqual([
      expect.stringMatching(/Entered$/),
      expect.stringMatching(/welcome-tag: Done$/),
      expect.stringMatching(/welcome-mail: Failedunknown template$/),
      expect.stringMatching(/Stopped: a step failed$/),
    ]);
    expect(fake.calls.find((call) => call.table === 'rpc:automation_contact_timeline')?.values).toEqual({ contact_id: 'c1' });
  });

  it('says when the contact has been in no workflow', async () => {
    timeline = [];
    renderRoutes([{ path: '/', element: <ContactTimeline workspaceId="acme" contactId="c1" /> }], '/');
    expect(await screen.findByText('This contact has not been in any workflow yet.')).toBeInTheDocument();
  });

  it('opens from the contact in the Retention Center (viewers too)', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <AuthProvider><RetentionOverview /></AuthProvider> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Automation history of Hana Hot' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Automation history')).toBeInTheDocument();
    expect(await within(dialog).findByText('Welcome series')).toBeInTheDocument();
    expect(fake.calls.find((call) => call.table === 'rpc:automation_contact_timeline')?.values).toEqual({ contact_id: 'c-hot' });
  });
});
