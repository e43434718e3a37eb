import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentHub } from '@/features/content/components/content-hub';
import type { ContentItem } from '@/features/content/utils/content-form';
import { AuthProvider } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { fakeSession, type FakeResult, type FakeSupabase, type QueryCall, workspaceRows } from '@/testing/fake-supabase';
import { renderRoutes } from '@/testing/render';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

const fake = (supabase as unknown as { fake: FakeSupabase }).fake;

/** The user's workspaces (role per test: viewers get no way to change anything). */
let workspaces: { id: string; name: string; role?: string }[] = [{ id: 'org-1', name: 'Analytical Engines' }];

const profile = {
  id: 'p1',
  user_id: 'user-1',
  organization_id: 'org-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  marketing_role: 'content_marketing_manager',
  last_active: null,
  created_at: '',
  updated_at: '',
};

function item(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 'c1',
    organization_id: 'org-1',
    user_id: 'user-1',
    title: 'Launch post',
    content_type: 'blog_post',
    status: 'review',
    content: 'Body',
    excerpt: 'x'.repeat(120),
    featured_image_url: null,
    tags: ['seo', 'launch'],
    seo_title: null,
    seo_description: null,
    created_at: '2026-06-01T12:00:00.000000+00:00',
    updated_at: '2026-06-01T12:00:00.000000+00:00',
    planned_publish_at: null,
    published_at: null,
    ...overrides,
  };
}

let rows: ContentItem[];
/** Answers content_items writes; undefined → success. */
let onWrite: ((call: QueryCall) => FakeResult | Promise<FakeResult> | undefined) | undefined;
let onList: ((call: QueryCall) => FakeResult | Promise<FakeResult> | undefined) | undefined;

function respond(call: QueryCall): FakeResult | Promise<FakeResult> | undefined {
  if (call.table === 'profiles') return { data: profile, error: null };
  const workspace = workspaceRows(call, workspaces);
  if (workspace) return workspace;
  if (call.table === 'rpc:content_overview') return { data: { published_this_month: 0, published_last_month: 0, in_review: 0, drafts: rows.length, scheduled_next_7_days: 0, overdue: 0 }, error: null };
  if (call.table !== 'content_items') return undefined;
  // The calendar and the overview read content items too; these tests are about the list.
  if (call.operation === 'select' && call.columns !== '*') return { data: rows.slice(0, call.limit ?? rows.length), error: null };
  if (call.operation === 'select') return onList?.(call) ?? { data: rows, error: null };
  const answer = onWrite?.(call);
  if (answer) return answer;
  // Update and delete return the ids of the rows they changed.
  if (call.operation === 'update' || call.operation === 'delete') return { data: [{ id: call.filters[0]![1] }], error: null };
  return { data: null, error: null };
}

const listCalls = () => fake.calls.filter((call) => call.table === 'content_items' && call.operation === 'select' && call.columns === '*');
const writeCall = (operation: QueryCall['operation']) => fake.calls.find((call) => call.table === 'content_items' && call.operation === operation);

function renderHub() {
  return renderRoutes([{ path: '/marketing/content', element: <AuthProvider><ContentHub /></AuthProvider> }], '/marketing/content');
}

async function itemsCard() {
  return (await screen.findByRole('heading', { name: 'Content Items' })).closest('.rounded-lg') as HTMLElement;
}

beforeEach(() => {
  fake.reset();
  rows = [item()];
  workspaces = [{ id: 'org-1', name: 'Analytical Engines' }];
  localStorage.clear();
  onWrite = undefined;
  onList = undefined;
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('Content Items list', () => {
  it("loads the organization's items newest first, one page (+1 to know if there is more)", async () => {
    renderHub();
    await screen.findByText('Launch post');
    expect(listCalls()[0]).toMatchObject({
      columns: '*',
      filters: [['organization_id', 'org-1']],
      order: [['created_at', false], ['id', false]],
      limit: 51,
    });
  });

  it('shows a loading state until the items arrive', async () => {
    onList = () => new Promise<FakeResult>(() => {});
    renderHub();
    expect(await within(await itemsCard()).findByRole('status')).toHaveTextContent('Loading content items...');
  });

  it('shows title with the excerpt cut to 100 characters, type, status badge, created date, edit and delete', async () => {
    rows = [item(), item({ id: 'c2', title: 'Whitepaper', content_type: 'whitepaper', status: 'archived', excerpt: null })];
    renderHub();
    const table = await screen.findByRole('table');
    const [header, first, second] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Type', 'Status', 'Created', 'Actions']);
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(`Launch post${'x'.repeat(100)}...`);
    expect(cells[1]).toHaveTextContent('Blog Post');
    expect(within(cells[2]!).getByText('In Review')).toHaveClass('bg-yellow-100');
    expect(cells[3]).toHaveTextContent(new Date('2026-06-01T12:00:00Z').toLocaleDateString());
    expect(within(cells[4]!).getByRole('button', { name: 'Edit Launch post' })).toBeInTheDocument();
    expect(within(cells[4]!).getByRole('button', { name: 'Delete Launch post' })).toBeInTheDocument();
    expect(within(second!).getByText('Archived')).toHaveClass('bg-red-100');
    expect(within(second!).getAllByRole('cell')[0]).toHaveTextContent(/^Whitepaper$/);
  });

  it("shows the empty state, whose 'Create Your First Content' opens the dialog with the defaults", async () => {
    rows = [];
    renderHub();
    const card = await itemsCard();
    expect(await within(card).findByRole('heading', { name: 'No content items yet' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Create Your First Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    expect(within(dialog).getByRole('combobox', { name: 'Content Type' })).toHaveTextContent('Article');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Draft');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it("says 'Error loading content items' with a retry that loads them", async () => {
    onList = () => ({ data: null, error: { message: 'connection refused' } });
    renderHub();
    const alert = await within(await itemsCard()).findByRole('alert');
    expect(alert).toHaveTextContent('Error loading content items');
    // Plain words, not the server's text.
    expect(alert).toHaveTextContent('The server could not send it just now. Nothing was lost: try again in a moment.');
    expect(alert).not.toHaveTextContent('connection refused');
    onList = undefined;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Launch post')).toBeInTheDocument();
  });

  it('loads the next page after the last row shown', async () => {
    rows = Array.from({ length: 51 }, (_, index) =>
      item({ id: `c${index}`, title: `Item ${index}`, created_at: `2026-06-01T12:00:${String(59 - index).padStart(2, '0')}+00:00` }),
    );
    renderHub();
    await screen.findByText('Item 49');
    expect(screen.queryByText('Item 50')).not.toBeInTheDocument();
    onList = () => ({ data: [item({ id: 'c50', title: 'Item 50' })], error: null });
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Item 50')).toBeInTheDocument();
    expect(listCalls()[1]!.filters).toEqual([
      ['organization_id', 'org-1'],
      ['created_at', 'lte.2026-06-01T12:00:10+00:00'],
      ['or', 'created_at.lt."2026-06-01T12:00:10+00:00",id.lt."c49"'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });
  it('keeps the rows shown when a later page fails, says so, and lets the user try again', async () => {
    rows = Array.from({ length: 51 }, (_, index) => item({ id: `c${index}`, title: `Item ${index}` }));
    renderHub();
    await screen.findByText('Item 49');
    onList = () => ({ data: null, error: { message: 'connection refused' } });
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await within(await itemsCard()).findByRole('alert')).toHaveTextContent('Error loading content items. The server could not send it just now.');
    expect(screen.getByText('Item 0')).toBeInTheDocument();
    onList = () => ({ data: [item({ id: 'c50', title: 'Item 50' })], error: null });
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Item 50')).toBeInTheDocument();
    expect(within(await itemsCard()).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('access roles and workspaces', () => {
  it('gives a viewer the items and no way to change them: no create, edit or delete anywhere', async () => {
    workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }];
    renderHub();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Type', 'Status', 'Created']);
    expect(screen.getByText('Launch post')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create|Edit|Delete/ })).toBeNull();
  });

  it('tells a viewer of an empty workspace that nothing was written, without a create prompt', async () => {
    workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }];
    rows = [];
    renderHub();
    expect(await screen.findByText('Nobody has written content in this workspace yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Your First Content' })).toBeNull();
  });

  it('lists the items of the workspace this browser remembers', async () => {
    workspaces = [{ id: 'org-1', name: 'Analytical Engines' }, { id: 'org-2', name: 'Babbage & Co', role: 'member' }];
    localStorage.setItem('bb-current-workspace:user-1', 'org-2');
    renderHub();
    await screen.findByText('Launch post');
    expect(listCalls().map((call) => call.filters[0])).toEqual([['organization_id', 'org-2']]);
  });
});

describe('content dialog', () => {
  it("creates an item with the user's id and organization, says so, closes and reloads the list", async () => {
    const success = vi.spyOn(toast, 'success');
    renderHub();
    await screen.findByText('Launch post');
    await userEvent.click(screen.getByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Ten ways to measure ROI ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'roi, , analytics ,');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Featured Image URL' }), 'https://example.com/roi.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Content created successfully!'));
    expect(writeCall('insert')!.values).toEqual({
      title: 'Ten ways to measure ROI',
      content_type: 'article',
      status: 'draft',
      content: null,
      excerpt: null,
      featured_image_url: 'https://example.com/roi.png',
      tags: ['roi', 'analytics'],
      seo_title: null,
      seo_description: null,
      planned_publish_at: null,
      user_id: 'user-1',
      organization_id: 'org-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('a double click on Save Content inserts once (the second click arrives before the button is disabled)', async () => {
    const success = vi.spyOn(toast, 'success');
    renderHub();
    await screen.findByText('Launch post');
    await userEvent.click(screen.getByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Once');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Content created successfully!'));
    expect(fake.calls.filter((call) => call.table === 'content_items' && call.operation === 'insert')).toHaveLength(1);
    expect(success).toHaveBeenCalledTimes(1);
  });

  it("shows 'Saving...' while saving and cannot be closed meanwhile", async () => {
    let finish: (result: FakeResult) => void = () => {};
    onWrite = () => new Promise<FakeResult>((resolve) => (finish = resolve));
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    const saving = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Create Content' })).toBeInTheDocument();
    finish({ data: null, error: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with everything typed when saving fails: 'Error saving content', 'Please try again'", async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    onWrite = () => ({ data: null, error: { message: 'TypeError: Failed to fetch' } });
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Unsaved title');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Excerpt' }), 'Unsaved excerpt');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'Long body');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'a, b');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'SEO Title' }), 'Seo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));

    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error saving content', { description: 'Please try again' }));
    expect(screen.getByRole('dialog', { name: 'Create Content' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Unsaved title');
    expect(within(dialog).getByRole('textbox', { name: 'Excerpt' })).toHaveValue('Unsaved excerpt');
    expect(within(dialog).getByRole('textbox', { name: 'Content' })).toHaveValue('Long body');
    expect(within(dialog).getByRole('textbox', { name: 'Tags' })).toHaveValue('a, b');
    expect(within(dialog).getByRole('textbox', { name: 'SEO Title' })).toHaveValue('Seo');
    expect(within(dialog).getByRole('button', { name: 'Save Content' })).toBeEnabled();
  });

  it('requires a title and a valid image URL before sending anything', async () => {
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Featured Image URL' }), 'example.com/a.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    const alerts = within(dialog).getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Title is required', 'Enter a valid URL starting with http:// or https://']);
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveFocus());
    expect(writeCall('insert')).toBeUndefined();
  });

  it('counts SEO title characters against the recommended 60 and says so in words past it', async () => {
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    const seoTitle = within(dialog).getByRole('textbox', { name: 'SEO Title' });
    expect(seoTitle).toHaveAccessibleDescription('0/60 characters recommended');
    await userEvent.type(seoTitle, 'x'.repeat(61));
    expect(seoTitle).toHaveAccessibleDescription('61/60 characters recommended Longer than recommended: search results may cut it off.');
    // Announced once as it appears; the SEO description's region stays silent.
    expect(within(dialog).getAllByRole('status').map((region) => region.textContent)).toEqual(['Longer than recommended: search results may cut it off.', '']);
    await userEvent.type(seoTitle, '{Backspace}');
    expect(seoTitle).toHaveAccessibleDescription('60/60 characters recommended');
  });

  it('refuses a tag longer than 50 characters next to the field, sending nothing', async () => {
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Tagged');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), `seo, ${'y'.repeat(51)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Keep each tag to 50 characters or fewer');
    expect(writeCall('insert')).toBeUndefined();
  });

  it('edits an item: its values (tags as text), an update by id, the toast', async () => {
    const success = vi.spyOn(toast, 'success');
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Launch post');
    expect(within(dialog).getByRole('textbox', { name: 'Tags' })).toHaveValue('seo, launch');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Review');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Tags' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'seo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Content updated successfully!'));
    expect(writeCall('update')).toMatchObject({ filters: [['id', 'c1']], returning: 'id', values: { title: 'Launch post', tags: ['seo'], status: 'review' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives focus back to the Edit button it was opened from, after Escape and after a save', async () => {
    renderHub();
    const editButton = await screen.findByRole('button', { name: 'Edit Launch post' });
    await userEvent.click(editButton);
    await screen.findByRole('dialog', { name: 'Edit Content' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(editButton).toHaveFocus());
    await userEvent.click(editButton);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(editButton).toHaveFocus());
  });

  it('says so when the item was deleted meanwhile, and reloads the list', async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    onWrite = (call) => (call.operation === 'update' ? { data: [], error: null } : undefined);
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Content' });
    rows = [];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Content' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error saving content', { description: 'This content item no longer exists.' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });
});

describe('deleting', () => {
  it('asks first, in an alert dialog; Cancel deletes nothing', async () => {
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Launch post' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this content item?' });
    expect(confirm).toHaveTextContent('Launch post');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writeCall('delete')).toBeUndefined();
  });

  it("deletes by id on confirmation: 'Content item deleted successfully!' and the list reloads", async () => {
    const success = vi.spyOn(toast, 'success');
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Launch post' }));
    const confirm = await screen.findByRole('alertdialog');
    rows = [];
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Content item deleted successfully!'));
    expect(writeCall('delete')).toMatchObject({ filters: [['id', 'c1']], returning: 'id' });
    expect(await screen.findByRole('heading', { name: 'No content items yet' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("moves focus to the list's heading once the deleted row's button is gone; Cancel returns it to that button", async () => {
    renderHub();
    const deleteButton = await screen.findByRole('button', { name: 'Delete Launch post' });
    await userEvent.click(deleteButton);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteButton).toHaveFocus());
    await userEvent.click(deleteButton);
    rows = [];
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Content Items' })).toHaveFocus());
    await screen.findByRole('heading', { name: 'No content items yet' });
    expect(screen.getByRole('heading', { name: 'Content Items' })).toHaveFocus();
  });

  it('says so when the item was already deleted (nothing deleted), and reloads the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    onWrite = (call) => (call.operation === 'delete' ? { data: [], error: null } : undefined);
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Launch post' }));
    rows = [];
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting content item', { description: 'This content item no longer exists.' }));
    expect(success).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'No content items yet' })).toBeInTheDocument();
    expect(listCalls()).toHaveLength(2);
  });

  it("shows the destructive 'Error deleting content item' toast when it fails, keeping the row", async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    onWrite = () => ({ data: null, error: { message: 'permission denied' } });
    renderHub();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Launch post' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting content item', { description: 'Please try again' }));
    expect(screen.getByText('Launch post')).toBeInTheDocument();
  });
});

describe('the rest of the hub', () => {
  it('a workspace without items: marked sample overview and calendar with a prompt; performance stays a marked sample', async () => {
    rows = [];
    renderHub();
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Content Overview/ })).getByText('Sample data')).toBeInTheDocument());
    const overview = screen.getByRole('region', { name: /Content Overview/ });
    expect(within(overview).getByText('Create your first content item to see your own.', { exact: false })).toBeInTheDocument();
    expect(within(overview).getByRole('heading', { name: 'Editorial Calendar' })).toBeInTheDocument();
    const performance = screen.getByRole('region', { name: /Content Performance/ });
    expect(within(performance).getByText('Sample data')).toBeInTheDocument();
  });

  it('counts the workspace’s own items, and the quick actions create and schedule content', async () => {
    renderHub();
    const overview = await screen.findByRole('region', { name: 'Content Overview' });
    expect(await within(overview).findByText('Drafts')).toBeInTheDocument();
    expect(within(overview).queryByText('Sample data')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule Publishing' }));
    expect(await screen.findByRole('dialog', { name: 'Schedule Publishing' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Content' }));
    expect(await screen.findByRole('dialog', { name: 'Create Content' })).toBeInTheDocument();
  });
});
