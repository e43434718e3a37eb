import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AutomationPage } from '@/features/automation/components/automation-page';
import { workflowTemplates } from '@/features/automation/utils/workflow-templates';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

/** The module page's four figures of issue 29 §8, from the runs: published workflows, in progress, actions this week, goals. */

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const DAY = 24 * 3600_000;
let workflows: unknown[];
const workflowRow = {
  id: 'w1', organization_id: 'acme', name: 'Welcome series', status: 'published', trigger_type: 'tag_added', trigger_value: 'newsletter',
  published_version_id: 'v1', created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  automation_workflow_versions: [{ version: 1, state: 'published', graph: workflowTemplates[0]!.graph }],
};
const counts = [{ workflow_id: 'w1', entered: 12, active: 3, finished: 6, exited: 2, failed: 1, goals: 2, at_step: {} }];

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'automation_workflows' && call.operation === 'select') return { data: workflows, error: null };
  if (call.table === 'rpc:automation_workflow_counts') return { data: workflows.length ? counts : [], error: null };
  if (call.table === 'automation_step_runs') return { data: null, count: 1234, error: null };
  if (call.table === 'rpc:workspace_members') return { data: [], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'member' }]);
}

const renderPage = () => renderRoutes([{ path: '/marketing/automation', element: <AuthProvider><AutomationPage /></AuthProvider> }], '/marketing/automation');
const figure = (label: string) => screen.getByText(label).closest('li')!;

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  workflows = [];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('the automation figures', () => {
  it('are the runs’: published workflows, contacts in progress, actions this week and goal conversions', async () => {
    workflows = [workflowRow, { ...workflowRow, id: 'w2', status: 'draft' }];
    renderPage();
    await waitFor(() => expect(figure('Actions this week')).toHaveTextContent('1,234'));
    expect(figure('Actions this week')).toHaveTextContent('Last 7 days');
    expect(figure('Published workflows')).toHaveTextContent('1');
    expect(figure('Contacts in progress')).toHaveTextContent('3');
    expect(figure('Goal conversions')).toHaveTextContent('2');
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
  });

  it('count as actions the action steps done in the last 7 days, a count only (no rows travel)', async () => {
    workflows = [workflowRow];
    const before = Date.now();
    renderPage();
    await waitFor(() => expect(fake.calls.some((entry) => entry.table === 'automation_step_runs')).toBe(true));
    const call = fake.calls.find((entry) => entry.table === 'automation_step_runs')!;
    expect(call.count).toEqual({ count: 'exact', head: true });
    const since = Date.parse(String(call.filters.find(([column]) => column === 'finished_at')![1]).replace(/^gte\./, ''));
    expect(since).toBeGreaterThanOrEqual(before - 7 * DAY);
    expect(since).toBeLessThanOrEqual(Date.now() - 7 * DAY);
    expect(call.filters.filter(([column]) => column !== 'finished_at')).toEqual([
      ['organization_id', 'acme'],
      ['status', 'done'],
      ['step_type', 'in.(add_tag,remove_tag,set_stage,adjust_score,notify,set_owner,webhook,send_email)'],
    ]);
  });

  it('are marked samples for a workspace without workflows, which counts nothing', async () => {
    renderPage();
    expect(await screen.findByText('Sample data')).toBeInTheDocument();
    expect(figure('Actions this week')).toHaveTextContent('31,540');
    expect(fake.calls.some((entry) => entry.table === 'automation_step_runs')).toBe(false);
  });
});
