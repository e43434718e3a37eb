import { beforeAll, describe, expect, it } from 'vitest';
import { platformStats, withWebsiteConversionRate } from '@/features/dashboard/utils/overview-stats';
import { toSiteFigures, type FigureRow } from '@/lib/site-figures';
import { startJobRunner } from '../../server/src/jobs/job-runner';
import { refreshAnalyticsRollups } from '../../server/src/jobs/tasks/refresh-analytics-rollups';
import { enqueueJob } from '../../server/src/jobs/enqueue-job';
import { at, reportOf, useAnalyticsSite, writeEvents, type AnalyticsEvent } from '../support/analytics-report';
import { signedInUser } from '../support/rest-clients';
import { createOutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { STRICT_POLICY } from '../../server/src/lib/outbound/url-policy';

// The Analytics Console's figures: raw events of known times (written as the ingestion would), rolled up and
// reported through supabase-js by a member of the site's workspace. Goal properties: analytics-goal-properties.test.ts.
const site = useAnalyticsSite();
const DAY = '2026-03-10';
const write = (events: AnalyticsEvent[]) => writeEvents(site.server.sql, site.siteId, events);
const report = (start: string, end: string, compare?: [string, string]) => reportOf(site.owner, site.siteId, start, end, { compare });

beforeAll(async () => {
  await write([
    // Visitor 1: a visit of three pages and a signup over ten minutes, from a newsletter link on Google…
    { at: at('10:00'), visitor: 1, path: '/', referrer: 'google.com', utm: 'newsletter', medium: 'email', campaign: 'spring-sale' },
    { at: at('10:05'), visitor: 1, path: '/pricing' },
    { at: at('10:06'), visitor: 1, name: 'Signup', path: '/pricing', props: { plan: 'pro' } },
    { at: at('10:10'), visitor: 1, path: '/about' },
    // …and back after lunch, straight to the prices: a second visit, a bounce.
    { at: at('12:00'), visitor: 1, path: '/pricing' },
    // Visitor 2 on a phone: one page, a bounce.
    { at: at('11:00'), visitor: 2, path: '/', device: 'Mobile', browser: 'Safari' },
    // The day before: one visitor.
    { at: at('09:00', '2026-03-09'), visitor: 3, path: '/', browser: 'Chrome' },
  ]);
});

const pick = (rows: { value: string }[], ...keys: string[]) =>
  rows.map((row) => Object.fromEntries([['value', row.value], ...keys.map((key) => [key, (row as Record<string, unknown>)[key]])]));

describe('analytics_report: one day of a site', () => {
  it('counts visitors, visits (30 minutes apart), pageviews, bounce rate and duration, against the day before', async () => {
    const day = await report(at('00:00'), at('00:00', '2026-03-11'), [at('00:00', '2026-03-09'), at('00:00')]);
    expect(day.totals).toEqual({ visitors: 2, visits: 3, pageviews: 5, views_per_visit: 1.67, bounce_rate: 67, visit_duration: 200, events: 1 });
    expect(day.previous).toMatchObject({ visitors: 1, visits: 1, pageviews: 1, bounce_rate: 100 });
  });

  it('draws every hour of the day, a visitor counted in the hour they first came', async () => {
    const day = await report(at('00:00'), at('00:00', '2026-03-11'));
    expect(day.interval).toBe('hour');
    expect(day.series).toHaveLength(24);
    const busy = day.series.filter((bucket) => bucket.visits > 0).map(({ bucket, visitors, visits, pageviews }) => ({ hour: new Date(bucket).getUTCHours(), visitors, visits, pageviews }));
    expect(busy).toEqual([
      { hour: 10, visitors: 1, visits: 1, pageviews: 3 },
      { hour: 11, visitors: 1, visits: 1, pageviews: 1 },
      { hour: 12, visitors: 0, visits: 1, pageviews: 1 },
    ]);
  });

  it('breaks down pages, entry and exit pages, referrers, UTM sources, devices and goals with conversion rates', async () => {
    const { breakdowns } = await report(at('00:00'), at('00:00', '2026-03-11'));
    expect(pick(breakdowns.page!, 'visitors', 'pageviews')).toEqual([
      { value: '/', visitors: 2, pageviews: 2 },
      { value: '/pricing', visitors: 1, pageviews: 2 },
      { value: '/about', visitors: 1, pageviews: 1 },
    ]);
    expect(pick(breakdowns.entry_page!, 'visits', 'bounce_rate')).toEqual([
      { value: '/', visits: 2, bounce_rate: 50 },
      { value: '/pricing', visits: 1, bounce_rate: 100 },
    ]);
    expect(pick(breakdowns.exit_page!, 'visits')).toEqual(
      expect.arrayContaining([{ value: '/about', visits: 1 }, { value: '/', visits: 1 }, { value: '/pricing', visits: 1 }]),
    );
    expect(pick(breakdowns.referrer!, 'visitors', 'visits')).toEqual([
      { value: 'Direct / None', visitors: 2, visits: 2 },
      { value: 'google.com', visitors: 1, visits: 1 },
    ]);
    expect(pick(breakdowns.utm_source!, 'visits')).toEqual([{ value: 'newsletter', visits: 1 }]);
    expect(pick(breakdowns.utm_medium!, 'visitors', 'visits')).toEqual([{ value: 'email', visitors: 1, visits: 1 }]);
    expect(pick(breakdowns.utm_campaign!, 'visitors', 'visits')).toEqual([{ value: 'spring-sale', visitors: 1, visits: 1 }]);
    expect(pick(breakdowns.device!, 'visitors')).toEqual([{ value: 'Desktop', visitors: 1 }, { value: 'Mobile', visitors: 1 }]);
    // A visit's browser is its first event's: visitor 1's two visits in Firefox, visitor 2's in Safari.
    expect(pick(breakdowns.browser!, 'visitors', 'visits', 'pageviews')).toEqual([
      { value: 'Firefox', visitors: 1, visits: 2, pageviews: 4 },
      { value: 'Safari', visitors: 1, visits: 1, pageviews: 1 },
    ]);
    expect(pick(breakdowns.goal!, 'visitors', 'events', 'conversion_rate')).toEqual([{ value: 'Signup', visitors: 1, events: 1, conversion_rate: 50 }]);
  });

  it('draws the comparison range beside the period: the same buckets, counted from its own start', async () => {
    const day = await report(at('00:00'), at('00:00', '2026-03-11'), [at('00:00', '2026-03-09'), at('00:00')]);
    expect(day.previous_series).toHaveLength(24);
    const busy = day.previous_series!.filter((bucket) => bucket.visits > 0).map(({ bucket, visitors }) => ({ bucket: new Date(bucket).toISOString(), visitors }));
    expect(busy).toEqual([{ bucket: '2026-03-09T09:00:00.000Z', visitors: 1 }]);
    expect((await report(at('00:00'), at('00:00', '2026-03-11'))).previous_series).toBeNull();
  });

  it('sums days over a week, drawn by day', async () => {
    const week = await report('2026-03-05T00:00:00Z', '2026-03-12T00:00:00Z');
    expect(week.interval).toBe('day');
    expect(week.series).toHaveLength(7);
    expect(week.totals).toMatchObject({ visitors: 3, visits: 4, pageviews: 6 });
  });

  it('reads whole days from the daily rollups and the hours at the edges from the hourly ones', async () => {
    expect((await report(at('08:00', '2026-03-09'), at('00:00', '2026-03-11'))).totals).toMatchObject({ visitors: 3, visits: 4 });
    expect((await report(at('10:00', '2026-03-09'), at('00:00', '2026-03-11'))).totals).toMatchObject({ visitors: 2, visits: 3 });
    expect((await report(at('08:00', '2026-03-09'), at('11:00'))).totals).toMatchObject({ visitors: 2, visits: 2, pageviews: 4 });
  });

  it('refuses an empty or reversed period and a site of another workspace', async () => {
    const reversed = await site.owner.client.rpc('analytics_report', { site_id: site.siteId, period_start: at('10:00'), period_end: at('09:00') });
    expect([reversed.status, reversed.error?.details]).toEqual([400, 'invalid_period']);
    const stranger = await signedInUser(site.server);
    const foreign = await stranger.client.rpc('analytics_report', { site_id: site.siteId, period_start: at('00:00'), period_end: at('12:00') });
    expect([foreign.status, foreign.error?.details]).toEqual([400, 'unknown_site']);
  });
});

describe('workspace_site_figures: the dashboards’ website figures', () => {
  it('sums the workspace’s sites for a period and the one before, conversions being visitors who completed a goal', async () => {
    const { data, error } = await site.owner.client.rpc('workspace_site_figures', { workspace_id: site.owner.organizationId, from_day: DAY, to_day: DAY });
    expect(error).toBeNull();
    expect(data).toEqual([
      { period: 'current', sites: 1, visitors: 2, pageviews: 5, conversions: 1 },
      { period: 'previous', sites: 1, visitors: 1, pageviews: 1, conversions: 0 },
    ]);
  });

  it('gives /dashboard its Conversion Rate: goal visitors ÷ visitors against the period before, in points', async () => {
    const { data, error } = await site.owner.client.rpc('workspace_site_figures', { workspace_id: site.owner.organizationId, from_day: DAY, to_day: DAY });
    expect(error).toBeNull();
    const campaigns = platformStats({
      campaigns: 1, campaigns_last_month: 0, clicks: 100, conversions: 3, revenue: 0, clicks_last_month: 0, conversions_last_month: 0, revenue_last_month: 0, active_users: 1, active_users_before: 0,
    });
    const card = withWebsiteConversionRate(campaigns, toSiteFigures(data as FigureRow[])).find((stat) => stat.label === 'Conversion Rate');
    // Visitors 1 and 2 on the day, visitor 1 signed up: 50 %; the day before one visitor, no goal: 0 %.
    expect([card?.value, card?.change]).toEqual(['50.00%', '+50 pts']);
  });

  it('gives another workspace’s member no site and zeros', async () => {
    const stranger = await signedInUser(site.server);
    const { data } = await stranger.client.rpc('workspace_site_figures', { workspace_id: site.owner.organizationId, from_day: DAY, to_day: DAY });
    expect(data).toEqual([
      { period: 'current', sites: 0, visitors: 0, pageviews: 0, conversions: 0 },
      { period: 'previous', sites: 0, visitors: 0, pageviews: 0, conversions: 0 },
    ]);
  });
});

describe('refreshing the rollups', () => {
  it('shows a small site’s new events at once, though the last refresh was moments ago', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const before = (await report(`${today}T00:00:00Z`, `${tomorrow}T00:00:00Z`)).totals.pageviews;
    await site.server.sql`insert into private.analytics_events (site_id, visitor_id, name, pathname, device, browser) values (${site.siteId}, 77, 'pageview', '/now', 'Mobile', 'Chrome')`;
    expect((await report(`${today}T00:00:00Z`, `${tomorrow}T00:00:00Z`)).totals.pageviews).toBe(before + 1);
  });
});

describe('catching up', () => {
  it('a site never refreshed gets today and its two oldest days first, the days between over the next reports', async () => {
    const { data } = await site.owner.client.from('analytics_sites').insert({ organization_id: site.owner.organizationId, name: 'Late', domain: 'late.example', created_by: site.owner.id }).select('id').single();
    const late = data!.id;
    for (const daysAgo of [0, 4, 5, 6]) {
      await site.server.sql`insert into private.analytics_events (site_id, occurred_at, visitor_id, name, pathname, device, browser)
        values (${late}, now() - make_interval(days => ${daysAgo}), ${daysAgo}, 'pageview', '/', 'Mobile', 'Chrome')`;
    }
    const week = async () => {
      const end = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const start = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      const { data: figures } = await site.owner.client.rpc('analytics_report', { site_id: late, period_start: `${start}T00:00:00Z`, period_end: `${end}T00:00:00Z` });
      return (figures as { totals: { pageviews: number } }).totals.pageviews;
    };
    expect(await week()).toBe(3); // 6 and 5 days ago, and today
    await site.server.sql`update private.analytics_refreshes set refreshed_at = refreshed_at - interval '31 seconds' where site_id = ${late} and refreshed_at > now()`;
    expect(await week()).toBe(4);
  });
});

describe('the rollup job (the job runner; pg_cron on hosted): refresh off the read path', () => {
  it('refreshes sites with new events when it starts and at each run; meanwhile a report reads a busy site’s rollups as they are', async () => {
    const { data } = await site.owner.client.from('analytics_sites').insert({ organization_id: site.owner.organizationId, name: 'Busy', domain: 'busy.example', created_by: site.owner.id }).select('id').single();
    const busy = data!.id;
    // Over 5,000 events today: too many for a report to recompute while it answers.
    await site.server.sql`insert into private.analytics_events (site_id, visitor_id, name, pathname, device, browser)
      select ${busy}, g, 'pageview', '/', 'Mobile', 'Chrome' from generate_series(1, 5001) g`;
    const today = async () => {
      const start = new Date().toISOString().slice(0, 10);
      const end = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const { data: figures } = await site.owner.client.rpc('analytics_report', { site_id: busy, period_start: `${start}T00:00:00Z`, period_end: `${end}T00:00:00Z` });
      return (figures as { totals: { pageviews: number } }).totals.pageviews;
    };
    const log = { debug() {}, info() {}, warn() {}, error() {} };
    const mail = { async deliver() {}, close() {} };
    // A runner of the rollup job alone, repeating less often than the test lasts: its runs are the one at start and
    // the one the test asks for.
    const runner = await startJobRunner({
      databaseUrl: site.server.config.databaseUrl!,
      services: { sql: site.server.sql, mail, siteUrl: 'http://x', analyticsRollupSeconds: 3600, outbound: createOutboundClient({ policy: STRICT_POLICY }) },
      log,
      tasks: [refreshAnalyticsRollups],
      cron: false,
    });
    try {
      // Its first run (at start) refreshes the new site, without any report.
      await expect.poll(async () => (await site.server.sql`select sites from private.analytics_rollup_runs where scheduler = 'job-runner'`).length, { timeout: 15_000 }).toBe(1);
      const rolled = async () =>
        Number((await site.server.sql<{ pageviews: number }[]>`select coalesce(sum(pageviews), 0)::int as pageviews from public.analytics_rollups where site_id = ${busy} and dimension = 'total'`)[0]!.pageviews);
      await expect.poll(rolled).toBe(5001);
      await site.server.sql`insert into private.analytics_events (site_id, visitor_id, name, pathname, device, browser) values (${busy}, 1, 'pageview', '/late', 'Mobile', 'Chrome')`;
      await site.server.sql`update private.analytics_refreshes set refreshed_at = refreshed_at - interval '1 minute' where site_id = ${busy}`;
      // The report does not recompute the busy site (the worker ran moments ago): it reads the rollups as they are…
      expect(await today()).toBe(5001);
      // …and the worker's next run brings the new event in.
      await enqueueJob(site.server.sql, refreshAnalyticsRollups, {});
      await runner.drain();
      expect(await rolled()).toBe(5002);
      expect(await today()).toBe(5002);
    } finally {
      await runner.stop();
      // Without a recent run, reports refresh by themselves again (the fallback the other tests use).
      await site.server.sql`delete from private.analytics_rollup_runs`;
    }
  });
});

describe('raw events', () => {
  it('are append-only: an update is refused even to the table owner', async () => {
    await expect(site.server.sql`update private.analytics_events set pathname = '/x' where site_id = ${site.siteId}`).rejects.toThrow(/append-only/);
    await expect(site.server.sql`delete from private.analytics_events where site_id = ${site.siteId}`).rejects.toThrow(/append-only/);
  });

  it('live in monthly partitions', async () => {
    const partitions = await site.server.sql<{ name: string }[]>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'private.analytics_events'::regclass order by 1`;
    expect(partitions.map((p) => p.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^analytics_events_\d{4}_\d{2}$/), 'analytics_events_default']));
  });

  it('go with their site when it is removed', async () => {
    const { data } = await site.owner.client.from('analytics_sites').insert({ organization_id: site.owner.organizationId, name: 'Old', domain: 'old.example', created_by: site.owner.id }).select('id').single();
    await site.server.sql`insert into private.analytics_events (site_id, visitor_id, name, pathname, device, browser) values (${data!.id}, 9, 'pageview', '/', 'Mobile', 'Chrome')`;
    expect((await site.owner.client.from('analytics_sites').delete().eq('id', data!.id)).error).toBeNull();
    const [left] = await site.server.sql<{ count: number }[]>`select count(*)::int as count from private.analytics_events where site_id = ${data!.id}`;
    expect(left!.count).toBe(0);
  });
});
