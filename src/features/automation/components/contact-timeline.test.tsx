import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactTimeline } from '@/features/automation/components/contact-timeline';
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

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'rpc:automation_contact_timeline') return { data: timeline, error: null };
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

});
