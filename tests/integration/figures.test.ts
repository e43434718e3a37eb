import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCsvText } from '../../src/components/csv/parse-csv';
import { missingRequiredFields, suggestMapping } from '../../src/components/csv/csv-schema';
import { validateRows } from '../../src/components/csv/validate-rows';
import { resultsCsvSchema } from '../../src/features/campaigns/utils/results-csv';
import { localDay } from '../../src/lib/periods';
import { startTestServer, type TestServer } from '../support/test-server';
import { createWorkspaceWorld, ids, type WorkspaceWorld } from '../support/workspaces';

/**
 * The dashboards' figures and the results import, through supabase-js against the real server, by the actors of the
 * tenant matrix. Results are seeded with SQL around a fixed day (TODAY) and every figure is compared with a value
 * computed by hand in the comment beside it.
 */

let server: TestServer;
let world: WorkspaceWorld;
const TODAY = '2026-03-15';
const SECOND_CAMPAIGN = '33333333-0000-4000-8000-000000000002';
const W2_CAMPAIGN = '33333333-0000-4000-8000-0000000000f2';

beforeAll(async () => {
  server = await startTestServer({}, { mailWorker: false });
  world = await createWorkspaceWorld(server);
});

afterAll(async () => {
  await server?.close();
});

/** Workspace 1 as the tenant matrix seeds it, without its one day of results. */
async function resetWithoutResults() {
  await world.reset();
  await server.sql`delete from public.campaign_results where organization_id = ${world.workspace1}`;
}

/** Workspace 1: two campaigns with results in March and February; workspace 2: a campaign with large results. */
async function seedResults() {
  await resetWithoutResults();
  const { sql } = server;
  const owner = world.actors.owner.user!.id;
  await sql`update public.campaigns set status = 'active', budget = 1000, type = 'advertising', created_at = '2026-02-10T00:00:00Z' where id = ${ids.campaign}`;
  await sql`insert into public.campaigns (id, organization_id, user_id, title, status, budget, created_at)
    values (${SECOND_CAMPAIGN}, ${world.workspace1}, ${owner}, 'Spring', 'paused', 500, '2026-03-02T00:00:00Z')`;
  await sql`insert into public.campaigns (id, organization_id, user_id, title, status, budget)
    values (${W2_CAMPAIGN}, ${world.workspace2}, ${(await sql`select user_id from public.organization_members where organization_id = ${world.workspace2} and role = 'owner'`)[0]!.user_id}, 'Other', 'active', 99999)`;
  // day, campaign, platform, impressions, clicks, conversions, spend, revenue
  const rows: [string, string, string, number, number, number, number, number][] = [
    ['2026-03-15', ids.campaign, 'Google Ads', 1000, 50, 5, 20.5, 100],
    ['2026-03-15', ids.campaign, 'Facebook Ads', 2000, 40, 2, 10, 30],
    ['2026-03-10', SECOND_CAMPAIGN, 'Google Ads', 500, 10, 1, 5.25, 12],
    ['2026-03-08', ids.campaign, 'Google Ads', 800, 20, 2, 8, 40], // previous 7-day period (03-02..03-08)
    ['2026-03-02', ids.campaign, 'Google Ads', 100, 5, 0, 2, 0], // previous 7-day period
    ['2026-02-20', ids.campaign, 'Google Ads', 300, 30, 3, 15, 60], // last month
    ['2026-03-01', W2_CAMPAIGN, 'Google Ads', 1e6, 1e5, 1e4, 50000, 90000], // workspace 2: never counted in workspace 1
  ];
  for (const [day, campaign, platform, impressions, clicks, conversions, spend, revenue] of rows) {
    await sql`insert into public.campaign_results (campaign_id, day, platform, impressions, clicks, conversions, spend, revenue)
      values (${campaign}, ${day}, ${platform}, ${impressions}, ${clicks}, ${conversions}, ${spend}, ${revenue})`;
  }
}

const num = (value: unknown) => Number(value);

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

  it('paces active campaigns: budget against everything spent', async () => {
    const { data } = await world.actors.owner.client.rpc('campaign_pacing', { workspace_id: world.workspace1 });
    // Only the active campaign: 20.5 + 10 + 8 + 2 + 15 = 55.5 of 1000.
    expect(data!.map((row) => [row.campaign_id, num(row.budget), num(row.spend)])).toEqual([[ids.campaign, 1000, 55.5]]);
  });

  it('computes the Platform and Executive Overviews month over month', async () => {
    const { sql } = server;
    const [viewer, member, admin] = [world.actors.viewer, world.actors.member, world.actors.admin].map((actor) => actor.user!.id);
    await sql`insert into public.workspace_activity_days (organization_id, user_id, day) values
      (${world.workspace1}, ${viewer}, '2026-03-15'), (${world.workspace1}, ${member}, '2026-03-01'), (${world.workspace1}, ${member}, '2026-02-20'),
      (${world.workspace1}, ${admin}, '2026-02-01'), (${world.workspace1}, ${admin}, '2026-02-05'), (${world.workspace1}, ${admin}, '2026-01-10')`;
    const platform = await world.actors.viewer.client.rpc('platform_overview', { workspace_id: world.workspace1, today: TODAY }).single();
    expect(platform.error).toBeNull();
    expect({ ...platform.data!, revenue: num(platform.data!.revenue), revenue_last_month: num(platform.data!.revenue_last_month) }).toEqual({
      campaigns: 2, // both advertising campaigns exist now
      campaigns_last_month: 1, // Spring was created on 03-02
      clicks: 50 + 40 + 10 + 20 + 5, // March 1–15
      conversions: 5 + 2 + 1 + 2 + 0,
      revenue: 100 + 30 + 12 + 40 + 0,
      clicks_last_month: 30, // February
      conversions_last_month: 3,
      revenue_last_month: 60,
      active_users: 2, // viewer (03-15) and member (03-01, 02-20): 02-14..03-15, each counted once
      active_users_before: 1, // admin (02-01, 02-05): 01-15..02-13; 01-10 is older than 60 days
    });

    const executive = await world.actors.owner.client.rpc('executive_overview', { workspace_id: world.workspace1, today: TODAY }).single();
    // Active: the first campaign (budget 1000). Last 30 days (02-14..03-15): spend 20.5+10+5.25+8+2+15 = 60.75, revenue 100+30+12+40+0+60 = 242.
    expect(Object.fromEntries(Object.entries(executive.data!).map(([key, value]) => [key, num(value)]))).toEqual({
      total_budget: 1000, active_campaigns: 1, spend: 60.75, revenue: 242, spend_before: 0, revenue_before: 0, members: 4,
    });
  });

  it('never counts another workspace: outsiders and removed members get zeros, not workspace 1’s figures', async () => {
    for (const name of ['outsider', 'removed', 'invited'] as const) {
      const { data, error } = await world.actors[name].client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-03-01', to_day: TODAY });
      expect(error).toBeNull();
      expect(data!.every((row) => row.impressions === 0 && num(row.spend) === 0)).toBe(true);
      const pacing = await world.actors[name].client.rpc('campaign_pacing', { workspace_id: world.workspace1 });
      expect(pacing.data).toEqual([]);
    }
    const anon = await world.actors.anon.client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-03-01', to_day: TODAY });
    expect(anon.status).toBe(401);
    // Workspace 2's owner-side member sees its own 50,000 spend, never workspace 1's rows mixed in.
    const outsider = await world.actors.outsider.client.rpc('results_summary', { workspace_id: world.workspace2, from_day: '2026-03-01', to_day: TODAY });
    expect(num(outsider.data![0]!.spend)).toBe(50000);
  });
});

describe('content overview', () => {
  beforeAll(async () => {
    await resetWithoutResults();
    const { sql } = server;
    const owner = world.actors.owner.user!.id;
    const items: [string, string | null, string | null][] = [
      ['published', '2026-03-03T10:00:00Z', null], // this month
      ['published', '2026-02-27T10:00:00Z', null], // last month
      ['published', '2026-02-01T00:00:00Z', null], // last month
      ['review', null, '2026-03-18T09:00:00Z'], // scheduled within 7 days
      ['draft', null, '2026-03-10T09:00:00Z'], // overdue
      ['draft', null, '2026-03-22T00:00:00Z'], // after the 7 days (03-15..03-21)
      ['archived', null, '2026-03-01T00:00:00Z'], // archived: neither scheduled nor overdue
    ];
    for (const [status, publishedAt, plannedAt] of items) {
      const [row] = await sql<{ id: string }[]>`insert into public.content_items (organization_id, user_id, title, status, planned_publish_at)
        values (${world.workspace1}, ${owner}, 'Item', ${status}, ${plannedAt}) returning id`;
      if (publishedAt) await sql`update public.content_items set published_at = ${publishedAt} where id = ${row!.id}`;
    }
  });

  it('counts published this month and last, in review, drafts, scheduled in the next 7 days and overdue', async () => {
    const { data, error } = await world.actors.viewer.client.rpc('content_overview', { workspace_id: world.workspace1, today: TODAY }).single();
    expect(error).toBeNull();
    // The world's own item is a draft without a plan: drafts = 2 + 1.
    expect(data).toEqual({ published_this_month: 1, published_last_month: 2, in_review: 1, drafts: 3, scheduled_next_7_days: 1, overdue: 1 });
  });

  it('stamps the first publication, which no client can set', async () => {
    const client = world.actors.member.client;
    const { data: created } = await client.from('content_items').insert({ organization_id: world.workspace1, user_id: world.actors.member.user!.id, title: 'Now', status: 'published' }).select('published_at').single();
    expect(Date.now() - Date.parse(created!.published_at!)).toBeLessThan(60_000);
    const forged = await client.from('content_items').update({ published_at: '2020-01-01T00:00:00Z' } as never).eq('title', 'Now').select('id');
    expect(forged.error?.code).toBe('42501');
  });
});

describe('import_campaign_results', () => {
  beforeEach(resetWithoutResults);

  const resultRow = (day: string, extra: Record<string, unknown> = {}) => ({ day, platform: 'Google Ads', impressions: 100, clicks: 10, conversions: 1, spend: 5.5, revenue: 20, ...extra });
  const stored = async () => server.sql<{ n: number; spend: string }[]>`select count(*)::int as n, coalesce(sum(spend), 0)::text as spend from public.campaign_results where campaign_id = ${ids.campaign}`;

  it('imports 90 days once: re-importing the same rows changes nothing, a changed figure updates one row', async () => {
    const client = world.actors.member.client;
    const rows = Array.from({ length: 90 }, (_, index) => resultRow(`2026-01-${String((index % 30) + 1).padStart(2, '0')}`, { platform: ['Google Ads', 'Facebook Ads', 'TikTok Ads'][Math.floor(index / 30)] }));
    const first = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ added: 90, updated: 0, unchanged: 0 });
    const again = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows });
    expect(again.data).toEqual({ added: 0, updated: 0, unchanged: 90 });
    expect(await stored()).toEqual([{ n: 90, spend: '495.00' }]);
    const changed = rows.map((row, index) => (index === 0 ? { ...row, spend: 6.5 } : row));
    const third = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: changed });
    expect(third.data).toEqual({ added: 0, updated: 1, unchanged: 89 });
    expect(await stored()).toEqual([{ n: 90, spend: '496.00' }]);
    // The workspace figures (kept per day by a trigger) follow every insert, update and delete exactly.
    const january = async () => (await client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-01-01', to_day: '2026-01-31' })).data![0]!;
    expect(Number((await january()).spend)).toBe(496);
    await client.from('campaign_results').delete().eq('campaign_id', ids.campaign).eq('day', '2026-01-02');
    expect(Number((await january()).spend)).toBe(496 - 3 * 5.5);
    await client.from('campaigns').delete().eq('id', ids.campaign);
    expect(await january()).toMatchObject({ impressions: 0, clicks: 0, spend: 0 });
  });

  it('refuses bad rows by line and imports nothing of the file', async () => {
    const client = world.actors.owner.client;
    const rows = [
      { line: 2, ...resultRow('2026-01-01') },
      { line: 3, ...resultRow('2026-01-02', { platform: 'MySpace' }) },
      { line: 4, ...resultRow('2026-01-03', { clicks: 'many' }) },
      { line: 5, ...resultRow('2099-01-01') },
      { line: 6, ...resultRow('2026-01-05', { impressions: -1 }) },
    ];
    const { error, status } = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows });
    expect(status).toBe(400);
    expect(error!.details).toBe('invalid_rows');
    expect(error!.message).toContain('4 rows refused, nothing imported');
    expect(JSON.parse(error!.hint!)).toEqual([
      { line: 3, message: 'Platform: MySpace is not one of Google Ads, Facebook Ads, Instagram Ads, LinkedIn Ads, Twitter Ads, TikTok Ads' },
      { line: 4, message: 'Clicks: must be a number' },
      { line: 5, message: 'Date: 2099-01-01 is out of range (2000-01-01 to tomorrow)' },
      { line: 6, message: 'Impressions: must be between 0 and 1,000,000,000,000' },
    ]);
    expect(await stored()).toEqual([{ n: 0, spend: '0' }]);
  });

  it('refuses the same day and platform twice in one import, and more than 10,000 rows', async () => {
    const client = world.actors.owner.client;
    const twice = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [{ line: 2, ...resultRow('2026-01-01') }, { line: 9, ...resultRow('2026-01-01') }] });
    expect(twice.error).toMatchObject({ details: 'duplicate_rows', message: expect.stringContaining('line 9: same day and platform as line 2') });
    const many = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: Array.from({ length: 10_001 }, () => ({})) });
    expect(many.error).toMatchObject({ details: 'too_many_rows' });
    expect(await stored()).toEqual([{ n: 0, spend: '0' }]);
  });

  it('lets a viewer, an outsider, a removed member and anon import nothing', async () => {
    const rows = [resultRow('2026-01-01')];
    const viewer = await world.actors.viewer.client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows });
    expect([viewer.status, viewer.error?.code]).toEqual([403, '42501']);
    for (const name of ['outsider', 'removed'] as const) {
      const refused = await world.actors[name].client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows });
      expect([refused.status, refused.error?.details]).toEqual([400, 'campaign_missing']);
    }
    const anon = await world.actors.anon.client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows });
    expect(anon.status).toBe(401);
    expect(await stored()).toEqual([{ n: 0, spend: '0' }]);
  });

  it('goes from a CSV file to stored results through the app’s own parsing and checks, naming bad lines', async () => {
    const header = 'Day,Platform,Impr.,Clicks,Conv.,Cost,Conv. value';
    const good = Array.from({ length: 90 }, (_, index) => `2026-01-${String((index % 30) + 1).padStart(2, '0')},${['Google Ads', 'Facebook Ads', 'TikTok Ads'][Math.floor(index / 30)]},"1,000",50,2,$10.00,25`);
    const text = [header, ...good, '2026-01-40,Google Ads,1,1,1,1,1', '2026-01-01,Google Ads,1,1', '2026-01-02,Orkut,1,1,1,1,1'].join('\r\n');
    const parsed = parseCsvText(text, 'utf-8');
    if (!parsed.ok) throw new Error('not parsed');
    const schema = resultsCsvSchema(localDay());
    const mapping = suggestMapping(parsed.csv.headers, schema.fields);
    const checked = await validateRows(parsed.csv, mapping, schema);
    expect(checked.errors.map((error) => [error.line, error.messages[0]])).toEqual([
      [92, 'Date: "2026-01-40" is not a date like 2026-11-23'],
      [93, '4 cells where the header has 7'],
      [94, 'Platform: "Orkut" is not one of Google Ads, Facebook Ads, Instagram Ads, LinkedIn Ads, Twitter Ads, TikTok Ads'],
    ]);
    const imported = await world.actors.member.client.rpc('import_campaign_results', {
      campaign_id: ids.campaign,
      results: checked.valid.map((row) => ({ line: row.line, ...row.value })),
    });
    expect(imported.data).toEqual({ added: 90, updated: 0, unchanged: 0 });
    expect(await stored()).toEqual([{ n: 90, spend: '900.00' }]);
  });

  it('imports a single-platform export without a Platform column, the platform chosen for every line', async () => {
    const text = ['Day,Impr.,Clicks,Cost', ...Array.from({ length: 30 }, (_, index) => `2026-01-${String(index + 1).padStart(2, '0')},100,5,$2.00`)].join('\n');
    const parsed = parseCsvText(text, 'utf-8');
    if (!parsed.ok) throw new Error('not parsed');
    const schema = resultsCsvSchema(localDay());
    const mapping = suggestMapping(parsed.csv.headers, schema.fields);
    expect(mapping.platform).toBeUndefined();
    expect(missingRequiredFields(schema.fields, mapping).map((field) => field.key)).toEqual(['platform']);
    const checked = await validateRows(parsed.csv, mapping, schema, { fixed: { platform: 'LinkedIn Ads' } });
    expect(checked.errors).toEqual([]);
    const imported = await world.actors.member.client.rpc('import_campaign_results', {
      campaign_id: ids.campaign,
      results: checked.valid.map((row) => ({ line: row.line, ...row.value })),
    });
    expect(imported.data).toEqual({ added: 30, updated: 0, unchanged: 0 });
    const platforms = await world.actors.member.client.from('campaign_results').select('platform').eq('campaign_id', ids.campaign).eq('platform', 'LinkedIn Ads');
    expect(platforms.data).toHaveLength(30);
  });
});
