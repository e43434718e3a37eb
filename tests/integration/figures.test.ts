import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOverviewBoundaries } from '../../src/features/content/utils/content-overview-periods';
import { startTestServer, type TestServer } from '../support/test-server';
import { createWorkspaceWorld, ids, type WorkspaceWorld } from '../support/workspaces';

/**
 * The dashboards' figures through supabase-js against the real server, by the actors of the tenant matrix. Results are
 * seeded with SQL around a fixed day (TODAY) and every figure is compared with a value computed by hand in the comment
 * beside it. Workspace 2 has results, campaigns, content and activity on the same days: they never count in
 * workspace 1. (The results import and export: results-import.test.ts.)
 */

let server: TestServer;
let world: WorkspaceWorld;
const TODAY = '2026-03-15';
const SECOND_CAMPAIGN = '33333333-0000-4000-8000-000000000002';
const THIRD_CAMPAIGN = '33333333-0000-4000-8000-000000000003';
const W2_CAMPAIGN = '33333333-0000-4000-8000-0000000000f2';

/** platform_overview()'s periods on TODAY for a user at UTC: March 1–15 against February 1–15. */
const MARCH_SO_FAR = {
  from_day: '2026-03-01', to_day: TODAY, previous_from_day: '2026-02-01', previous_to_day: '2026-02-15', previous_ends_at: '2026-02-16T00:00:00Z',
};

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  world = await createWorkspaceWorld(server);
});

afterAll(async () => {
  await server?.close();
});

const ownerOfWorkspace2 = async () =>
  (await server.sql<{ user_id: string }[]>`select user_id from public.organization_members where organization_id = ${world.workspace2} and role = 'owner'`)[0]!.user_id;

/**
 * Workspace 1: three campaigns (one active) with results in March and February; workspace 2: an active campaign with
 * large results on the same days, its own content and activity.
 */
async function seedResults() {
  await world.resetWithoutResults();
  const { sql } = server;
  const owner = world.actors.owner.user!.id;
  await sql`update public.campaigns set status = 'active', budget = 1000, type = 'advertising', created_at = '2026-02-10T00:00:00Z' where id = ${ids.campaign}`;
  await sql`insert into public.campaigns (id, organization_id, user_id, title, status, budget, created_at) values
    (${SECOND_CAMPAIGN}, ${world.workspace1}, ${owner}, 'Spring', 'paused', 500, '2026-03-02T00:00:00Z'),
    (${THIRD_CAMPAIGN}, ${world.workspace1}, ${owner}, 'Winter', 'paused', 200, '2026-02-20T00:00:00Z')`;
  await sql`delete from public.campaigns where id = ${W2_CAMPAIGN}`;
  const owner2 = await ownerOfWorkspace2();
  await sql`insert into public.campaigns (id, organization_id, user_id, title, status, budget, created_at)
    values (${W2_CAMPAIGN}, ${world.workspace2}, ${owner2}, 'Other', 'active', 99999, '2026-01-01T00:00:00Z')`;
  // day, campaign, platform, impressions, clicks, conversions, spend, revenue
  const rows: [string, string, string, number, number, number, number, number][] = [
    ['2026-03-15', ids.campaign, 'Google Ads', 1000, 50, 5, 20.5, 100],
    ['2026-03-15', ids.campaign, 'Facebook Ads', 2000, 40, 2, 10, 30],
    ['2026-03-10', SECOND_CAMPAIGN, 'Google Ads', 500, 10, 1, 5.25, 12],
    ['2026-03-08', ids.campaign, 'Google Ads', 800, 20, 2, 8, 40], // previous 7-day period (03-02..03-08)
    ['2026-03-02', ids.campaign, 'Google Ads', 100, 5, 0, 2, 0], // previous 7-day period
    ['2026-02-20', ids.campaign, 'Google Ads', 300, 30, 3, 15, 60], // last month, after its 15th
    ['2026-02-10', ids.campaign, 'Google Ads', 400, 25, 2, 12, 48], // last month's 1st–15th
    // Workspace 2, on the same days: never counted in workspace 1.
    ['2026-03-15', W2_CAMPAIGN, 'Google Ads', 1e6, 1e5, 1e4, 50000, 90000],
    ['2026-03-01', W2_CAMPAIGN, 'Facebook Ads', 1e6, 1e5, 1e4, 50000, 90000],
    ['2026-02-10', W2_CAMPAIGN, 'Google Ads', 1e6, 1e5, 1e4, 50000, 90000],
  ];
  for (const [day, campaign, platform, impressions, clicks, conversions, spend, revenue] of rows) {
    await sql`insert into public.campaign_results (campaign_id, day, platform, impressions, clicks, conversions, spend, revenue)
      values (${campaign}, ${day}, ${platform}, ${impressions}, ${clicks}, ${conversions}, ${spend}, ${revenue})`;
  }
  await sql`delete from public.workspace_activity_days where organization_id = ${world.workspace2}`;
  await sql`insert into public.workspace_activity_days (organization_id, user_id, day)
    select ${world.workspace2}, m.user_id, d::date from public.organization_members m, generate_series('2026-01-01'::date, '2026-03-15', '1 day') d
    where m.organization_id = ${world.workspace2}`;
}

const num = (value: unknown) => Number(value);
const numbers = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, num(value)]));

describe('results figures', () => {
  beforeAll(seedResults);

  it('sums a period and the period before it, exactly, for every reader of the workspace', async () => {
    for (const name of ['owner', 'viewer'] as const) {
      const { data, error } = await world.actors[name].client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-03-09', to_day: TODAY });
      expect(error).toBeNull();
      const [current, previous] = data!.map((row) => ({ ...row, spend: num(row.spend), revenue: num(row.revenue) }));
      // 03-09..03-15: 1000+2000+500 impressions, 50+40+10 clicks, 5+2+1 conversions, 20.5+10+5.25 spend, 100+30+12 revenue
      expect(current).toEqual({ period: 'current', impressions: 3500, clicks: 100, conversions: 8, spend: 35.75, revenue: 142 });
      // 03-02..03-08: 800+100, 20+5, 2+0, 8+2, 40+0
      expect(previous).toEqual({ period: 'previous', impressions: 900, clicks: 25, conversions: 2, spend: 10, revenue: 40 });
    }
  });

  it('gives zeros for an empty period, and one campaign alone when asked', async () => {
    const empty = await world.actors.owner.client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2025-01-01', to_day: '2025-01-31' });
    expect(empty.data!.map((row) => [row.period, row.impressions, num(row.spend)])).toEqual([
      ['current', 0, 0],
      ['previous', 0, 0],
    ]);
    const one = await world.actors.member.client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-03-09', to_day: TODAY, campaign_id: SECOND_CAMPAIGN });
    expect(one.data!.map((row) => [row.period, row.clicks, num(row.spend)])).toEqual([
      ['current', 10, 5.25],
      ['previous', 0, 0],
    ]);
  });

  it('gives the days with results and the revenue by platform', async () => {
    const days = await world.actors.viewer.client.rpc('results_by_day', { workspace_id: world.workspace1, from_day: '2026-03-08', to_day: TODAY });
    expect(days.data!.map((row) => [row.day, num(row.spend), num(row.revenue)])).toEqual([
      ['2026-03-08', 8, 40],
      ['2026-03-10', 5.25, 12],
      ['2026-03-15', 30.5, 130],
    ]);
    const platforms = await world.actors.viewer.client.rpc('results_by_platform', { workspace_id: world.workspace1, from_day: '2026-03-01', to_day: TODAY });
    // Google: 100+12+40+0 = 152 revenue, 20.5+5.25+8+2 = 35.75 spend; Facebook: 30 and 10
    expect(platforms.data!.map((row) => [row.platform, num(row.revenue), num(row.spend)])).toEqual([
      ['Google Ads', 152, 35.75],
      ['Facebook Ads', 30, 10],
    ]);
  });

  it('paces active campaigns over their own dates: start → end, or start → today, never everything ever spent', async () => {
    const { sql } = server;
    const pacing = async (today: string) => {
      const { data, error } = await world.actors.viewer.client.rpc('campaign_pacing', { workspace_id: world.workspace1, today });
      expect(error).toBeNull();
      return data!.map((row) => [row.campaign_id, num(row.budget), row.spend === null ? null : num(row.spend), row.start_date, row.end_date]);
    };
    try {
      // From March 1 with no end date, today March 15: 2 (03-02) + 8 (03-08) + 20.5 + 10 (03-15); February's 27 is not
      // this budget's (everything ever spent was 67.5).
      await sql`update public.campaigns set start_date = '2026-03-01', end_date = null where id = ${ids.campaign}`;
      expect(await pacing(TODAY)).toEqual([[ids.campaign, 1000, 40.5, '2026-03-01', null]]);
      // Without an end date the period ends today: on March 10, 2 + 8.
      expect(await pacing('2026-03-10')).toEqual([[ids.campaign, 1000, 10, '2026-03-01', null]]);
      // March 1 to March 8: 2 + 8, whatever day it is.
      await sql`update public.campaigns set end_date = '2026-03-08' where id = ${ids.campaign}`;
      expect(await pacing(TODAY)).toEqual([[ids.campaign, 1000, 10, '2026-03-01', '2026-03-08']]);
      // Without a start date there is no period to pace: no spend, not everything ever spent.
      await sql`update public.campaigns set start_date = null, end_date = null where id = ${ids.campaign}`;
      expect(await pacing(TODAY)).toEqual([[ids.campaign, 1000, null, null, null]]);
    } finally {
      await sql`update public.campaigns set start_date = null, end_date = null where id = ${ids.campaign}`;
    }
  });

  it('computes the Platform Overview month over month: March 1–15 against February 1–15, current members only', async () => {
    const { sql } = server;
    const [viewer, member, admin, removed] = [world.actors.viewer, world.actors.member, world.actors.admin, world.actors.removed].map((actor) => actor.user!.id);
    await sql`insert into public.workspace_activity_days (organization_id, user_id, day) values
      (${world.workspace1}, ${viewer}, '2026-03-15'), (${world.workspace1}, ${member}, '2026-03-01'), (${world.workspace1}, ${member}, '2026-02-20'),
      (${world.workspace1}, ${admin}, '2026-02-01'), (${world.workspace1}, ${admin}, '2026-02-05'), (${world.workspace1}, ${admin}, '2026-01-10'),
      (${world.workspace1}, ${removed}, '2026-03-10'), (${world.workspace1}, ${removed}, '2026-02-10')`;
    const platform = await world.actors.viewer.client.rpc('platform_overview', { workspace_id: world.workspace1, ...MARCH_SO_FAR }).single();
    expect(platform.error).toBeNull();
    expect(numbers(platform.data!)).toEqual({
      campaigns: 3, // the three advertising campaigns that exist now
      campaigns_last_month: 1, // created before 02-16: the first (02-10); Winter (02-20) and Spring (03-02) came later
      clicks: 50 + 40 + 10 + 20 + 5, // March 1–15
      conversions: 5 + 2 + 1 + 2 + 0,
      revenue: 100 + 30 + 12 + 40 + 0,
      clicks_last_month: 25, // February 1–15: 02-10 only (02-20 is after the 15th)
      conversions_last_month: 2,
      revenue_last_month: 48,
      // Viewer (03-15) and member (03-01, 02-20) in 02-14..03-15, each once; the removed member's 03-10 does not count.
      active_users: 2,
      // The same figure a month earlier, 01-17..02-15: admin (02-01, 02-05); the removed member's 02-10 does not count.
      active_users_before: 1,
    });
    // The first of a month: its one day against the 1st of the month before.
    const first = await world.actors.owner.client
      .rpc('platform_overview', { workspace_id: world.workspace1, from_day: '2026-03-01', to_day: '2026-03-01', previous_from_day: '2026-02-01', previous_to_day: '2026-02-01', previous_ends_at: '2026-02-02T00:00:00Z' })
      .single();
    // Active Users on 03-01: 01-31..03-01 (member, admin); a month earlier, 01-03..02-01: admin.
    expect(numbers(first.data!)).toMatchObject({ clicks: 0, clicks_last_month: 0, campaigns_last_month: 0, active_users: 2, active_users_before: 1 });
  });

  it('computes the Executive Overview: the last 30 days against the 30 before, both with spend', async () => {
    const executive = await world.actors.owner.client.rpc('executive_overview', { workspace_id: world.workspace1, today: TODAY }).single();
    // Active: the first campaign (budget 1000). Last 30 days (02-14..03-15): spend 20.5+10+5.25+8+2+15 = 60.75,
    // revenue 100+30+12+40+0+60 = 242. The 30 before (01-15..02-13): 02-10, spend 12, revenue 48.
    expect(numbers(executive.data!)).toEqual({
      total_budget: 1000, active_campaigns: 1, spend: 60.75, revenue: 242, spend_before: 12, revenue_before: 48, members: 4,
    });
  });

  it('never counts another workspace: its members, outsiders and removed members see nothing of workspace 1, and workspace 1 nothing of it', async () => {
    for (const name of ['outsider', 'removed', 'invited'] as const) {
      const { client } = world.actors[name];
      const { data, error } = await client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-03-01', to_day: TODAY });
      expect(error).toBeNull();
      expect(data!.every((row) => row.impressions === 0 && num(row.spend) === 0)).toBe(true);
      expect((await client.rpc('campaign_pacing', { workspace_id: world.workspace1, today: TODAY })).data).toEqual([]);
      expect((await client.rpc('results_by_day', { workspace_id: world.workspace1, from_day: '2026-02-01', to_day: TODAY })).data).toEqual([]);
      expect((await client.rpc('results_by_platform', { workspace_id: world.workspace1, from_day: '2026-02-01', to_day: TODAY })).data).toEqual([]);
      const platform = await client.rpc('platform_overview', { workspace_id: world.workspace1, ...MARCH_SO_FAR }).single();
      expect(Object.values(numbers(platform.data!)).every((value) => value === 0)).toBe(true);
      const executive = await client.rpc('executive_overview', { workspace_id: world.workspace1, today: TODAY }).single();
      expect(Object.values(numbers(executive.data!)).every((value) => value === 0)).toBe(true);
    }
    const anon = await world.actors.anon.client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-03-01', to_day: TODAY });
    expect(anon.status).toBe(401);
    // Workspace 2's member sees its own figures only: 50,000 spend on 03-01 and on 03-15, never workspace 1's rows.
    const outsider = await world.actors.outsider.client.rpc('results_summary', { workspace_id: world.workspace2, from_day: '2026-03-01', to_day: TODAY });
    expect(num(outsider.data![0]!.spend)).toBe(100000);
    // Workspace 1's owner asking for workspace 2's figures gets zeros from every function.
    const { client } = world.actors.owner;
    expect((await client.rpc('results_by_day', { workspace_id: world.workspace2, from_day: '2026-02-01', to_day: TODAY })).data).toEqual([]);
    expect((await client.rpc('campaign_pacing', { workspace_id: world.workspace2, today: TODAY })).data).toEqual([]);
    const foreign = await client.rpc('platform_overview', { workspace_id: world.workspace2, ...MARCH_SO_FAR }).single();
    expect(Object.values(numbers(foreign.data!)).every((value) => value === 0)).toBe(true);
    const foreignContent = await client
      .rpc('content_overview', { workspace_id: world.workspace2, ...contentOverviewBoundaries(TODAY, new Date(`${TODAY}T12:00:00Z`)) })
      .single();
    expect(Object.values(numbers(foreignContent.data!)).every((value) => value === 0)).toBe(true);
  });
});

describe('content overview', () => {
  // A user in Brisbane (UTC+10, no daylight saving) on 15 March 2026 at noon: their month, the same days of February
  // and their next 7 days start at their midnights, not UTC's.
  const brisbane = {
    as_of: '2026-03-15T02:00:00Z', // 12:00 local
    month_starts_at: '2026-02-28T14:00:00Z', // 1 March 00:00 local
    previous_month_starts_at: '2026-01-31T14:00:00Z', // 1 February 00:00 local
    previous_month_ends_at: '2026-02-15T14:00:00Z', // 16 February 00:00 local
    week_ends_at: '2026-03-21T14:00:00Z', // 22 March 00:00 local
  };

  beforeAll(async () => {
    await world.resetWithoutResults();
    const { sql } = server;
    const owner = world.actors.owner.user!.id;
    const items: [string, string | null, string | null][] = [
      ['published', '2026-02-28T20:00:00Z', null], // 1 March 06:00 local: this month (UTC would say February)
      ['published', '2026-03-03T10:00:00Z', null], // this month
      ['published', '2026-01-31T15:00:00Z', null], // 1 February 01:00 local: last month's 1st–15th (UTC: January)
      ['published', '2026-02-10T00:00:00Z', null], // last month's 1st–15th
      ['published', '2026-02-15T15:00:00Z', null], // 16 February 01:00 local: after the 15th, not compared (UTC: the 15th)
      ['review', null, '2026-03-18T09:00:00Z'], // scheduled within 7 days
      ['draft', null, '2026-03-15T01:00:00Z'], // 11:00 local today, before noon: overdue
      ['draft', null, '2026-03-21T13:00:00Z'], // 21 March 23:00 local: the 7th day, scheduled
      ['draft', null, '2026-03-21T15:00:00Z'], // 22 March 01:00 local: after the 7 days (UTC: still the 21st)
      ['archived', null, '2026-03-01T00:00:00Z'], // archived: neither scheduled nor overdue
    ];
    for (const [status, publishedAt, plannedAt] of items) {
      const [row] = await sql<{ id: string }[]>`insert into public.content_items (organization_id, user_id, title, status, planned_publish_at)
        values (${world.workspace1}, ${owner}, 'Item', ${status}, ${plannedAt}) returning id`;
      if (publishedAt) await sql`update public.content_items set published_at = ${publishedAt} where id = ${row!.id}`;
    }
    // Workspace 2's items on the same days never count in workspace 1.
    const owner2 = await ownerOfWorkspace2();
    await sql`insert into public.content_items (organization_id, user_id, title, status, planned_publish_at)
      select ${world.workspace2}, ${owner2}, 'W2', s, '2026-03-16T00:00:00Z' from unnest(array['draft', 'review', 'draft']) s`;
  });

  it("counts in the user's own days: published this month and in the same days of last month, in review, drafts, scheduled in the next 7 days and overdue", async () => {
    const { data, error } = await world.actors.viewer.client.rpc('content_overview', { workspace_id: world.workspace1, ...brisbane }).single();
    expect(error).toBeNull();
    // The world's own item is a draft without a plan: drafts = 3 + 1.
    expect(data).toEqual({ published_this_month: 2, published_last_month: 2, in_review: 1, drafts: 4, scheduled_next_7_days: 2, overdue: 1 });
  });

  it('gets those boundaries from the app: its local midnights, computed where the user is', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Australia/Brisbane';
    try {
      expect(contentOverviewBoundaries(TODAY, new Date(brisbane.as_of))).toEqual({
        as_of: '2026-03-15T02:00:00.000Z',
        month_starts_at: '2026-02-28T14:00:00.000Z',
        previous_month_starts_at: '2026-01-31T14:00:00.000Z',
        previous_month_ends_at: '2026-02-15T14:00:00.000Z',
        week_ends_at: '2026-03-21T14:00:00.000Z',
      });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('stamps the first publication, which no client can set', async () => {
    const client = world.actors.member.client;
    const { data: created } = await client.from('content_items').insert({ organization_id: world.workspace1, user_id: world.actors.member.user!.id, title: 'Now', status: 'published' }).select('published_at').single();
    expect(Date.now() - Date.parse(created!.published_at!)).toBeLessThan(60_000);
    const forged = await client.from('content_items').update({ published_at: '2020-01-01T00:00:00Z' } as never).eq('title', 'Now').select('id');
    expect(forged.error?.code).toBe('42501');
  });
});
