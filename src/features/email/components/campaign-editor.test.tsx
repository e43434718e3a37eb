import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CampaignsPanel } from '@/features/email/components/campaigns-panel';
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
let save: () => FakeResult;
const draft = {
  id: 'c-draft', name: 'Spring draft', subject: 'Hello spring', preheader: '', status: 'draft', list_ids: ['l-news'], template_id: null,
  blocks: [{ type: 'heading', text: 'Spring is here', level: 1 }, { type: 'text', markdown: 'Old words' }],
  scheduled_at: null, started_at: null, finished_at: null, paused_reason: null, recipients_total: null, sent_count: 0, failed_count: 0, unconfirmed_count: 0, created_at: '2026-01-01T00:00:00Z',
};
const lists = [
  { id: 'l-news', name: 'Newsletter', description: '', opt_in: 'single', form_enabled: false, form_token: 'f1', welcome_enabled: false, welcome_template_id: null },
  { id: 'l-vip', name: 'VIP', description: '', opt_in: 'double', form_enabled: false, form_token: 'f2', welcome_enabled: false, welcome_template_id: null },
];

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: { user_id: 'user-1', first_name: 'Me' }, error: null };
  if (call.table === 'email_campaigns' && call.operation === 'select') return { data: [draft], error: null };
  if (call.table === 'email_campaigns') return save();
  if (call.table === 'email_lists' && call.operation === 'select') return { data: lists, error: null };
  if (call.table === 'rpc:email_list_counts') return { data: [{ list_id: 'l-news', confirmed: 12, pending: 0, unsubscribed: 0 }], error: null };
  if (call.table === 'email_templates' && call.operation === 'select') return { data: [], error: null };
  if (call.table.startsWith('rpc:')) return { data: [], error: null };
  return workspaceRows(call, [{ id: 'acme', name: 'Acme', role: 'member' }]);
}

const renderPanel = () =>
  renderRoutes([{ path: '/', element: <AuthProvider><CampaignsPanel workerAlive /><Toaster /></AuthProvider> }], '/');

const writes = () => fake.calls.filter((call) => call.table === 'email_campaigns' && call.operation !== 'select');

beforeEach(() => {
  fake.reset();
  localStorage.clear();
  save = () => ({ data: { id: 'c-new' }, error: null });
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('Campaign editor', () => {
  it('the block editor adds, edits and removes blocks with the keyboard, and Save updates the draft with them', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit: Spring draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    expect(within(dialog).getByLabelText('Heading 1: Heading text')).toHaveValue('Spring is here');

    // Add a text block at the end: focus the button and press Enter.
    within(dialog).getByRole('button', { name: 'Add block' }).focus();
    await user.keyboard('{Enter}');
    const added = within(dialog).getByLabelText('Text 3: Text');
    await user.click(added);
    await user.keyboard('New paragraph');
    expect(added).toHaveValue('New paragraph');

    // Edit the first text block.
    const old = within(dialog).getByLabelText('Text 2: Text');
    await user.clear(old);
    await user.type(old, 'Fresh words');

    // Remove the heading with the keyboard: the blocks renumber.
    within(dialog).getByRole('button', { name: 'Remove: Heading 1' }).focus();
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByLabelText('Heading 1: Heading text')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Text 1: Text')).toHaveValue('Fresh words');
    expect(within(dialog).getByLabelText('Text 2: Text')).toHaveValue('New paragraph');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    const [call] = writes();
    expect(call!.operation).toBe('update');
    expect(call!.filters).toContainEqual(['id', 'c-draft']);
    expect(call!.values).toEqual({
      name: 'Spring draft', subject: 'Hello spring', preheader: '', list_ids: ['l-news'], template_id: null,
      blocks: [{ type: 'text', markdown: 'Fresh words' }, { type: 'text', markdown: 'New paragraph' }],
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Campaign' })).not.toBeInTheDocument());
  });

  it('a new campaign is inserted into the workspace with its name, subject and chosen lists', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Campaign' });
    await user.type(within(dialog).getByLabelText('Campaign name'), 'June news');
    await user.type(within(dialog).getByLabelText('Subject'), 'What is new in June');
    const vip = await within(dialog).findByText('VIP');
    await user.click(within(vip.closest('label')!).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    const [call] = writes();
    expect(call!.operation).toBe('insert');
    expect(call!.values).toMatchObject({ organization_id: 'acme', name: 'June news', subject: 'What is new in June', list_ids: ['l-vip'], template_id: null });
  });

  it('without a name it does not save and says why', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give it a name')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('a refusal from the server is shown and the dialog keeps what was typed', async () => {
    save = () => ({ data: null, error: { code: 'P0001', message: 'Some of these lists do not exist in this workspace.' } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Campaign' });
    await user.type(within(dialog).getByLabelText('Campaign name'), 'June news');
    await user.type(within(dialog).getByLabelText('Subject'), 'What is new in June');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some of these lists do not exist in this workspace.')).toBeInTheDocument();
    expect(screen.getByText('Could not save the campaign')).toBeInTheDocument();
    const still = screen.getByRole('dialog', { name: 'Create Campaign' });
    expect(within(still).getByLabelText('Campaign name')).toHaveValue('June news');
    expect(within(still).getByLabelText('Subject')).toHaveValue('What is new in June');
    expect(within(still).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
