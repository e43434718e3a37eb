import { describe, expect, it } from 'vitest';
import { checkCsvFile, readCsvFile } from '@/components/csv/read-csv-file';

describe('checkCsvFile', () => {
  it('refuses a file over the cap before reading it', () => {
    expect(checkCsvFile({ name: 'big.csv', size: 20 * 1024 * 1024, type: 'text/csv' }, 5 * 1024 * 1024)).toEqual({ kind: 'too-large', maxBytes: 5 * 1024 * 1024 });
  });

  it('accepts a CSV by its name or its type, and refuses anything else', () => {
    expect(checkCsvFile({ name: 'results.CSV', size: 10, type: '' }, 100)).toBeNull();
    expect(checkCsvFile({ name: 'export', size: 10, type: 'text/csv' }, 100)).toBeNull();
    expect(checkCsvFile({ name: 'photo.png', size: 10, type: 'image/png' }, 100)).toEqual({ kind: 'not-csv' });
    expect(checkCsvFile({ name: 'report.xlsx', size: 10, type: '' }, 100)).toEqual({ kind: 'not-csv' });
  });
});

describe('readCsvFile', () => {
  it('reads and parses a picked file (inline where there is no Worker)', async () => {
    const file = new File(['\uFEFFDate,Clicks\n2026-01-01,3\n'], 'r.csv', { type: 'text/csv' });
    expect(await readCsvFile(file)).toEqual({
      ok: true,
      csv: { headers: ['Date', 'Clicks'], rows: [{ line: 2, cells: ['2026-01-01', '3'] }], encoding: 'utf-8', headerLine: 1, leftOut: [] },
    });
  });

  it('finds the header of a file under its title lines from the column names it is given', async () => {
    const file = new File(['Campaign report\nAll time\nDay,Clicks\n2026-01-01,3\n'], 'r.csv', { type: 'text/csv' });
    const result = await readCsvFile(file, { knownHeaders: ['day', 'clicks'] });
    expect(result.ok && [result.csv.headerLine, result.csv.rows]).toEqual([3, [{ line: 4, cells: ['2026-01-01', '3'] }]]);
  });

  it('says a 20 MB file is too large without reading it', async () => {
    const file = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: 20 * 1024 * 1024 });
    expect(await readCsvFile(file)).toEqual({ ok: false, problem: { kind: 'too-large', maxBytes: 5 * 1024 * 1024 } });
  });
});
