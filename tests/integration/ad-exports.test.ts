import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { knownHeaderNames, suggestMapping } from '../../src/components/csv/csv-schema';
import { parseCsvBytes } from '../../src/components/csv/parse-csv';
import { validateRows } from '../../src/components/csv/validate-rows';
import { fetchCampaignResults } from '../../src/features/campaigns/api/get-campaign-results';
import { importCampaignResults } from '../../src/features/campaigns/api/import-campaign-results';
import { resultColumns } from '../../src/features/campaigns/utils/results-export';
import { resultsCsvSchema } from '../../src/features/campaigns/utils/results-csv';
import { startTestServer, type TestServer } from '../support/test-server';
import { createWorkspaceWorld, ids, type WorkspaceWorld } from '../support/workspaces';

/**
 * The ad platforms' own exports (tests/fixtures/ad-exports, figures added up by hand in its README) go through the
 * app's parsing and checks, are stored with import_campaign_results through supabase-js against the real server, and
 * the dashboards' figure functions give back their spend, revenue and conversions exactly. Then fractional
 * conversions (Google Ads' data-driven attribution) on their own: stored, summed and exported to the cent.
 */

let server: TestServer;
let world: WorkspaceWorld;
const TODAY = '2026-11-27';
const WEEK = { from_day: '2026-10-01', to_day: '2026-10-07' };

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  world = await createWorkspaceWorld(server);
});

afterAll(async () => {
  await server?.close();
});

/** An export as the wizard turns it into rows: parsed, mapped as suggested, checked, every line given `platform`. */
async function rowsOf(name: string, platform: string) {
  const schema = resultsCsvSchema(TODAY);
  const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../fixtures/ad-exports', name)));
  const parsed = parseCsvBytes(bytes, 'auto', knownHeaderNames(schema.fields));
  if (!parsed.ok) throw new Error(`${name}: ${parsed.problem.kind}`);
  const checked = await validateRows(parsed.csv, suggestMapping(parsed.csv.headers, schema.fields), schema, { fixed: { platform } });
  expect(checked.errors).toEqual([]);
  return checked.valid.map((row) => ({ line: row.line, ...row.value }));
}

const num = (value: unknown) => Number(value);

describe('the ad platforms’ exports, imported and summed by the real server', () => {
  beforeAll(() => world.resetWithoutResults());

  it('imports the 7 days of each export, and the Excel twin of the Google Ads file changes nothing', async () => {
    const client = world.actors.member.client;
    expect(await importCampaignResults(client, ids.campaign, await rowsOf('google-ads-campaign-report.csv', 'Google Ads'))).toMatchObject({ added: 7, updated: 0, unchanged: 0 });
    expect(await importCampaignResults(client, ids.campaign, await rowsOf('meta-ads-manager-export.csv', 'Facebook Ads'))).toMatchObject({ added: 7 });
    expect(await importCampaignResults(client, ids.campaign, await rowsOf('linkedin-campaign-performance-report.csv', 'LinkedIn Ads'))).toMatchObject({ added: 7 });
    expect(await importCampaignResults(client, ids.campaign, await rowsOf('google-ads-campaign-report-excel.csv', 'Google Ads'))).toMatchObject({ added: 0, updated: 0, unchanged: 7 });
  });

  it('gives each platform’s spend, revenue, clicks and conversions as the README adds them up', async () => {
    const { data, error } = await world.actors.viewer.client.rpc('results_by_platform', { workspace_id: world.workspace1, ...WEEK });
    expect(error).toBeNull();
    expect(data!.map((row) => [row.platform, num(row.spend), num(row.revenue), num(row.clicks), num(row.conversions)])).toEqual([
      ['Google Ads', 2695.1, 7897.6, 2759, 77.75],
      ['LinkedIn Ads', 1085, 4075.5, 326, 13],
      ['Facebook Ads', 872.2, 2933.4, 2903, 31],
    ]);
  });

  it('sums the week for the workspace and for the campaign: spend, revenue, conversions to the cent', async () => {
    const total = { period: 'current', impressions: 259272, clicks: 5988, conversions: 121.75, spend: 4652.3, revenue: 14906.5 };
    for (const campaignId of [null, ids.campaign]) {
      const { data } = await world.actors.viewer.client.rpc('results_summary', { workspace_id: world.workspace1, ...WEEK, ...(campaignId ? { campaign_id: campaignId } : {}) });
      const current = data!.find((row) => row.period === 'current')!;
      expect({ ...current, conversions: num(current.conversions), spend: num(current.spend), revenue: num(current.revenue) }).toEqual(total);
    }
    const days = await world.actors.viewer.client.rpc('results_by_day', { workspace_id: world.workspace1, ...WEEK });
    // 10-03: Google 240 + Meta 131.10 + LinkedIn 0 spend; 7.33 + 6 + 0 conversions.
    expect(days.data!.map((row) => [row.day, num(row.spend), num(row.conversions)])[2]).toEqual(['2026-10-03', 371.1, 13.33]);
  });

  it('follows into the Platform Overview (conversions and revenue) and the Executive Overview (spend and revenue)', async () => {
    const platform = await world.actors.viewer.client
      .rpc('platform_overview', {
        workspace_id: world.workspace1, from_day: '2026-10-01', to_day: '2026-10-07', previous_from_day: '2026-09-01', previous_to_day: '2026-09-07', previous_ends_at: '2026-09-08T00:00:00Z',
      })
      .single();
    expect([num(platform.data!.clicks), num(platform.data!.conversions), num(platform.data!.revenue)]).toEqual([5988, 121.75, 14906.5]);
    const executive = await world.actors.viewer.client.rpc('executive_overview', { workspace_id: world.workspace1, today: '2026-10-07' }).single();
    expect([num(executive.data!.spend), num(executive.data!.revenue)]).toEqual([4652.3, 14906.5]);
  });
});

describe('fractional conversions', () => {
  beforeEach(() => world.resetWithoutResults());

  it('stores 2.50 conversions, sums them exactly and exports them as they are', async () => {
    const client = world.actors.member.client;
    const day = (date: string, conversions: number) => ({ day: date, platform: 'Google Ads', clicks: 100, conversions, spend: 50, revenue: 200 });
    const checked = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [day('2026-10-01', 2.5), day('2026-10-02', 1.25)], dry_run: true });
    expect(checked.data).toEqual({ added: 2, updated: 0, unchanged: 0, refused: [] });
    const imported = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [day('2026-10-01', 2.5), day('2026-10-02', 1.25)] });
    expect(imported.error).toBeNull();
    expect(await server.sql`select conversions::text from public.campaign_results where campaign_id = ${ids.campaign} order by day`).toEqual([{ conversions: '2.50' }, { conversions: '1.25' }]);

    const summary = await client.rpc('results_summary', { workspace_id: world.workspace1, from_day: '2026-10-01', to_day: '2026-10-02' });
    expect(num(summary.data!.find((row) => row.period === 'current')!.conversions)).toBe(3.75);
    // Conversion rate on /dashboard: 3.75 conversions ÷ 200 clicks.
    const platform = await client
      .rpc('platform_overview', {
        workspace_id: world.workspace1, from_day: '2026-10-01', to_day: '2026-10-02', previous_from_day: '2026-09-01', previous_to_day: '2026-09-02', previous_ends_at: '2026-09-03T00:00:00Z',
      })
      .single();
    expect(num(platform.data!.conversions) / num(platform.data!.clicks)).toBe(0.01875);

    const stored = await fetchCampaignResults(client, ids.campaign);
    const conversions = resultColumns('Autumn').find((column) => column.header === 'Conversions')!;
    expect(stored.map((row) => conversions.value(row))).toEqual([2.5, 1.25]);
    // Same figure again: unchanged; a third decimal is kept to the cent, as spend is.
    const again = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [day('2026-10-01', 2.5), day('2026-10-02', 1.255)] });
    expect(again.data).toEqual({ added: 0, updated: 1, unchanged: 1 });
    expect(await server.sql`select conversions::text from public.campaign_results where campaign_id = ${ids.campaign} and day = '2026-10-02'`).toEqual([{ conversions: '1.26' }]);
  });

  it('still refuses fractional clicks and impressions, and negative conversions', async () => {
    const row = (extra: Record<string, unknown>) => ({ line: 2, day: '2026-10-01', platform: 'Google Ads', ...extra });
    for (const [extra, message] of [
      [{ clicks: 1.5 }, 'Clicks: must be a whole number'],
      [{ impressions: 0.5 }, 'Impressions: must be a whole number'],
      [{ conversions: -0.5 }, 'Conversions: must be between 0 and 1,000,000,000,000'],
    ] as const) {
      const { data } = await world.actors.member.client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [row(extra)], dry_run: true });
      expect(data).toEqual({ added: 0, updated: 0, unchanged: 0, refused: [{ line: 2, message }] });
    }
  });
});
