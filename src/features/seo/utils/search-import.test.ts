import { zipSync, strToU8 } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { suggestMapping } from '@/components/csv/csv-schema';
import { searchConsoleZipToCsv } from '@/features/seo/utils/gsc-zip';
import { checkPeriod, defaultPeriod, parseCtr, parsePosition, SEARCH_FIELDS, searchImportSchema } from '@/features/seo/utils/search-import';

const period = { from: '2026-10-01', to: '2026-10-28' };
const parse = (input: Record<string, string>) => searchImportSchema(period).row.safeParse(input);

describe('reading Search Console figures', () => {
  it.each([['2.5%', 0.025], ['0.025', 0.025], ['2,5 %', 0.025], ['100%', 1], ['', null], ['12', 0.12], ['abc', undefined], ['150%', undefined]])('CTR %j → %j', (text, value) => {
    expect(parseCtr(text)).toBe(value);
  });
  it.each([['8.3', 8.3], ['8,3', 8.3], ['1', 1], ['', null], ['-1', undefined], ['x', undefined]])('position %j → %j', (text, value) => {
    expect(parsePosition(text)).toBe(value);
  });
});

describe('searchImportSchema', () => {
  it('dates a Queries.csv row by the export period', () => {
    expect(parse({ query: 'oak table', clicks: '1,204', impressions: '20000', ctr: '6.02%', position: '3.4' }).data).toEqual({
      date_from: '2026-10-01', date_to: '2026-10-28', query: 'oak table', page: '', clicks: 1204, impressions: 20000, ctr: 0.0602, position: 3.4,
    });
  });
  it('dates a daily row by its Date, a zip row by its period', () => {
    expect(parse({ date: '2026-10-05', query: 'q', page: 'https://a.example/', clicks: '1', impressions: '2' }).data).toMatchObject({ date_from: '2026-10-05', date_to: '2026-10-05', ctr: null, position: null });
    expect(parse({ date: '2026-09-01', date_to: '2026-09-28', clicks: '1', impressions: '2' }).data).toMatchObject({ date_from: '2026-09-01', date_to: '2026-09-28' });
  });
  it('names each bad cell', () => {
    const issues = (input: Record<string, string>) => parse(input).error?.issues.map((issue) => issue.path[0]);
    expect(issues({ date: '2026-02-30', clicks: '1', impressions: '1' })).toEqual(['date']);
    expect(issues({ clicks: '1.5', impressions: '1' })).toEqual(['clicks']);
    expect(issues({ clicks: '1', impressions: '1', ctr: 'lots' })).toEqual(['ctr']);
    expect(issues({ date: '2026-10-05', date_to: '2026-10-01', clicks: '1', impressions: '1' })).toEqual(['date_to']);
  });
  it('recognises the columns of every export', () => {
    const mapping = (headers: string[]) => suggestMapping(headers, SEARCH_FIELDS);
    expect(mapping(['Top queries', 'Clicks', 'Impressions', 'CTR', 'Position'])).toEqual({ query: 'Top queries', clicks: 'Clicks', impressions: 'Impressions', ctr: 'CTR', position: 'Position' });
    expect(mapping(['Top pages', 'Clicks', 'Impressions', 'CTR', 'Position']).page).toBe('Top pages');
    expect(mapping(['Date', 'Query', 'Landing Page', 'Url Clicks', 'Impressions', 'Average Position'])).toMatchObject({ date: 'Date', page: 'Landing Page', clicks: 'Url Clicks', position: 'Average Position' });
  });
});

describe('periods', () => {
  it('checks the export period', () => {
    expect(checkPeriod('2026-10-01', '2026-10-28')).toEqual(period);
    expect(checkPeriod('2026-10-28', '2026-10-01')).toBeNull();
    expect(checkPeriod('2025-01-01', '2026-10-01')).toBeNull();
    expect(checkPeriod('2026-13-01', '2026-10-01')).toBeNull();
  });
  it('defaults to the 28 days ending three days ago', () => {
    expect(defaultPeriod('2026-11-28')).toEqual({ from: '2026-10-29', to: '2026-11-25' });
  });
});

describe('searchConsoleZipToCsv', () => {
  const zip = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
  it('joins queries, pages and dates into one table dated by the export’s days', () => {
    const result = searchConsoleZipToCsv(zip({
      'Queries.csv': 'Top queries,Clicks,Impressions,CTR,Position\noak table,12,340,3.53%,4.2\n"tables, oak",1,50,2%,9\n',
      'Pages.csv': '\uFEFFTop pages,Clicks,Impressions,CTR,Position\nhttps://a.example/tables,13,390,3.33%,4.8\n',
      'Dates.csv': 'Date,Clicks,Impressions,CTR,Position\n2026-10-02,5,200,2.5%,5\n2026-10-01,8,190,4.21%,4.6\n',
      'Countries.csv': 'Country,Clicks,Impressions,CTR,Position\nGermany,13,390,3.33%,4.8\n',
      'Filters.csv': 'Filter,Value\nSearch type,Web\nDate,Last 28 days\n',
    }));
    if (!result.ok) throw new Error(result.problem);
    expect(result.period).toEqual({ from: '2026-10-01', to: '2026-10-02' });
    const rows = Papa.parse<string[]>(result.csv).data;
    expect(rows[0]).toEqual(['Period start', 'Period end', 'Query', 'Page', 'Clicks', 'Impressions', 'CTR', 'Position']);
    expect(rows.slice(1)).toEqual([
      ['2026-10-01', '2026-10-02', 'oak table', '', '12', '340', '3.53%', '4.2'],
      ['2026-10-01', '2026-10-02', 'tables, oak', '', '1', '50', '2%', '9'],
      ['2026-10-01', '2026-10-02', '', 'https://a.example/tables', '13', '390', '3.33%', '4.8'],
      ['2026-10-02', '2026-10-02', '', '', '5', '200', '2.5%', '5'],
      ['2026-10-01', '2026-10-01', '', '', '8', '190', '4.21%', '4.6'],
    ]);
  });
  it('says what is wrong with a zip that is not an export', () => {
    expect(searchConsoleZipToCsv(zip({ 'notes.txt': 'hi' }))).toEqual({ ok: false, problem: 'no-tables' });
    expect(searchConsoleZipToCsv(new Uint8Array([1, 2, 3]))).toEqual({ ok: false, problem: 'unreadable' });
    expect(searchConsoleZipToCsv(zipSync({ 'Queries.csv': new Uint8Array(21 * 1024 * 1024) }))).toEqual({ ok: false, problem: 'too-large' });
  });
});
