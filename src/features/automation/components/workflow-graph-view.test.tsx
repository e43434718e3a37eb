import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutomationPage } from '@/features/automation/components/automation-page';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, workspaceRows, type FakeResult, type FakeSupabase, type QueryCall } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

/** The editor's Graph view (React Flow) edits the same draft graph as the step list: switching views keeps changes. */

// A box is clicked with a click event alone: d3-zoom's mousedown needs the event's window, which user-event leaves
// out. React Flow measures its pane and nodes; jsdom lays nothing out (ResizeObserver is stubbed in tests/support/setup-dom.ts).
beforeAll(() => {
  globalThis.DOMMatrixReadOnly ??= class {
    m22 = 1;
  } as unknown as typeof DOMMatrixReadOnly;
  Object.defineProperties(HTMLElement.prototype, {
    offsetWidth: { configurable: true, get: () => 800 },
    offsetHeight: { configurable: true, get: () => 400 },
  });
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const graph: WorkflowGraph = {
  trigger: { type: 'contact_created' },
  enrollment: 'once',
  steps: [
    { id: 'check', type: 'condition', check: { kind: 'has_email' }, yes: 'tag', no: 'done' },
    { id: 'tag', type: 'add_tag', tag: 'new', next: 'done' },
    { id: 'done', type: 'end' },
  ],
};
const workflowRow = (state: 'draft' | 'published') => ({
  id: 'w1', organization_id: 'acme', name: 'Hand-over', status: state, trigger_type: 'contact_created', trigger_value: null,
  published_version_id: state === 'published' ? 'v1' : null, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  automation_workflow_versions: [{ version: 1, state, graph }],
});
let role = 'member';
let publish: () => FakeResult = () => ({ data: null, error: null });

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'automation_workflows' && call.operation === 'select') return { data: [workflowRow(role === 'viewer' ? 'published' : 'draft')], error: null };
  if (call.table === 'rpc:automation_workflow_counts') return { data: [], error: null };
  if (call.table === 'rpc:workspace_members') return { data: [], error: null };
  if (call.table === 'email_templates' && call.operation === 'select') return { data: [], error: null };
  if (call.table === 'rpc:save_automation_draft') return { data: { version: 2, state: 'draft' }, error: null };
  if (call.table === 'rpc:publish_automation_workflow') return publish();
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role }]);
}

const savedGraph = () => (fake.calls.find((entry) => entry.table === 'rpc:save_automation_draft')?.values as { graph: WorkflowGraph }).graph;

async function openGraph(button = 'Edit', title = 'Edit “Hand-over”') {
  const user = userEvent.setup();
  renderRoutes([{ path: '/marketing/automation', element: <AuthProvider><AutomationPage /></AuthProvider> }], '/marketing/automation');
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: 'Graph' }));
  await within(dialog).findByTestId('graph-node-check', {}, { timeout: 10_000 });
  return { user, dialog };
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  role = 'member';
  publish = () => ({ data: null, error: null });
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

// React Flow's first render is slow in jsdom on a shared 2-core machine (12 s seen for the first test).
describe('the workflow editor’s Graph view', { timeout: 40_000 }, () => {
  it('a box per step; a step added on the condition’s No way in the graph is in the step list, and saved', async () => {
    const { user, dialog } = await openGraph();
    for (const id of ['@trigger', 'check', 'tag', 'done']) expect(within(dialog).getByTestId(`graph-node-${id}`)).toBeInTheDocument();
    expect(within(dialog).getByTestId('graph-node-check')).toHaveTextContent('If the contact has an e-mail address');
    expect(within(dialog).getByRole('button', { name: 'Use the step list' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByTestId('graph-node-check'));
    const panel = within(dialog).getByRole('region', { name: /Step check/ });
    await user.selectOptions(within(panel).getByLabelText('Kind of step'), 'wait');
    await user.selectOptions(within(panel).getByLabelText('On the way'), 'No');
    await user.click(within(panel).getByRole('button', { name: 'Add step' }));
    expect(await within(dialog).findByTestId('graph-node-wait-1')).toHaveTextContent('Wait 1 day');
    expect(within(dialog).getByRole('region', { name: /Step wait-1/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Steps' }));
    expect(within(dialog).getByRole('heading', { level: 4, name: /^Step 2 \(wait-1\)/ })).toHaveTextContent('Wait 1 day');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(savedGraph().steps.map((step) => step.id)).toEqual(['check', 'wait-1', 'tag', 'done']);
    expect(savedGraph().steps[0]).toMatchObject({ yes: 'tag', no: 'wait-1' });
    expect(savedGraph().steps[1]).toMatchObject({ type: 'wait', next: 'done' });
  });

  it('a step removed in the graph is gone from the step list; its Undo goes when the view is left', async () => {
    const { user, dialog } = await openGraph();
    fireEvent.click(within(dialog).getByTestId('graph-node-tag'));
    await user.click(within(dialog).getByRole('button', { name: 'Remove this step' }));
    expect(within(dialog).queryByTestId('graph-node-tag')).toBeNull();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Removed “Add tag “new””.');
    await user.click(within(dialog).getByRole('button', { name: 'Steps' }));
    expect(within(dialog).queryByRole('heading', { name: /\(tag\)/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Graph' }));
    await within(dialog).findByTestId('graph-node-check');
    expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull(); // the view was left: its undo with it
  });

  it('undo right after removing restores the step and its ways', async () => {
    const { user, dialog } = await openGraph();
    fireEvent.click(within(dialog).getByTestId('graph-node-tag'));
    await user.click(within(dialog).getByRole('button', { name: 'Remove this step' }));
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await within(dialog).findByTestId('graph-node-tag')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(savedGraph()).toEqual(graph);
  });

  it('a publish refusal is written on the step’s box', async () => {
    publish = () => ({ data: null, error: { code: 'P0001', details: 'tag_invalid', hint: 'tag', message: 'Step “tag”: give the tag.' } as FakeResult['error'] });
    const { user, dialog } = await openGraph();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Step “tag”: give the tag.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('graph-node-tag')).toHaveTextContent('Step “tag”: give the tag.');
  });

  it('a viewer sees the published version in the graph without editing', async () => {
    role = 'viewer';
    const { dialog } = await openGraph('View steps', 'Steps of “Hand-over”');
    fireEvent.click(within(dialog).getByTestId('graph-node-tag'));
    const panel = within(dialog).getByRole('region', { name: /Step tag/ });
    expect(within(panel).queryByRole('button', { name: 'Add step' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Remove this step' })).toBeNull();
    expect(within(panel).getByLabelText('Tag')).toBeDisabled();
  });
});
