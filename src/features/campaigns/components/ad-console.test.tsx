import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adConsole, listCalls, renderConsole, resetAdConsole } from '@/features/campaigns/testing/ad-console-fixture';
import { addDays, localDay } from '@/lib/periods';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/testing/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: Object.assign(fake.client, { fake }) };
});

beforeEach(resetAdConsole);

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
    adConsole.rows = [];
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Your First Campaign' }));
    expect(await screen.findByRole('dialog', { name: 'Create Campaign' })).toBeInTheDocument();
  });

  it("says 'Error loading campaigns' with a retry", async () => {
    adConsole.onList = () => ({ data: null, error: { message: 'connection refused' } });
    renderConsole();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading campaigns');
    adConsole.onList = undefined;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Spring Launch')).toBeInTheDocument();
  });
});

describe('viewers', () => {
  it('see every campaign and its details, and no way to change one', async () => {
    adConsole.workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }];
    renderConsole();
    const first = (await screen.findByRole('heading', { name: 'Spring Launch' })).closest('li')!;
    await userEvent.click(within(first).getByRole('button', { name: 'View Spring Launch' }));
    expect(within(first).getByRole('region', { name: 'Spring Launch' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Create|Edit|Delete/ })).toBeNull();
  });

  it('get no Add Results or Import CSV in an open campaign, only the export; members get all three', async () => {
    adConsole.workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'viewer' }];
    const viewerView = renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'View Spring Launch' }));
    const details = screen.getByRole('region', { name: 'Spring Launch' });
    expect(within(details).getByRole('button', { name: 'Export Results' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Add Results' })).toBeNull();
    expect(within(details).queryByRole('button', { name: 'Import CSV' })).toBeNull();
    viewerView.unmount();

    adConsole.workspaces = [{ id: 'org-1', name: 'Analytical Engines', role: 'member' }];
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'View Spring Launch' }));
    const open = screen.getByRole('region', { name: 'Spring Launch' });
    for (const action of ['Add Results', 'Import CSV', 'Export Results']) expect(within(open).getByRole('button', { name: action })).toBeInTheDocument();
  });
});


describe('figures from the workspace’s results', () => {
  it('shows the last 30 days against the 30 before, pacing and platform revenue, without sample markers', async () => {
    adConsole.hasResults = true;
    adConsole.figureAnswers = {
      'rpc:results_summary': [
        { period: 'current', impressions: 1_200_000, clicks: 45_600, conversions: 100, spend: 12_450, revenue: 52_290 },
        { period: 'previous', impressions: 1_000_000, clicks: 34_000, conversions: 80, spend: 11_500, revenue: 44_850 },
      ],
      // Day 10 of 30 with 64 % of the budget spent; a campaign without dates; one without an end date.
      'rpc:campaign_pacing': [
        { campaign_id: 'k1', title: 'Spring Launch', budget: 1000, spend: 640, start_date: addDays(localDay(), -9), end_date: addDays(localDay(), 20) },
        { campaign_id: 'k2', title: 'Evergreen', budget: 5000, spend: null, start_date: null, end_date: null },
        { campaign_id: 'k3', title: 'Always On', budget: 5000, spend: 900, start_date: '2026-01-05', end_date: null },
      ],
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
      expect(screen.getByText('$640 of $1,000 spent, day 10 of 30: spending ahead of schedule')).toBeInTheDocument();
      // Without a start date the budget has no period: no share, the dates are asked for (not everything ever spent).
      expect(screen.getByText('$5,000 budget, no start date: set the campaign’s dates to pace it')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar', { name: 'Evergreen' })).toBeNull();
      expect(screen.getByText(/^\$900 of \$5,000 spent since .+, no end date$/)).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Always On' })).toHaveAttribute('aria-valuenow', '18');
      expect(await screen.findByText('$480')).toBeInTheDocument();
      expect(screen.getByText('ROAS 4.8x')).toBeInTheDocument();
      // A/B tests have no source: still a marked sample.
      expect(within(screen.getByRole('region', { name: /A\/B Tests/ })).getByText('Sample data')).toBeInTheDocument();
    } finally {
      adConsole.hasResults = false;
      adConsole.figureAnswers = {};
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
