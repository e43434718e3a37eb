import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdConsole } from '@/features/campaigns/components/ad-console';
import type { Campaign } from '@/features/campaigns/utils/campaign-form';
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

// Radix Checkbox measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const profile = {
  id: 'p1',
  user_id: 'user-1',
  organization_id: 'org-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  marketing_role: 'digital_advertising_specialist',
  last_active: null,
  created_at: '',
  updated_at: '',
};

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'k1',
    organization_id: 'org-1',
    user_id: 'user-1',
    title: 'Spring Launch',
    description: 'A campaign for the spring launch of the new website packages.',
    type: 'advertising',
    status: 'active',
    budget: 1500.5,
    start_date: '2026-06-01',
    end_date: '2026-06-30',
    target_audience: 'SMB owners',
    goals: '500 leads',
    execution_methods: ['Search Ads', 'Retargeting'],
    ad_collateral: ['Banner Images'],
    platforms: ['Google Ads'],
    created_at: '2026-05-01T09:00:00+00:00',
    updated_at: '2026-05-02T10:00:00+00:00',
    ...overrides,
  };
}

let rows: Campaign[];
/** Whether the workspace has results, and the answers of the figure functions (rpc:<name>). */
let hasResults = false;
let figureAnswers: Record<string, unknown> = {};
let onWrite: ((call: QueryCall) => FakeResult | undefined) | undefined;
let onList: ((call: QueryCall) => FakeResult | undefined) | undefined;

function respond(call: QueryCall): FakeResult | undefined {
  if (call.table === 'profiles') return { data: profile, error: null };
  const workspace = workspaceRows(call, workspaces);
  if (workspace) return workspace;
  if (call.table === 'campaign_results') return { data: hasResults ? [{ id: 'r1' }] : [], error: null };
  if (call.table.startsWith('rpc:')) return { data: figureAnswers[call.table] ?? [], error: null };
  if (call.table !== 'campaigns') return undefined;
  if (call.operation === 'select') return onList?.(call) ?? { data: rows, error: null };
  const answer = onWrite?.(call);
  if (answer) return answer;
  // Update and delete return the ids of the rows they changed.
  if (call.operation === 'update' || call.operation === 'delete') return { data: [{ id: call.filters[0]![1] }], error: null };
  return { data: null, error: null };
}

const listCalls = () => fake.calls.filter((call) => call.table === 'campaigns' && call.operation === 'select');
const writeCall = (operation: QueryCall['operation']) => fake.calls.find((call) => call.table === 'campaigns' && call.operation === operation);

function renderConsole() {
  return renderRoutes([{ path: '/marketing/advertising', element: <AuthProvider><AdConsole /></AuthProvider> }], '/marketing/advertising');
}

beforeEach(() => {
  fake.reset();
  rows = [
    campaign(),
    campaign({ id: 'k2', title: 'Retargeting Q3', description: null, status: 'paused', budget: null, start_date: null, end_date: null, platforms: [] }),
  ];
  onWrite = undefined;
  onList = undefined;
  workspaces = [{ id: 'org-1', name: 'Analytical Engines' }];
  fake.respondWith(respond);
  fake.setSession(fakeSession());
});

describe('campaign list', () => {
  it("loads the organization's advertising campaigns newest first", async () => {
    renderConsole();
    await screen.findByText('Spring Launch');
    expect(listCalls()[0]).toMatchObject({
      columns: '*',
      filters: [['organization_id', 'org-1'], ['type', 'advertising']],
      order: [['created_at', false], ['id', false]],
      limit: 51,
    });
  });

  it("shows title, description cut to 40 characters, status badge, budget or 'N/A', start date or 'N/A'", async () => {
    renderConsole();
    const first = (await screen.findByRole('heading', { name: 'Spring Launch' })).closest('li')!;
    expect(first).toHaveTextContent('A campaign for the spring launch of the...');
    expect(within(first).getByText('Active')).toHaveClass('bg-green-100');
    expect(within(first).getByText('$1,500.50')).toBeInTheDocument();
    expect(within(first).getByText(new Date(2026, 5, 1).toLocaleDateString())).toBeInTheDocument();
    const second = screen.getByRole('heading', { name: 'Retargeting Q3' }).closest('li')!;
    expect(within(second).getByText('Paused')).toHaveClass('bg-yellow-100');
    expect(within(second).getAllByText('N/A')).toHaveLength(2);
    for (const action of ['View', 'Edit', 'Delete']) {
      expect(within(first).getByRole('button', { name: `${action} Spring Launch` })).toBeInTheDocument();
    }
  });

  it('opens one row at a time with the keyboard, showing every detail', async () => {
    const user = userEvent.setup();
    renderConsole();
    const viewFirst = await screen.findByRole('button', { name: 'View Spring Launch' });
    const viewSecond = screen.getByRole('button', { name: 'View Retargeting Q3' });
    expect(viewFirst).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(viewFirst.getAttribute('aria-controls')!)).not.toBeVisible();

    viewFirst.focus();
    await user.keyboard('{Enter}');
    expect(viewFirst).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByRole('region', { name: 'Spring Launch' });
    expect(details.id).toBe(viewFirst.getAttribute('aria-controls'));
    const terms = within(details).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Description', 'Type', 'Budget', 'Timeline', 'Target Audience', 'Goals', 'Execution Methods', 'Platforms', 'Ad Collateral', 'Created', 'Last Updated']);
    expect(details).toHaveTextContent('A campaign for the spring launch of the new website packages.');
    expect(details).toHaveTextContent('Advertising');
    expect(details).toHaveTextContent(`${new Date(2026, 5, 1).toLocaleDateString()} – ${new Date(2026, 5, 30).toLocaleDateString()}`);
    expect(details).toHaveTextContent('SMB owners');
    expect(details).toHaveTextContent('Search AdsRetargeting');
    expect(details).toHaveTextContent(new Date('2026-05-02T10:00:00Z').toLocaleString());

    viewSecond.focus();
    await user.keyboard(' ');
    expect(viewSecond).toHaveAttribute('aria-expanded', 'true');
    expect(viewFirst).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Spring Launch' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Retargeting Q3' })).toHaveTextContent('None');

    await user.keyboard('{Enter}');
    expect(viewSecond).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows 'No campaigns yet' when there are none", async () => {
    rows = [];
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Your First Campaign' }));
    expect(await screen.findByRole('dialog', { name: 'Create Campaign' })).toBeInTheDocument();
  });

  it("says 'Error loading campaigns' with a retry", async () => {
    onList = () => ({ data: null, error: { message: 'connection refused' } });
    renderConsole();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading campaigns');
    onList = undefined;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Spring Launch')).toBeInTheDocument();
  });
});

describe('viewers', () => {
  it('see every campaign and its details, and no way to change one', async () => {
    workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }];
    renderConsole();
    const first = (await screen.findByRole('heading', { name: 'Spring Launch' })).closest('li')!;
    await userEvent.click(within(first).getByRole('button', { name: 'View Spring Launch' }));
    expect(within(first).getByRole('region', { name: 'Spring Launch' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Create|Edit|Delete/ })).toBeNull();
  });
});

describe('campaign dialog', () => {
  async function openCreate() {
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    return screen.findByRole('dialog', { name: 'Create Campaign' });
  }

  it("creates an advertising campaign with the user's id and organization, then 'Campaign created successfully!'", async () => {
    const success = vi.spyOn(toast, 'success');
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Summer Sale');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' }), '2500.75');
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2026-07-01' } });
    fireEvent.change(within(dialog).getByLabelText('End Date'), { target: { value: '2026-07-31' } });
    const platforms = within(dialog).getByRole('group', { name: 'Platforms' });
    await userEvent.click(within(platforms).getByRole('checkbox', { name: 'TikTok Ads' }));
    await userEvent.click(within(platforms).getByRole('checkbox', { name: 'Google Ads' }));
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Ad Collateral' })).getByRole('checkbox', { name: 'Landing Pages' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Campaign created successfully!'));
    expect(writeCall('insert')!.values).toEqual({
      title: 'Summer Sale',
      description: null,
      status: 'draft',
      budget: 2500.75,
      start_date: '2026-07-01',
      end_date: '2026-07-31',
      target_audience: null,
      goals: null,
      execution_methods: [],
      platforms: ['Google Ads', 'TikTok Ads'],
      ad_collateral: ['Landing Pages'],
      type: 'advertising',
      user_id: 'user-1',
      organization_id: 'org-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('sends an empty budget as null', async () => {
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'No budget yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));
    await waitFor(() => expect(writeCall('insert')).toBeDefined());
    expect((writeCall('insert')!.values as { budget: unknown }).budget).toBeNull();
  });

  it('refuses a negative budget and an end date before the start date, sending nothing', async () => {
    const dialog = await openCreate();
    const budget = within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' });
    expect(budget).toHaveAttribute('step', '0.01');
    expect(budget).toHaveAttribute('min', '0');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Backwards');
    await userEvent.type(budget, '-5');
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2026-07-10' } });
    fireEvent.change(within(dialog).getByLabelText('End Date'), { target: { value: '2026-07-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'The budget cannot be negative',
      'The end date cannot be before the start date',
    ]);
    expect(writeCall('insert')).toBeUndefined();
  });

  it("keeps the dialog open with everything typed and ticked when saving fails: 'Error saving campaign'", async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    onWrite = () => ({ data: null, error: { message: 'TypeError: Failed to fetch' } });
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Unsaved campaign');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Goals' }), 'Many leads');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' }), '99.99');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Display Ads' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));

    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error saving campaign', { description: 'Please try again' }));
    expect(screen.getByRole('dialog', { name: 'Create Campaign' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Unsaved campaign');
    expect(within(dialog).getByRole('textbox', { name: 'Goals' })).toHaveValue('Many leads');
    expect(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' })).toHaveValue(99.99);
    expect(within(dialog).getByRole('checkbox', { name: 'Display Ads' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save Campaign' })).toBeEnabled();
  });

  it("edits a campaign with its stored values and 'Campaign updated successfully!'", async () => {
    const success = vi.spyOn(toast, 'success');
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Spring Launch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' })).toHaveValue(1500.5);
    expect(within(dialog).getByRole('checkbox', { name: 'Retargeting' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Budget (USD)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Campaign' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Campaign updated successfully!'));
    expect(writeCall('update')).toMatchObject({ filters: [['id', 'k1']], values: { title: 'Spring Launch', budget: null, execution_methods: ['Search Ads', 'Retargeting'] } });
    expect(writeCall('update')!.values).not.toHaveProperty('type');
  });
});

describe('deleting a campaign', () => {
  it("asks 'Are you sure you want to delete this campaign?', then 'Campaign deleted successfully!'", async () => {
    const success = vi.spyOn(toast, 'success');
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'View Spring Launch' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Spring Launch' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this campaign?' });
    rows = rows.slice(1);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Campaign deleted successfully!'));
    expect(writeCall('delete')).toMatchObject({ filters: [['id', 'k1']], returning: 'id' });
    await waitFor(() => expect(screen.queryByText('Spring Launch')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Advertising Campaigns' })).toHaveFocus();
  });

  it('says so when the campaign was already deleted (nothing deleted), and reloads the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    onWrite = (call) => (call.operation === 'delete' ? { data: [], error: null } : undefined);
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Launch' }));
    rows = rows.slice(1);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting campaign', { description: 'This campaign no longer exists.' }));
    expect(success).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('Spring Launch')).not.toBeInTheDocument());
    expect(listCalls()).toHaveLength(2);
  });

  it("shows 'Error deleting campaign' when it fails", async () => {
    const failure = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    onWrite = () => ({ data: null, error: { message: 'permission denied' } });
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring Launch' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Error deleting campaign', { description: 'Please try again' }));
    expect(screen.getByText('Spring Launch')).toBeInTheDocument();
  });
});

describe('figures from the workspace’s results', () => {
  it('shows the last 30 days against the 30 before, pacing and platform revenue, without sample markers', async () => {
    hasResults = true;
    figureAnswers = {
      'rpc:results_summary': [
        { period: 'current', impressions: 1_200_000, clicks: 45_600, conversions: 100, spend: 12_450, revenue: 52_290 },
        { period: 'previous', impressions: 1_000_000, clicks: 34_000, conversions: 80, spend: 11_500, revenue: 44_850 },
      ],
      'rpc:campaign_pacing': [{ campaign_id: 'k1', title: 'Spring Launch', budget: 1000, spend: 640, start_date: null, end_date: null }],
      'rpc:results_by_platform': [{ platform: 'Google Ads', spend: 100, revenue: 480, clicks: 1, conversions: 1 }],
    };
    try {
      renderConsole();
      const overview = await screen.findByRole('region', { name: 'Advertising Overview' });
      expect(await within(overview).findByText('$12,450')).toBeInTheDocument();
      expect(within(overview).getByText('+8.3%')).toBeInTheDocument();
      expect(within(overview).getByText('3.8%')).toBeInTheDocument();
      expect(within(overview).getByText('4.2x')).toBeInTheDocument();
      expect(within(overview).queryByText('Sample data')).toBeNull();
      expect(await screen.findByRole('progressbar', { name: /Spring Launch/ })).toHaveAttribute('aria-valuenow', '64');
      expect(await screen.findByText('$480')).toBeInTheDocument();
      expect(screen.getByText('ROAS 4.8x')).toBeInTheDocument();
      // A/B tests have no source: still a marked sample.
      expect(within(screen.getByRole('region', { name: /A\/B Tests/ })).getByText('Sample data')).toBeInTheDocument();
    } finally {
      hasResults = false;
      figureAnswers = {};
    }
  });
});

describe('sample sections', () => {
  it('a workspace without results: marks the stats, active campaigns, A/B tests and platform revenue as sample data, with a prompt', async () => {
    renderConsole();
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Advertising Overview/ })).getByText('Sample data')).toBeInTheDocument());
    const overview = screen.getByRole('region', { name: /Advertising Overview/ });
    expect(within(overview).getByText(/Add the first results of a campaign/)).toBeInTheDocument();
    const performance = screen.getByRole('region', { name: /Campaign Performance/ });
    for (const title of ['Active Campaigns', 'A/B Tests', 'Platform Revenue']) {
      expect(within(performance).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(within(performance).getByText('Sample data')).toBeInTheDocument();
  });
});
