import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { FailedRuns } from '@/features/automation/components/failed-runs';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';
import { supabase } from '@/lib/supabase';
import type { FakeResult, FakeSupabase, QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const graph: WorkflowGraph = { trigger: { type: 'contact_created' }, enrollment: 'once', steps: [{ id: 'tag', type: 'add_tag', tag: 'vip', next: null }] };
let failed: unknown[];
let retry: () => FakeResult;

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'rpc:automation_failed_runs') return { data: failed, error: null };
  if (call.table === 'rpc:retry_automation_enrollment') return retry();
  return undefined;
}

const renderRuns = (canWrite = true) =>
  renderRoutes([{ path: '/', element: <><FailedRuns workspaceId="acme" workflowId="w1" graph={graph} canWrite={canWrite} /><Toaster /></> }], '/');

beforeEach(() => {
  fake.reset();
  failed = [{ enrollment_id: 'e1', contact_id: 'c1', contact_name: 'Fay Full', step_id: 'tag', error: 'new row violates check constraint "contacts_tags_check"', failed_at: '2026-11-28T05:00:00Z' }];
  retry = () => ({ data: { id: 'e1', status: 'active' }, error: null });
  fake.respondWith(respond);
});

describe('FailedRuns', () => {
  it('lists each failed run with its step and error; a retry asks first, then runs once and says so', async () => {
    const user = userEvent.setup();
    renderRuns();
    const item = (await screen.findByText('Fay Full')).closest('li')!;
    expect(within(item).getByText(/Failed at “Add tag “vip””/)).toBeInTheDocument();
    expect(within(item).getByText(/contacts_tags_check/)).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Retry the run of Fay Full?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.filter((call) => call.table === 'rpc:retry_automation_enrollment')).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Retrying the run of Fay Full: the step runs again now.')).toBeInTheDocument();
    const calls = fake.calls.filter((call) => call.table === 'rpc:retry_automation_enrollment');
    expect(calls.map((call) => call.values)).toEqual([{ enrollment_id: 'e1' }]);
  });

  it('shows the server’s refusal and keeps the run listed', async () => {
    const user = userEvent.setup();
    retry = () => ({ data: null, error: { message: 'Only a failed run can be retried; this one is active.', code: 'P0001', details: 'not_failed' } });
    renderRuns();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The run could not be retried.')).toBeInTheDocument();
    expect(screen.getByText('Fay Full')).toBeInTheDocument();
  });

  it('offers no retry to viewers', async () => {
    renderRuns(false);
    expect(await screen.findByText('Fay Full')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when no run failed', async () => {
    failed = [];
    renderRuns();
    expect(await screen.findByText('No failed runs.')).toBeInTheDocument();
  });
});
