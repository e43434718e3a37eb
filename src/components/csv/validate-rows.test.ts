import { describe, expect, it } from 'vitest';
import { testSchema } from '@/components/csv/csv-test-schema';
import { checkRow, mapRow, validateRows } from '@/components/csv/validate-rows';

const headers = ['Day', 'Platform', 'Clicks', 'Cost'];
const mapping = { date: 'Day', platform: 'Platform', clicks: 'Clicks', spend: 'Cost' } as const;

describe('mapRow', () => {
  it('keys the trimmed cells by field and leaves unmapped fields out', () => {
    expect(mapRow(headers, [' 2026-01-01 ', 'Google Ads', '5', '1.5'], { date: 'Day', clicks: 'Clicks' })).toEqual({ date: '2026-01-01', clicks: '5' });
  });

  it('gives a field without a column its value for every line; a column wins over it', () => {
    expect(mapRow(headers, ['2026-01-01', 'Google Ads', '5', '1.5'], { date: 'Day' }, { platform: 'Facebook Ads' })).toEqual({ date: '2026-01-01', platform: 'Facebook Ads' });
    expect(mapRow(headers, ['2026-01-01', 'Google Ads', '5', '1.5'], { platform: 'Platform' }, { platform: 'Facebook Ads' })).toEqual({ platform: 'Google Ads' });
  });
});

describe('checkRow', () => {
  it('returns the parsed record of a good row', () => {
    expect(checkRow({ headers }, ['2026-01-01', 'Google Ads', '5', '1.5'], mapping, testSchema)).toEqual({
      ok: true,
      value: { date: '2026-01-01', platform: 'Google Ads', clicks: 5, spend: 1.5 },
    });
  });

  it('names every problem with its field', () => {
    expect(checkRow({ headers }, ['01/02/2026', 'MySpace', '-3', 'x'], mapping, testSchema)).toEqual({
      ok: false,
      messages: ['Date: must be a date like 2026-11-23', 'Platform: must be Google Ads or Facebook Ads', 'Clicks: must be a whole number of 0 or more', 'Spend: must be an amount of 0 or more'],
    });
  });

  it('refuses a row whose cell count differs from the header', () => {
    expect(checkRow({ headers }, ['2026-01-01', 'Google Ads'], mapping, testSchema)).toEqual({ ok: false, messages: ['2 cells where the header has 4'] });
  });
});

describe('validateRows', () => {
  it('splits 10,000 rows into valid ones and lines with errors, reporting progress up to 1', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      line: index + 2,
      cells: ['2026-01-01', 'Google Ads', index % 1000 === 0 ? 'many' : String(index), '0'],
    }));
    const progress: number[] = [];
    const result = await validateRows({ headers, rows, encoding: 'utf-8', headerLine: 1, leftOut: [] }, mapping, testSchema, { onProgress: (done) => progress.push(done) });
    expect(result.valid).toHaveLength(9_990);
    expect(result.errors.map((error) => error.line)).toEqual([2, 1002, 2002, 3002, 4002, 5002, 6002, 7002, 8002, 9002]);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toHaveLength(10);
  });

  it('leaves out the rows the schema says are not data, and checks the file with the checks made from all its rows', async () => {
    const rows = [
      { line: 2, cells: ['2026-01-01', 'Google Ads', '5', '1'] },
      { line: 3, cells: ['TOTAL', 'Google Ads', '5', '1'] },
      { line: 4, cells: ['2026-01-02', 'Google Ads', '7', '2'] },
    ];
    const seen: number[] = [];
    const schema = {
      ...testSchema,
      forFile: (inputs: readonly { date?: string }[]) => {
        seen.push(inputs.length);
        return { row: testSchema.row, skipRow: (input: { date?: string }) => (input.date === 'TOTAL' ? 'a total' : null) };
      },
    };
    const result = await validateRows({ headers, rows, encoding: 'utf-8', headerLine: 1, leftOut: [] }, mapping, schema);
    expect(seen).toEqual([3]);
    expect(result.skipped).toEqual([{ line: 3, reason: 'a total' }]);
    expect(result.valid.map((row) => row.line)).toEqual([2, 4]);
    expect(result.errors).toEqual([]);
  });
});
