import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;
let myRole: string;
let workspaceZone: string | undefined;
let workflows: unknown[];
let publish: () => FakeResult;
const emailTemplates = [
  { id: 't-welcome', name: 'Welcome (brand)', subject: 'Welcome', preheader: '', blocks: [], updated_at: '2026-01-02T00:00:00Z' },
  { id: 't-offer', name: 'Spring offer', subject: 'Offer', preheader: '', blocks: [], updated_at: '2026-01-01T00:00:00Z' },
];
const emailLists = [
  { id: 'l-news', name: 'Newsletter', description: null, opt_in: 'double', form_enabled: true, form_token: 'tok', welcome_enabled: false, welcome_template_id: null },
];

const hotLead = workflowTemplates.find((template) => template.id === 'hot_lead_alert')!;
const workflowRow = {
  id: 'w1', organization_id: 'acme', name: 'Hot-lead alert to the owner', status: 'published', trigger_type: 'score_band_entered', trigger_value: 'hot',
  published_version_id: 'v1', created_by: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  automation_workflow_versions: [{ version: 1, state: 'published', graph: hotLead.graph }],
};
const counts = [{ workflow_id: 'w1', entered: 12, active: 3, finished: 6, exited: 2, failed: 1, goals: 2, at_step: { 'tell-owner': 3 } }];

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'automation_workflows' && call.operation === 'select') return { data: workflows, error: null };
  if (call.table === 'automation_workflows' && call.operation === 'delete') return { data: [{ id: 'w1' }], error: null };
  if (call.table === 'rpc:automation_workflow_counts') return { data: workflows.length ? counts : [], error: null };
  if (call.table === 'rpc:workspace_members') return { data: [], error: null };
  if (call.table === 'email_templates' && call.operation === 'select') return { data: emailTemplates, error: null };
  if (call.table === 'email_lists' && call.operation === 'select') return { data: emailLists, error: null };
  if (call.table === 'rpc:email_list_counts') return { data: [], error: null };
  if (call.table === 'email_campaigns' && call.operation === 'select') return { data: [{ id: 'c-spring', name: 'Spring news', status: 'sent', blocks: [] }], error: null };
  if (call.table === 'rpc:create_automation_workflow') return { data: { ...workflowRow, status: 'draft' }, error: null };
  if (call.table === 'rpc:save_automation_draft') return { data: { version: 2, state: 'draft' }, error: null };
  if (call.table === 'rpc:publish_automation_workflow') return publish();
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: myRole, timeZone: workspaceZone }]);
}

const renderPage = () => renderRoutes([{ path: '/marketing/automation', element: <AuthProvider><AutomationPage /></AuthProvider> }], '/marketing/automation');

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  myRole = 'member';
  workspaceZone = undefined;
  workflows = [];
  publish = () => ({ data: workflowRow, error: null });
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

/** Opens the editor of the hot-lead workflow and adds a wait "until a weekday and hour" as its second step. */
async function addWaitUntil() {
    workflows = [workflowRow];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Hot-lead alert to the owner”' });
    await user.selectOptions(within(dialog).getByLabelText('Kind of step'), 'wait');
    await user.selectOptions(within(dialog).getByLabelText('Place it after'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const step = within(dialog).getByRole('heading', { name: /Step 2 \(wait-1\)/ }).closest('li')!;
    await user.selectOptions(within(step).getByLabelText('Wait'), 'until');
  return { user, dialog, step };
}

describe('/marketing/automation', () => {
  it('without workflows: sample figures, marked; a template creates a draft through the database', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No workflows yet')).toBeInTheDocument();
    expect(screen.getByText('Sample data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use template: Welcome series' }));
    const call = fake.calls.find((entry) => entry.table === 'rpc:create_automation_workflow');
    expect(call?.values).toMatchObject({ workspace_id: 'acme', name: 'Welcome series', graph: { trigger: { type: 'tag_added', tag: 'newsletter' } } });
  });

  it('shows each workflow’s runs from the counts, and the figures from them', async () => {
    workflows = [workflowRow];
    renderPage();
    const list = await screen.findByRole('region', { name: 'Workflows' });
    const card = (await within(list).findByRole('heading', { name: 'Hot-lead alert to the owner' })).closest('li')!;
    expect(within(card).getByText('Published')).toBeInTheDocument();
    expect(within(card).getByText('Entered').nextSibling).toHaveTextContent('12');
    expect(within(card).getByText('Failed').nextSibling).toHaveTextContent('1');
    expect(await within(card).findByText('Notify the contact’s owner: 3')).toBeInTheDocument();
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument();
    expect(screen.getByText('Contacts in progress').closest('li')).toHaveTextContent('3');
    // Goal conversions: runs that exited because the contact met the workflow's goal.
    expect(within(card).getByText('Met the goal').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Goal conversions').closest('li')).toHaveTextContent('2');
  });

  it('a paused workflow shows how many runs are on hold, and Resume lets them go on', async () => {
    workflows = [{ ...workflowRow, status: 'paused' }];
    fake.respondWith((call) => (call.table === 'rpc:set_automation_workflow_paused' ? { data: { ...workflowRow, status: 'published' }, error: null } : respond(call)));
    renderPage();
    const list = await screen.findByRole('region', { name: 'Workflows' });
    const card = (await within(list).findByRole('heading', { name: 'Hot-lead alert to the owner' })).closest('li')!;
    expect(within(card).getByText('Paused')).toBeInTheDocument();
    expect(await within(card).findByText('3 runs on hold')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(fake.calls.some((call) => call.table === 'rpc:set_automation_workflow_paused')).toBe(true));
    expect(fake.calls.find((call) => call.table === 'rpc:set_automation_workflow_paused')!.values).toEqual({ workflow_id: 'w1', paused: false });
  });

  it('a published workflow shows no runs on hold', async () => {
    workflows = [workflowRow];
    renderPage();
    const list = await screen.findByRole('region', { name: 'Workflows' });
    await within(list).findByText('Notify the contact’s owner: 3');
    expect(within(list).queryByText(/on hold/)).not.toBeInTheDocument();
  });

  it('deletes a workflow only after its confirmation (loaded when first opened), and Cancel deletes nothing', async () => {
    workflows = [workflowRow];
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('region', { name: 'Workflows' });
    const card = (await within(list).findByRole('heading', { name: 'Hot-lead alert to the owner' })).closest('li')!;
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete “Hot-lead alert to the owner”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.calls.some((call) => call.operation === 'delete')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete “Hot-lead alert to the owner”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const deleted = fake.calls.find((call) => call.table === 'automation_workflows' && call.operation === 'delete');
    expect(deleted?.filters).toContainEqual(['id', 'w1']);
  });

  it('edits with the keyboard-only step list, and a refused publish says which step and focuses it', async () => {
    workflows = [workflowRow];
    publish = () => ({ data: null, error: { code: 'P0001', details: 'missing_branch', hint: 'tag-hot', message: 'Step “tag-hot”: choose the step that comes next (or an end step).' } as FakeResult['error'] });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Hot-lead alert to the owner”' });
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Step 1 (tag-hot): Add tag “hot-lead”', 'Step 2 (tell-owner): Notify the contact’s owner', 'Step 3 (done): End',
    ]);

    // Add a wait after step 1 with the keyboard: kind, place, Add; the new step takes the focus and sits in the run.
    await user.selectOptions(within(dialog).getByLabelText('Kind of step'), 'wait');
    await user.selectOptions(within(dialog).getByLabelText('Place it after'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const added = within(dialog).getByRole('heading', { name: /Step 2 \(wait-1\)/ });
    expect(added).toHaveFocus();
    expect(within(dialog).getByRole('heading', { name: /Step 1 \(tag-hot\)/ }).closest('li')!).toHaveTextContent('Then go to');
    await user.click(within(dialog).getByRole('button', { name: 'Move step 2 down' }));
    expect(within(dialog).getByRole('heading', { name: /Step 3 \(wait-1\)/ })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Step “tag-hot”: choose the step that comes next');
    expect(alert.closest('li')).toHaveAttribute('aria-invalid', 'true');
    expect(within(alert.closest('li')!).getByRole('heading', { level: 4 })).toHaveFocus();
    const saved = fake.calls.find((entry) => entry.table === 'rpc:save_automation_draft');
    expect((saved?.values as { graph: { steps: { id: string }[] } }).graph.steps.map((step) => step.id)).toEqual(['tag-hot', 'tell-owner', 'wait-1', 'done']);
  });

  it('an e-mail step sends an Email Platform template chosen from the workspace’s, or the text written in it', async () => {
    const mailStep = { id: 'mail', type: 'send_email', subject: 'Hello', body: 'Hi there', next: 'done' };
    workflows = [{ ...workflowRow, automation_workflow_versions: [{ version: 1, state: 'published', graph: { ...hotLead.graph, steps: [mailStep, { id: 'done', type: 'end' }] } }] }];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Hot-lead alert to the owner”' });
    const step = within(dialog).getByRole('heading', { name: /Step 1 \(mail\)/ }).closest('li')!;
    expect(within(step).getByLabelText('Subject')).toHaveValue('Hello');

    await user.selectOptions(within(step).getByLabelText('The e-mail'), 'template');
    const template = within(step).getByLabelText('Template');
    expect(template).toHaveValue('t-welcome');
    expect(within(step).queryByLabelText('Subject')).not.toBeInTheDocument();
    await user.selectOptions(template, 'Spring offer');
    expect(within(dialog).getByRole('heading', { name: /Step 1 \(mail\)/ })).toHaveTextContent('Send template “Spring offer”');

    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    const saved = fake.calls.find((entry) => entry.table === 'rpc:save_automation_draft');
    expect((saved?.values as { graph: { steps: unknown[] } }).graph.steps[0]).toEqual({ ...mailStep, template_id: 't-offer' });

    // Back to the text written here: nothing of it was lost.
    await user.selectOptions(within(step).getByLabelText('The e-mail'), 'inline');
    expect(within(step).getByLabelText('Subject')).toHaveValue('Hello');
    expect(within(step).getByLabelText(/^Text/)).toHaveValue('Hi there');
  });

  it('a workflow can start when a contact subscribes to one of the workspace’s lists', async () => {
    workflows = [workflowRow];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Hot-lead alert to the owner”' });
    await user.selectOptions(within(dialog).getByLabelText('Starts when'), 'list_subscribed');
    const list = within(dialog).getByLabelText('List');
    await screen.findByRole('option', { name: 'Newsletter' });
    expect(list).toHaveValue('');
    await user.selectOptions(list, 'Newsletter');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    const saved = fake.calls.find((entry) => entry.table === 'rpc:save_automation_draft');
    expect((saved?.values as { graph: { trigger: unknown } }).graph.trigger).toEqual({ type: 'list_subscribed', list_id: 'l-news' });
  });

  it('a workflow can start on a click in any e-mail or in one campaign’s', async () => {
    workflows = [workflowRow];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Hot-lead alert to the owner”' });
    await user.selectOptions(within(dialog).getByLabelText('Starts when'), 'email_clicked');
    const campaign = within(dialog).getByLabelText('E-mail');
    expect(campaign).toHaveValue('');
    await screen.findByRole('option', { name: 'Spring news' });
    await user.selectOptions(campaign, 'Spring news');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    const saved = fake.calls.find((entry) => entry.table === 'rpc:save_automation_draft');
    expect((saved?.values as { graph: { trigger: unknown } }).graph.trigger).toEqual({ type: 'email_clicked', campaign_id: 'c-spring' });
  });

  it('a wait step can wait until a weekday and hour in a time zone', async () => {
    const { user, dialog, step } = await addWaitUntil();
    await user.selectOptions(within(step).getByLabelText('Day'), 'Friday');
    await user.selectOptions(within(step).getByLabelText('Hour'), '17:00');
    const zone = within(step).getByLabelText(/^Time zone/);
    await user.clear(zone);
    await user.type(zone, 'Europe/Paris');
    expect(within(dialog).getByRole('heading', { name: /Step 2 \(wait-1\)/ })).toHaveTextContent('Wait until Friday at 17:00 (Europe/Paris)');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    const saved = fake.calls.find((entry) => entry.table === 'rpc:save_automation_draft');
    expect((saved?.values as { graph: { steps: unknown[] } }).graph.steps[1]).toEqual({ id: 'wait-1', type: 'wait', until: { weekday: 5, hour: 17 }, time_zone: 'Europe/Paris', next: 'tell-owner' });
  });

  it('a wait until a weekday and hour starts in the workspace’s time zone, and keeps its own in the graph', async () => {
    workspaceZone = 'America/Chicago';
    const { user, dialog, step } = await addWaitUntil();
    expect(within(step).getByLabelText(/^Time zone/)).toHaveValue('America/Chicago');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    const saved = fake.calls.find((entry) => entry.table === 'rpc:save_automation_draft');
    expect((saved?.values as { graph: { steps: unknown[] } }).graph.steps[1]).toMatchObject({ until: { weekday: 1, hour: 9 }, time_zone: 'America/Chicago' });
  });

  it('viewers read the steps and runs, and change nothing', async () => {
    myRole = 'viewer';
    workflows = [workflowRow];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Steps of “Hot-lead alert to the owner”' });
    expect(within(dialog).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remove step/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Use template/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
