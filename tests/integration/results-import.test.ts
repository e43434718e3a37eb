import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missingRequiredFields, suggestMapping } from '../../src/components/csv/csv-schema';
import { parseCsvText } from '../../src/components/csv/parse-csv';
import { runImport } from '../../src/components/csv/run-import';
import { validateRows } from '../../src/components/csv/validate-rows';
import { fetchCampaignResults } from '../../src/features/campaigns/api/get-campaign-results';
import { importCampaignResults, RESULTS_IMPORT_BATCH } from '../../src/features/campaigns/api/import-campaign-results';
import { resultsCsvSchema } from '../../src/features/campaigns/utils/results-csv';
import { addDays, localDay } from '../../src/lib/periods';
import { startTestServer, type TestServer } from '../support/test-server';
import { createWorkspaceWorld, ids, type WorkspaceWorld } from '../support/workspaces';

/**
 * The results import (import_campaign_results, its dry run, the app's batches) and export (every page of a campaign's
 * results) through supabase-js against the real server, by the actors of the tenant matrix. The remembered column
 * mapping: csv-mapping-store.test.ts.
 */

let server: TestServer;
let world: WorkspaceWorld;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  world = await createWorkspaceWorld(server);
});

afterAll(async () => {
  await server?.close();
});

const resultRow = (day: string, extra: Record<string, unknown> = {}) => ({ day, platform: 'Google Ads', impressions: 100, clicks: 10, conversions: 1, spend: 5.5, revenue: 20, ...extra });
const stored = async () => server.sql<{ n: number; spend: string }[]>`select count(*)::int as n, coalesce(sum(spend), 0)::text as spend from public.campaign_results where campaign_id = ${ids.campaign}`;

describe('import_campaign_results', () => {
  beforeEach(() => world.resetWithoutResults());

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

describe('import_campaign_results(dry_run)', () => {
  beforeEach(() => world.resetWithoutResults());

  it('checks, writes and counts, then keeps nothing: not a row, not a daily total', async () => {
    const client = world.actors.member.client;
    await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [resultRow('2026-01-01'), resultRow('2026-01-02')] });
    const totals = () => server.sql`select day, spend::text from public.campaign_results_daily where organization_id = ${world.workspace1} order by day`;
    const [rowsBefore, totalsBefore] = [await stored(), await totals()];
    const rows = [resultRow('2026-01-01'), resultRow('2026-01-02', { spend: 9 }), resultRow('2026-01-03')];
    const dry = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows, dry_run: true });
    expect(dry.error).toBeNull();
    expect(dry.data).toEqual({ added: 1, updated: 1, unchanged: 1, refused: [] });
    expect(await stored()).toEqual(rowsBefore);
    expect(await totals()).toEqual(totalsBefore);
  });

  it('answers the lines it would refuse instead of raising, bad values and repeats alike', async () => {
    const client = world.actors.owner.client;
    const bad = await client.rpc('import_campaign_results', {
      campaign_id: ids.campaign,
      results: [{ line: 2, ...resultRow('2026-01-01') }, { line: 3, ...resultRow('2026-01-02', { platform: 'MySpace' }) }, { line: 4, ...resultRow('2099-01-01') }],
      dry_run: true,
    });
    expect(bad.error).toBeNull();
    expect(bad.data).toEqual({
      added: 0, updated: 0, unchanged: 0,
      refused: [
        { line: 3, message: 'Platform: MySpace is not one of Google Ads, Facebook Ads, Instagram Ads, LinkedIn Ads, Twitter Ads, TikTok Ads' },
        { line: 4, message: 'Date: 2099-01-01 is out of range (2000-01-01 to tomorrow)' },
      ],
    });
    const twice = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [{ line: 2, ...resultRow('2026-01-01') }, { line: 9, ...resultRow('2026-01-01') }], dry_run: true });
    expect(twice.data).toEqual({ added: 0, updated: 0, unchanged: 0, refused: [{ line: 9, message: 'same day and platform as line 2' }] });
    expect(await stored()).toEqual([{ n: 0, spend: '0' }]);
  });

  it('refuses whoever may not import, as the import itself does', async () => {
    const rows = [resultRow('2026-01-01')];
    const viewer = await world.actors.viewer.client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows, dry_run: true });
    expect([viewer.status, viewer.error?.code]).toEqual([403, '42501']);
    const outsider = await world.actors.outsider.client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows, dry_run: true });
    expect([outsider.status, outsider.error?.details]).toEqual([400, 'campaign_missing']);
  });
});

describe('a large file in batches, as the app sends it', () => {
  const PLATFORMS = ['Google Ads', 'Facebook Ads', 'Instagram Ads', 'LinkedIn Ads', 'TikTok Ads'];
  const DAYS = 2_000; // × 5 platforms = 10,000 rows, the most one file may have

  /** A Google-Ads-like export of 10,000 lines (grouped thousands, dollar amounts, a column the import does not use). */
  function bigExport(): { text: string; spendCents: number } {
    const lines = ['Day,Network,Campaign,Impr.,Clicks,Conv.,Cost,Conv. value'];
    let spendCents = 0;
    for (let index = 0; index < DAYS; index++) {
      const day = addDays('2020-01-01', index);
      PLATFORMS.forEach((platform, p) => {
        const cents = 1_000 + ((index * 37 + p * 101) % 90_000);
        spendCents += cents;
        const impressions = 1_000 + ((index * 13 + p * 7) % 98_000);
        lines.push(`${day},${platform},Autumn Sale,"${impressions.toLocaleString('en-US')}",${20 + (index % 300)},${index % 9},$${(cents / 100).toFixed(2)},${((cents * 4) / 100).toFixed(2)}`);
      });
    }
    return { text: lines.join('\r\n'), spendCents };
  }

  async function checkedRows() {
    const { text, spendCents } = bigExport();
    const parsed = parseCsvText(text, 'utf-8');
    if (!parsed.ok) throw new Error('not parsed');
    const schema = resultsCsvSchema(localDay());
    const checked = await validateRows(parsed.csv, suggestMapping(parsed.csv.headers, schema.fields), schema);
    expect(checked.errors).toEqual([]);
    return { rows: checked.valid.map((row) => row.value), lines: checked.valid.map((row) => row.line), spendCents };
  }

  beforeAll(() => world.resetWithoutResults());

  it('is too large for one request (the data API takes 1 MB), so the app sends 1,000 rows at a time: all or nothing through a dry run first', async () => {
    const client = world.actors.member.client;
    const { rows, lines, spendCents } = await checkedRows();
    expect(rows).toHaveLength(10_000);
    const whole = await client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: rows.map((row, index) => ({ ...row, line: lines[index] })) });
    expect([whole.status, whole.error?.code]).toEqual([413, 'PGRST102']);

    const sent: string[] = [];
    const send = (dryRun: boolean) => (batch: typeof rows, batchLines: number[]) => {
      sent.push(`${dryRun ? 'check' : 'import'} ${batch.length}`);
      return importCampaignResults(client, ids.campaign, batch.map((row, index) => ({ ...row, line: batchLines[index] })), dryRun);
    };
    const progress: string[] = [];
    const summary = await runImport(rows, send(false), {
      batchSize: RESULTS_IMPORT_BATCH, lines, checkBatch: send(true), onProgress: (done, total, phase) => progress.push(`${phase} ${done}/${total}`),
    });
    expect(summary).toMatchObject({ added: 10_000, updated: 0, unchanged: 0, refused: [], rejected: false, failure: null });
    expect(sent).toEqual([...Array(10).fill('check 1000'), ...Array(10).fill('import 1000')]);
    expect(progress.filter((entry) => entry.startsWith('importing'))).toEqual(Array.from({ length: 11 }, (_, index) => `importing ${index * 1000}/10000`));
    expect(await stored()).toEqual([{ n: 10_000, spend: (spendCents / 100).toFixed(2) }]);

    // The same file again: nothing doubles.
    const again = await runImport(rows, send(false), { batchSize: RESULTS_IMPORT_BATCH, lines });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 10_000, failure: null });
    expect(await stored()).toEqual([{ n: 10_000, spend: (spendCents / 100).toFixed(2) }]);
  });

  it('exports every page of those results (1,000 rows a request), oldest day first', async () => {
    const exported = await fetchCampaignResults(world.actors.viewer.client, ids.campaign);
    expect(exported).toHaveLength(10_000);
    expect(new Set(exported.map((row) => row.id)).size).toBe(10_000);
    expect(exported.slice(0, 2).map((row) => [row.day, row.platform])).toEqual([
      ['2020-01-01', 'Facebook Ads'],
      ['2020-01-01', 'Google Ads'],
    ]);
    expect(exported.at(-1)!.day).toBe(addDays('2020-01-01', DAYS - 1));
    const ordered = exported.every((row, index) => index === 0 || `${exported[index - 1]!.day}|${exported[index - 1]!.platform}` < `${row.day}|${row.platform}`);
    expect(ordered).toBe(true);
  });

  it('stopped by a failed batch, keeps the batches before it; the same file again finishes the import', async () => {
    await world.resetWithoutResults();
    const client = world.actors.member.client;
    const { rows, lines, spendCents } = await checkedRows();
    let calls = 0;
    const failing = (batch: typeof rows, batchLines: number[]) => {
      calls += 1;
      if (calls === 3) return Promise.reject(new Error('connection lost'));
      return importCampaignResults(client, ids.campaign, batch.map((row, index) => ({ ...row, line: batchLines[index] })));
    };
    const stopped = await runImport(rows, failing, { batchSize: RESULTS_IMPORT_BATCH, lines });
    expect(stopped).toMatchObject({ added: 2_000, failure: { rowsNotSent: 8_000 } });
    expect((await stored())[0]!.n).toBe(2_000);

    const finished = await runImport(rows, (batch, batchLines) => importCampaignResults(client, ids.campaign, batch.map((row, index) => ({ ...row, line: batchLines[index] }))), {
      batchSize: RESULTS_IMPORT_BATCH,
      lines,
    });
    expect(finished).toMatchObject({ added: 8_000, updated: 0, unchanged: 2_000, failure: null });
    expect(await stored()).toEqual([{ n: 10_000, spend: (spendCents / 100).toFixed(2) }]);
  });
});
