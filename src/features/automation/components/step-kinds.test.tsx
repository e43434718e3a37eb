import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

/** The step editor offers the newer kinds of step (change owner, goal, notice by e-mail, webhook) with the keyboard. */

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
const graph: WorkflowGraph = {
  trigger: { type: 'contact_created' },
  enrollment: 'once',
  steps: [{ id: 'tag', type: 'add_tag', tag: 'new', next: 'done' }, { id: 'done', type: 'end' }],
};
const workflowRow = {
  id: 'w1', organization_id: 'acme', name: 'Hand-over', status: 'draft', trigger_type: 'contact_created', trigger_value: null,
  published_version_id: null, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  automation_workflow_versions: [{ version: 1, state: 'draft', graph }],
};
const members = [
  { user_id: 'u-sam', first_name: 'Sam', last_name: 'Sales', email: 'sam@acme.test', marketing_role: null, last_active: null, access_role: 'member', joined_at: '2026-01-01T00:00:00Z' },
];

const endpoints = [
  { id: 'e-crm', organization_id: 'acme', url_origin: 'https://hooks.crm.test', description: 'CRM', events: ['content.published'], enabled: true, created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
];

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'automation_workflows' && call.operation === 'select') return { data: [workflowRow], error: null };
  if (call.table === 'rpc:automation_workflow_counts') return { data: [], error: null };
  if (call.table === 'rpc:workspace_members') return { data: members, error: null };
  if (call.table === 'email_templates' && call.operation === 'select') return { data: [], error: null };
  if (call.table === 'webhook_endpoints' && call.operation === 'select') return { data: endpoints, error: null };
  if (call.table === 'email_lists' && call.operation === 'select') return { data: [{ id: 'l-news', name: 'Newsletter' }], error: null };
  if (call.table === 'rpc:save_automation_draft') return { data: { version: 2, state: 'draft' }, error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'member' }]);
}

const savedGraph = () => (fake.calls.find((entry) => entry.table === 'rpc:save_automation_draft')?.values as { graph: WorkflowGraph }).graph;

async function openEditor() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/marketing/automation', element: <AuthProvider><AutomationPage /></AuthProvider> }], '/marketing/automation');
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit “Hand-over”' });
  return { user, dialog };
}

async function addStep(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, kind: string) {
  await user.selectOptions(within(dialog).getByLabelText('Kind of step'), kind);
  await user.selectOptions(within(dialog).getByLabelText('Place it after'), '0');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
}

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('the step list with a screen reader', () => {
  it('names each step’s fields by the step: its “Tag” or “Then go to” is heard as that step’s', async () => {
    const { dialog } = await openEditor();
    const first = within(dialog).getByRole('group', { name: 'Step 1 (tag): Add tag “new”' });
    expect(within(first).getByLabelText('Tag')).toHaveValue('new');
    expect(within(first).getByLabelText('Then go to')).toHaveValue('done');
    expect(within(dialog).getByRole('group', { name: 'Step 2 (done): End' })).toBeInTheDocument();
  });
});

describe('the step editor’s newer kinds of step', () => {
  it('change owner: a labelled choice of the workspace’s members, added and set with the keyboard', async () => {
    const { user, dialog } = await openEditor();
    await addStep(user, dialog, 'set_owner');
    const heading = within(dialog).getByRole('heading', { name: /Step 2 \(set-owner-1\)/ });
    expect(heading).toHaveFocus();
    expect(heading).toHaveTextContent('Change the contact’s owner');
    const step = heading.closest('li')!;
    const newOwner = within(step).getByLabelText('New owner');
    expect(newOwner).toHaveValue('');
    await screen.findByRole('option', { name: 'Sam Sales' });
    newOwner.focus();
    await user.selectOptions(newOwner, 'Sam Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(savedGraph().steps[1]).toEqual({ id: 'set-owner-1', type: 'set_owner', member: 'u-sam', next: 'done' });
  });

  it('the goal: none, a lifecycle stage or a tag, chosen with labelled fields and saved with the graph', async () => {
    const { user, dialog } = await openEditor();
    const goal = within(dialog).getByLabelText('Goal');
    expect(goal).toHaveValue('none');
    expect(goal).toHaveAccessibleDescription('A contact who meets it leaves the workflow at once (counted as a goal conversion).');
    await user.selectOptions(goal, 'Reaches a lifecycle stage');
    expect(within(dialog).getByLabelText('Goal stage')).toHaveValue('customer');
    await user.selectOptions(goal, 'Gets a tag');
    await user.type(within(dialog).getByLabelText('Goal tag'), 'purchased');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(savedGraph().goal).toEqual({ kind: 'tag', tag: 'purchased' });
  });

  it('notify a team member: an “Also send it by e-mail” checkbox, ticked with the keyboard', async () => {
    const { user, dialog } = await openEditor();
    await addStep(user, dialog, 'notify');
    const step = within(dialog).getByRole('heading', { name: /Step 2 \(notify-1\)/ }).closest('li')!;
    const byEmail = within(step).getByRole('checkbox', { name: 'Also send it by e-mail' });
    expect(byEmail).not.toBeChecked();
    byEmail.focus();
    await user.keyboard(' ');
    expect(byEmail).toBeChecked();
    expect(within(dialog).getByRole('heading', { name: /Step 2 \(notify-1\)/ })).toHaveTextContent('Notify the contact’s owner (in the app and by e-mail)');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(savedGraph().steps[1]).toEqual({ id: 'notify-1', type: 'notify', member: 'owner', message: '', email: true, next: 'done' });
  });

  it('a condition on a list or on e-mail engagement: labelled choices, made with the keyboard and saved with the graph', async () => {
    const { user, dialog } = await openEditor();
    await addStep(user, dialog, 'condition');
    const step = within(dialog).getByRole('group', { name: /^Step 2 \(condition-1\)/ });
    await user.selectOptions(within(step).getByLabelText('Checks whether the contact'), 'Is subscribed to a list');
    const list = within(step).getByLabelText('List');
    expect(list).toHaveAccessibleDescription('Yes when the contact’s subscription to this list is confirmed.');
    await screen.findByRole('option', { name: 'Newsletter' });
    await user.selectOptions(list, 'Newsletter');
    expect(within(dialog).getByRole('heading', { name: /Step 2 \(condition-1\)/ })).toHaveTextContent('If subscribed to the chosen list');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(savedGraph().steps[1]).toMatchObject({ type: 'condition', check: { kind: 'list', list_id: 'l-news' } });

    await user.selectOptions(within(step).getByLabelText('Checks whether the contact'), 'Opened or clicked an e-mail lately');
    await user.selectOptions(within(step).getByLabelText('Engagement'), 'Clicked a link in an e-mail');
    const days = within(step).getByLabelText('Within the last (days)');
    await user.clear(days);
    await user.type(days, '14');
    expect(within(dialog).getByRole('heading', { name: /Step 2 \(condition-1\)/ })).toHaveTextContent('If an e-mail was clicked in the last 14 days');
  });

  it('a condition on a contact field: the field, how it compares and the value, chosen with the keyboard and saved', async () => {
    const { user, dialog } = await openEditor();
    await addStep(user, dialog, 'condition');
    const step = within(dialog).getByRole('group', { name: /^Step 2 \(condition-1\)/ });
    const heading = () => within(dialog).getByRole('heading', { name: /Step 2 \(condition-1\)/ });
    await user.selectOptions(within(step).getByLabelText('Checks whether the contact'), 'Has a field value');
    await user.selectOptions(within(step).getByLabelText('Field'), 'Job title');
    await user.selectOptions(within(step).getByLabelText('Compared by'), 'Contains');
    await user.type(within(step).getByLabelText('Value'), 'CTO');
    expect(heading()).toHaveTextContent('If the job title contains “CTO”');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(savedGraph().steps[1]).toMatchObject({ type: 'condition', check: { kind: 'field', field: 'job_title', op: 'contains', value: 'CTO' } });
  });

  it('a condition on a contact field offers the operators and the value fit for each field: a score, a member, nothing', async () => {
    const { user, dialog } = await openEditor();
    await addStep(user, dialog, 'condition');
    const step = within(dialog).getByRole('group', { name: /^Step 2 \(condition-1\)/ });
    const heading = () => within(dialog).getByRole('heading', { name: /Step 2 \(condition-1\)/ });
    await user.selectOptions(within(step).getByLabelText('Checks whether the contact'), 'Has a field value');
    await user.selectOptions(within(step).getByLabelText('Field'), 'Lead score');
    const operators = within(within(step).getByLabelText('Compared by')).getAllByRole('option').map((option) => option.textContent);
    expect(operators).toEqual(['Is above', 'Is below', 'Is', 'Is not']);
    await user.clear(within(step).getByLabelText('Value'));
    await user.type(within(step).getByLabelText('Value'), '70');
    expect(heading()).toHaveTextContent('If the lead score is 70');
    await user.selectOptions(within(step).getByLabelText('Compared by'), 'Is above');
    expect(heading()).toHaveTextContent('If the lead score is above 70');

    await user.selectOptions(within(step).getByLabelText('Field'), 'Owner');
    await screen.findByRole('option', { name: 'Sam Sales' });
    await user.selectOptions(within(step).getByLabelText('Value'), 'Sam Sales');
    expect(within(step).getByLabelText('Value')).toHaveValue('u-sam');
    await user.selectOptions(within(step).getByLabelText('Field'), 'Phone number');
    expect(within(step).queryByLabelText('Value')).toBeNull();
    expect(heading()).toHaveTextContent('If the phone number is set');
  });

  it('call a webhook: a labelled choice of the workspace’s webhook endpoints, made with the keyboard', async () => {
    const { user, dialog } = await openEditor();
    await addStep(user, dialog, 'webhook');
    const heading = within(dialog).getByRole('heading', { name: /Step 2 \(webhook-1\)/ });
    expect(heading).toHaveTextContent('Call a webhook');
    const step = heading.closest('li')!;
    await screen.findByRole('option', { name: 'CRM (https://hooks.crm.test)' });
    const endpoint = within(step).getByLabelText('Webhook endpoint');
    expect(endpoint).toHaveValue('');
    endpoint.focus();
    await user.selectOptions(endpoint, 'CRM (https://hooks.crm.test)');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(savedGraph().steps[1]).toEqual({ id: 'webhook-1', type: 'webhook', endpoint_id: 'e-crm', next: 'done' });
  });
});
