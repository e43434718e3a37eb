import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestMapping } from '../../src/components/csv/csv-schema';
import { searchConsoleZipToCsv } from '../../src/features/seo/utils/gsc-zip';
import { SEARCH_FIELDS, searchImportSchema, type SearchRow } from '../../src/features/seo/utils/search-import';
import type { Json } from '../../src/types/database';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Search Console's exports read as the import wizard reads them (the zip turned into one table, columns matched by
 * their names, rows checked by the schema) and stored through supabase-js: importing the same export twice gives the
 * same data; the keyword list, a keyword's trend and pages, and the site's figures come from it.
 */
const fixtures = path.join(import.meta.dirname, '../fixtures/search-console');
const read = (file: string) => readFileSync(path.join(fixtures, file), 'utf8');
const period = { from: '2026-09-01', to: '2026-09-28' };

/** A CSV's rows as the wizard sends them: header matched, each row through the schema. */
function rowsOf(csv: string): SearchRow[] {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  const mapping = suggestMapping(parsed.meta.fields ?? [], SEARCH_FIELDS);
  const schema = searchImportSchema(period);
  return parsed.data.map((record) => {
    const input = Object.fromEntries(Object.entries(mapping).map(([field, header]) => [field, record[header as string] ?? '']));
    return schema.row.parse(input);
  });
}

let server: TestServer;
let owner: SignedInUser;
let siteId: string;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  owner = await signedInUser(server);
  const { data } = await owner.client
    .from('seo_sites')
    .insert({ organization_id: owner.organizationId, name: 'Woodshop', start_url: 'https://woodshop.example/', created_by: owner.id })
    .select('id')
    .single();
  siteId = data!.id;
});

afterAll(async () => {
  await server?.close();
});

const stored = () => server.sql`
  select date_from::text, date_to::text, query, page, clicks, impressions, ctr::text, average_position::text
  from public.seo_search_performance where site_id = ${siteId} order by 1, 2, 3, 4`;

describe('the Search Console import', () => {
  it('stores the zip export and gives the same data when imported again', async () => {
    const zip = zipSync({ 'Queries.csv': strToU8(read('Queries.csv')), 'Pages.csv': strToU8(read('Pages.csv')), 'Dates.csv': strToU8(read('Dates.csv')), 'Filters.csv': strToU8('Filter,Value\nSearch type,Web\n') });
    const table = searchConsoleZipToCsv(zip);
    if (!table.ok) throw new Error(table.problem);
    const rows = rowsOf(table.csv);
    expect(rows).toHaveLength(7);
    const first = await owner.client.rpc('import_seo_search_rows', { site_id: siteId, rows: rows as unknown as Json });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ added: 7, updated: 0, unchanged: 0, refused: [] });
    const before = await stored();
    const second = await owner.client.rpc('import_seo_search_rows', { site_id: siteId, rows: rows as unknown as Json });
    expect(second.data).toEqual({ added: 0, updated: 0, unchanged: 7, refused: [] });
    expect(await stored()).toEqual(before);
    expect(before.find((row) => row.query === 'oak table')).toEqual({
      date_from: '2026-10-01', date_to: '2026-10-02', query: 'oak table', page: '', clicks: 12, impressions: 340, ctr: '0.035300', average_position: '4.20',
    });
  });

  it('stores a daily export by query and page, and refuses bad rows by their index', async () => {
    const rows = rowsOf(read('queries-by-day.csv'));
    const answer = await owner.client.rpc('import_seo_search_rows', {
      site_id: siteId,
      rows: [...rows, { ...rows[0], date_from: '2026-02-30' }, { ...rows[0], clicks: -1 }] as unknown as Json,
    });
    expect(answer.data).toEqual({
      added: 4, updated: 0, unchanged: 0,
      refused: [{ index: 4, reason: 'dates must be days of the calendar, YYYY-MM-DD' }, { index: 5, reason: 'clicks and impressions must be whole numbers' }],
    });
    const again = await owner.client.rpc('import_seo_search_rows', { site_id: siteId, rows: rows as unknown as Json });
    expect(again.data).toMatchObject({ added: 0, updated: 0, unchanged: 4 });
    const changed = await owner.client.rpc('import_seo_search_rows', { site_id: siteId, rows: [{ ...rows[0], clicks: 9 }] as unknown as Json });
    expect(changed.data).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
  });

  it('answers the keyword list, a keyword’s trend and pages, and the site’s figures', async () => {
    const keywords = await owner.client.rpc('seo_keywords', { site_id: siteId, day_from: '2026-10-01', day_to: '2026-10-02' });
    expect(keywords.error).toBeNull();
    expect(keywords.data!.map((row) => [row.query, Number(row.clicks), Number(row.impressions)])).toEqual([
      ['oak table', 12, 340],
      ['tables, oak', 1, 50],
      ['handmade chairs', 0, 75],
    ]);
    const trend = await owner.client.rpc('seo_keyword_trend', { site_id: siteId, query: 'oak table' });
    expect(trend.data!.map((point) => [point.date_from, point.date_to, Number(point.clicks)])).toEqual([
      ['2026-10-01', '2026-10-01', 9],
      ['2026-10-01', '2026-10-02', 12],
      ['2026-10-02', '2026-10-02', 5],
    ]);
    const pages = await owner.client.rpc('seo_keyword_pages', { site_id: siteId, query: 'oak table', day_from: '2026-10-01', day_to: '2026-10-02' });
    expect(pages.data!.map((page) => [page.page, Number(page.clicks)])).toEqual([['https://woodshop.example/tables', 14], ['https://woodshop.example/', 0]]);
    const figures = await owner.client.rpc('seo_site_figures', { site_id: siteId });
    expect(figures.data![0]).toMatchObject({ audit_id: null, search_to: '2026-10-02', clicks: 13, impressions: 465 });
  });

  it('refuses a viewer’s import and another workspace’s site', async () => {
    const outsider = await signedInUser(server);
    const refused = await outsider.client.rpc('import_seo_search_rows', { site_id: siteId, rows: [] as unknown as Json });
    expect(refused.error).toMatchObject({ code: '42501', details: 'not_a_member' });
    const read = await outsider.client.from('seo_search_performance').select('id').eq('site_id', siteId);
    expect(read.data).toEqual([]);
  });
});
