import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownHeaderNames } from '@/components/csv/csv-schema';
import { parseCsvBytes } from '@/components/csv/parse-csv';
import { resultsCsvSchema } from '@/features/campaigns/utils/results-csv';

/** The three platforms' exports as the CSV parser reads them (tests/fixtures/ad-exports/README.md). */
const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/ad-exports', name)));

describe('the platforms’ exports (tests/fixtures/ad-exports)', () => {
  const names = knownHeaderNames(resultsCsvSchema('2026-11-27').fields);
  const parse = (name: string) => {
    const result = parseCsvBytes(fixture(name), 'auto', names);
    if (!result.ok) throw new Error(`${name}: ${result.problem.kind}`);
    return result.csv;
  };

  it.each(['google-ads-campaign-report.csv', 'google-ads-campaign-report-excel.csv'])('%s: header on line 3, title, date range and three totals left out', (name) => {
    const csv = parse(name);
    expect(csv.headerLine).toBe(3);
    expect(csv.headers.slice(0, 3)).toEqual(['Day', 'Campaign status', 'Campaign']);
    expect(csv.rows.map((row) => [row.line, row.cells[0]])).toEqual([4, 5, 6, 7, 8, 9, 10].map((line, index) => [line, `2026-10-0${index + 1}`]));
    expect(csv.leftOut.map((line) => [line.line, line.kind, line.text])).toEqual([
      [1, 'above-header', 'Campaign report'],
      [2, 'above-header', name.includes('excel') ? '1 October 2026 - 7 October 2026' : 'October 1, 2026 - October 7, 2026'],
      [11, 'total', 'Total: Campaigns'],
      [12, 'total', 'Total: Account'],
      [13, 'total', 'Total: Search'],
    ]);
  });

  it('Meta: the header is line 1; the summary row is data to the parser (the results schema leaves it out)', () => {
    const csv = parse('meta-ads-manager-export.csv');
    expect([csv.headerLine, csv.leftOut, csv.rows.length, csv.encoding]).toEqual([1, [], 8, 'utf-8']);
  });

  it('LinkedIn: UTF-16, tab-separated, the header under four report lines', () => {
    const csv = parse('linkedin-campaign-performance-report.csv');
    expect([csv.encoding, csv.headerLine, csv.headers[0], csv.rows.length]).toEqual(['utf-16le', 5, 'Start Date (in UTC)', 7]);
    expect(csv.leftOut.map((line) => line.text)).toEqual([
      'Campaign Performance Report (in UTC)',
      'Report Start: 10/1/2026, 12:00 AM',
      'Report End: 10/7/2026, 11:59 PM',
      'Date Generated: 10/8/2026, 9:14 AM',
    ]);
  });
});
