import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeResult } from '@/testing/fake-supabase';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHub, fake, item, itemsCard, listCalls, renderHub, resetContentHub } from '@/features/content/testing/content-hub-fixture';
import { contentOverviewBoundaries } from '@/features/content/utils/content-overview-periods';
import { localDay } from '@/lib/periods';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

beforeEach(resetContentHub);

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
    contentHub.onList = () => new Promise<FakeResult>(() => {});
    renderHub();
    expect(await within(await itemsCard()).findByRole('status')).toHaveTextContent('Loading content items...');
  });

  it('shows title with the excerpt cut to 100 characters, type, status badge, created date, edit and delete', async () => {
    contentHub.rows = [item(), item({ id: 'c2', title: 'Whitepaper', content_type: 'whitepaper', status: 'archived', excerpt: null })];
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
    contentHub.rows = [];
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
    contentHub.onList = () => ({ data: null, error: { message: 'connection refused' } });
    renderHub();
    const alert = await within(await itemsCard()).findByRole('alert');
    expect(alert).toHaveTextContent('Error loading content items');
    // Plain words, not the server's text.
    expect(alert).toHaveTextContent('The server could not send it just now. Nothing was lost: try again in a moment.');
    expect(alert).not.toHaveTextContent('connection refused');
    contentHub.onList = undefined;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Launch post')).toBeInTheDocument();
  });

  it('loads the next page after the last row shown', async () => {
    contentHub.rows = Array.from({ length: 51 }, (_, index) =>
      item({ id: `c${index}`, title: `Item ${index}`, created_at: `2026-06-01T12:00:${String(59 - index).padStart(2, '0')}+00:00` }),
    );
    renderHub();
    await screen.findByText('Item 49');
    expect(screen.queryByText('Item 50')).not.toBeInTheDocument();
    contentHub.onList = () => ({ data: [item({ id: 'c50', title: 'Item 50' })], error: null });
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
    contentHub.rows = Array.from({ length: 51 }, (_, index) => item({ id: `c${index}`, title: `Item ${index}` }));
    renderHub();
    await screen.findByText('Item 49');
    contentHub.onList = () => ({ data: null, error: { message: 'connection refused' } });
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await within(await itemsCard()).findByRole('alert')).toHaveTextContent('Error loading content items. The server could not send it just now.');
    expect(screen.getByText('Item 0')).toBeInTheDocument();
    contentHub.onList = () => ({ data: [item({ id: 'c50', title: 'Item 50' })], error: null });
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Item 50')).toBeInTheDocument();
    expect(within(await itemsCard()).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('access roles and workspaces', () => {
  it('gives a viewer the items and no way to change them: no create, edit or delete anywhere', async () => {
    contentHub.workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }];
    renderHub();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Type', 'Status', 'Created']);
    expect(screen.getByText('Launch post')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create|Edit|Delete/ })).toBeNull();
  });

  it('tells a viewer of an empty workspace that nothing was written, without a create prompt', async () => {
    contentHub.workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }];
    contentHub.rows = [];
    renderHub();
    expect(await screen.findByText('Nobody has written content in this workspace yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Your First Content' })).toBeNull();
  });

  it('lists the items of the workspace this browser remembers', async () => {
    contentHub.workspaces = [{ id: 'org-1', name: 'Analytical Engines' }, { id: 'org-2', name: 'Babbage & Co', role: 'member' }];
    localStorage.setItem('bb-current-workspace:user-1', 'org-2');
    renderHub();
    await screen.findByText('Launch post');
    expect(listCalls().map((call) => call.filters[0])).toEqual([['organization_id', 'org-2']]);
  });
});


describe('the rest of the hub', () => {
  it('a workspace without items: marked sample overview and calendar with a prompt; performance stays a marked sample', async () => {
    contentHub.rows = [];
    renderHub();
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Content Overview/ })).getByText('Sample data')).toBeInTheDocument());
    const overview = screen.getByRole('region', { name: /Content Overview/ });
    expect(within(overview).getByText('Create your first content item to see your own.', { exact: false })).toBeInTheDocument();
    expect(within(overview).getByRole('heading', { name: 'Editorial Calendar' })).toBeInTheDocument();
    const performance = screen.getByRole('region', { name: /Content Performance/ });
    expect(within(performance).getByText('Sample data')).toBeInTheDocument();
    // One Editorial Calendar: the marked sample, not an empty real one beside it.
    expect(screen.getAllByRole('heading', { name: 'Editorial Calendar' })).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Calendar view' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Schedule Publishing' })).toBeInTheDocument();
  });

  it('a workspace with items: one Editorial Calendar, its own, without the sample or its prompt', async () => {
    renderHub();
    expect(await screen.findByRole('group', { name: 'Calendar view' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Editorial Calendar' })).toHaveLength(1);
    expect(screen.queryByText(/Create your first content item to see your own/)).toBeNull();
  });

  it("asks for the overview in the user's own days: their midnights, the month so far against the same days of last month", async () => {
    renderHub();
    await waitFor(() => expect(fake.calls.some((call) => call.table === 'rpc:content_overview')).toBe(true));
    const asked = fake.calls.find((call) => call.table === 'rpc:content_overview')!.values as Record<string, string>;
    const today = localDay();
    const { as_of: asOf, ...boundaries } = contentOverviewBoundaries(today, new Date());
    expect(asked).toMatchObject({ workspace_id: 'org-1', ...boundaries });
    expect(Math.abs(Date.parse(asked.as_of!) - Date.parse(asOf))).toBeLessThan(60_000);
    expect(asked.month_starts_at).toBe(new Date(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, 1).toISOString());
  });

  it('counts the workspace’s own items, and the quick actions create and schedule content', async () => {
    renderHub();
    const overview = await screen.findByRole('region', { name: 'Content Overview' });
    expect(await within(overview).findByText('Drafts')).toBeInTheDocument();
    expect(within(overview).queryByText('Sample data')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule Publishing' }));
    expect(await screen.findByRole('dialog', { name: 'Schedule Publishing' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' })); // once its choices are in
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Content' }));
    expect(await screen.findByRole('dialog', { name: 'Create Content' })).toBeInTheDocument();
  });
});

describe('Content Views', () => {
  const figures = (sites: number) => [
    { period: 'current', sites, visitors: 300, pageviews: 1234, conversions: 9 },
    { period: 'previous', sites, visitors: 250, pageviews: 1000, conversions: 4 },
  ];
  // The first 'Content Performance' heading is the sample section's own (its list card repeats the title).
  const sampleSection = () => screen.getAllByRole('heading', { name: 'Content Performance' })[0].closest('section') as HTMLElement;

  it("are the page views of the workspace's measured sites over the last 30 days, outside the samples", async () => {
    contentHub.siteFigures = figures(1);
    renderHub();
    const real = (await screen.findByRole('heading', { name: 'Your Websites' })).closest('section') as HTMLElement;
    expect(within(real).getByText('1,234')).toBeInTheDocument();
    expect(within(real).getByText('+23.4%')).toBeInTheDocument();
    expect(within(sampleSection()).queryByText('Content Views')).toBeNull();
    expect(fake.calls.find((call) => call.table === 'rpc:workspace_site_figures')?.values).toMatchObject({ workspace_id: 'org-1' });
  });

  it('stay a marked sample while the workspace measures no site', async () => {
    contentHub.siteFigures = figures(0);
    renderHub();
    await screen.findByText('Launch post');
    await waitFor(() => expect(fake.calls.some((call) => call.table === 'rpc:workspace_site_figures')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Your Websites' })).toBeNull();
    expect(within(sampleSection()).getByText('Content Views')).toBeInTheDocument();
  });
});
