import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport, BreakdownRow } from '@/features/analytics/api/report-types';
import type { SupabaseClient } from '@/lib/supabase';
import { createFakeSupabase, type FakeResult, type QueryCall } from '@/testing/fake-supabase';
import { SiteReport } from './site-report';

// The Console's report of one site, against a stand-in for supabase-js: what it asks the database (the period and
// the one before, in UTC days), what it shows of the answer, what it exports, and its empty and error states.

const fake = createFakeSupabase();
const analytics = { client: fake.client as unknown as SupabaseClient, scope: 'user' as const };
const zone = process.env.TZ;

const row = (value: string, extra: Partial<BreakdownRow> = {}): BreakdownRow => ({
  value, visitors: 2, visits: 3, pageviews: 5, bounce_rate: 33, visit_duration: 10, events: 0, conversion_rate: 0, ...extra,
});
const none = { page: [], entry_page: [], exit_page: [], referrer: [], utm_source: [], utm_medium: [], utm_campaign: [], device: [], browser: [], goal: [] };
const totals = { visitors: 1234, visits: 1500, pageviews: 4000, views_per_visit: 2.67, bounce_rate: 41, visit_duration: 222, events: 12 };

const report: AnalyticsReport = {
  totals,
  previous: { ...totals, visitors: 1000 },
  interval: 'day',
  series: [
    { bucket: '2026-03-10T00:00:00+00:00', visitors: 40, visits: 50, pageviews: 90 },
    { bucket: '2026-03-11T00:00:00+00:00', visitors: 7, visits: 7, pageviews: 11 },
  ],
  previous_series: [
    { bucket: '2026-03-08T00:00:00+00:00', visitors: 31, visits: 33, pageviews: 60 },
    { bucket: '2026-03-09T00:00:00+00:00', visitors: 29, visits: 30, pageviews: 52 },
  ],
  breakdowns: { ...none, page: [row('/pricing', { visitors: 900, pageviews: 2100 })], browser: [row('Firefox')], goal: [row('Signup', { visitors: 40, events: 52, conversion_rate: 3.2 })] },
  goal_properties: [
    { goal: 'Signup', property: 'plan', value: 'pro', visitors: 30, events: 39, conversion_rate: 2.4 },
    { goal: 'Signup', property: 'plan', value: 'free', visitors: 10, events: 13, conversion_rate: 0.8 },
  ],
};
const emptyReport: AnalyticsReport = {
  totals: { visitors: 0, visits: 0, pageviews: 0, views_per_visit: 0, bounce_rate: 0, visit_duration: 0, events: 0 },
  previous: { visitors: 0, visits: 0, pageviews: 0, views_per_visit: 0, bounce_rate: 0, visit_duration: 0, events: 0 },
  interval: 'day',
  series: [{ bucket: '2026-03-11T00:00:00+00:00', visitors: 0, visits: 0, pageviews: 0 }],
  previous_series: [{ bucket: '2026-03-10T00:00:00+00:00', visitors: 0, visits: 0, pageviews: 0 }],
  breakdowns: none,
  goal_properties: [],
};

function answer(reportAnswer: () => FakeResult) {
  fake.respondWith((call: QueryCall) => {
    if (call.table === 'rpc:analytics_report') return reportAnswer();
    if (call.table === 'rpc:analytics_current_visitors') return { data: 3, error: null };
    return undefined;
  });
}

const reportCalls = () => fake.calls.filter((call) => call.table === 'rpc:analytics_report').map((call) => call.values);

function renderReport() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SiteReport analytics={analytics} siteId="site-1" siteName="Shop" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fake.reset();
  // 18:00 on 10 March in Los Angeles: already 02:00 on 11 March in UTC, the day the report must end with.
  process.env.TZ = 'America/Los_Angeles';
  vi.useFakeTimers({ now: new Date('2026-03-11T02:00:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = zone;
});

describe('SiteReport', () => {
  it('asks for the last 30 UTC days (today’s UTC day included) with the 30 before; another period asks again', async () => {
    answer(() => ({ data: report, error: null }));
    renderReport();
    await screen.findByText('1,234');
    expect(reportCalls()).toEqual([
      {
        site_id: 'site-1',
        period_start: '2026-02-10T00:00:00.000Z',
        period_end: '2026-03-12T00:00:00.000Z',
        compare_start: '2026-01-11T00:00:00.000Z',
        compare_end: '2026-02-10T00:00:00.000Z',
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(reportCalls()).toHaveLength(2));
    expect(reportCalls()[1]).toEqual({
      site_id: 'site-1',
      period_start: '2026-03-05T00:00:00.000Z',
      period_end: '2026-03-12T00:00:00.000Z',
      compare_start: '2026-02-26T00:00:00.000Z',
      compare_end: '2026-03-05T00:00:00.000Z',
    });
  });

  it('shows the figures of the report: headline figures against the previous period, both periods over time, goals, properties, lists', async () => {
    answer(() => ({ data: report, error: null }));
    renderReport();
    const visitors = (await screen.findByRole('heading', { name: 'Unique Visitors' })).closest('li')!;
    expect(visitors.textContent).toBe('Unique Visitors1,234+23.4%vs previous period');
    expect(screen.getByText('3 visitors in the last 5 minutes')).toBeInTheDocument();

    const chartTable = screen.getByRole('table', { name: 'Visitors and page views over time: the figures behind the chart' });
    expect(within(chartTable).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Unique Visitors', 'Page Views', 'Unique Visitors (previous period)']);
    expect(within(chartTable).getByRole('row', { name: /2026-03-10/ }).textContent).toBe('2026-03-10409031');

    const goals = screen.getByRole('table', { name: 'Goals' });
    expect(within(goals).getByRole('row', { name: /Signup/ }).textContent).toBe('Signup40523.2%');
    const properties = screen.getByRole('table', { name: 'Goal properties' });
    expect(within(properties).getAllByRole('row').slice(1).map((line) => line.textContent)).toEqual(['Signupplanpro30392.4%', 'Signupplanfree10130.8%']);
    expect(within(screen.getByRole('table', { name: 'Top Pages' })).getByRole('row', { name: /\/pricing/ }).textContent).toBe('/pricing9002,100');
    expect(screen.getByRole('table', { name: 'Browsers' })).toHaveTextContent('Firefox');
  });

  it('exports what it shows as CSV: totals of both periods, both series, lists and goal properties', async () => {
    answer(() => ({ data: report, error: null }));
    const files: Blob[] = [];
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (files.push(blob), 'blob:report')), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderReport();
    await screen.findByText('1,234');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce()); // the export's code loads with the click
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('analytics-shop-2026-03-11.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(files[0]!);
    });
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 7)).toEqual([
      'Section,Name,Visitors,Visits,Page views,Bounce rate (%),Completions,Conversion rate (%)',
      'Totals,,1234,1500,4000,41,12,',
      'Totals (previous period),,1000,1500,4000,41,12,',
      'Visitors and page views over time,2026-03-10,40,50,90,,,',
      'Visitors and page views over time,2026-03-11,7,7,11,,,',
      'Previous period over time,2026-03-08,31,33,60,,,',
      'Previous period over time,2026-03-09,29,30,52,,,',
    ]);
    expect(lines).toContain('Goals,Signup,40,,,,52,3.2');
    expect(lines).toContain('Goal properties,Signup · plan: pro,30,,,,39,2.4');
  });

  it('says so when the period has no visit yet', async () => {
    answer(() => ({ data: emptyReport, error: null }));
    renderReport();
    expect(await screen.findByText('No goal with properties in this period.')).toBeInTheDocument();
    expect(screen.getAllByText('No visits in this period yet.')).toHaveLength(10);
    expect((await screen.findByRole('heading', { name: 'Unique Visitors' })).closest('li')!.textContent).toBe('Unique Visitors0—vs previous period');
  });

  it('says the figures could not be loaded, with the reason, and tries again on request; no export meanwhile', async () => {
    let failing = true;
    answer(() => (failing ? { data: null, error: { message: 'Database unavailable', code: '503' } } : { data: report, error: null }));
    renderReport();
    expect(await screen.findByText('The figures could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
