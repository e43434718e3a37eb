import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, guessDelimiter, parseCsvBytes, parseCsvText } from '@/components/csv/parse-csv';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeCsvBytes(utf8('\uFEFFCafé'), 'auto')).toEqual({ text: 'Café', encoding: 'utf-8' });
    expect(decodeCsvBytes(utf8('Café'), 'auto')).toEqual({ text: 'Café', encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 for Excel files that are not UTF-8, unless UTF-8 was chosen', () => {
    const latin = Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0xfc]); // "Café ü" in Windows-1252
    expect(decodeCsvBytes(latin, 'auto')).toEqual({ text: 'Café ü', encoding: 'windows-1252' });
    expect(decodeCsvBytes(latin, 'windows-1252')?.text).toBe('Café ü');
    expect(decodeCsvBytes(latin, 'utf-8')).toBeNull();
  });

  it('follows a UTF-16 BOM', () => {
    const bytes = Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x2c, 0x00, 0x42, 0x00]);
    expect(decodeCsvBytes(bytes, 'auto')).toEqual({ text: 'A,B', encoding: 'utf-16le' });
  });
});

describe('parseCsvText', () => {
  it('splits header and records, numbering lines like a spreadsheet and skipping blank ones', () => {
    const result = parseCsvText('Date,Clicks\r\n2026-01-01,5\r\n\r\n"2026-01-02","1,2"\r\n', 'utf-8');
    expect(result).toEqual({
      ok: true,
      csv: {
        headers: ['Date', 'Clicks'],
        rows: [
          { line: 2, cells: ['2026-01-01', '5'] },
          { line: 4, cells: ['2026-01-02', '1,2'] },
        ],
        encoding: 'utf-8',
        headerLine: 1,
        leftOut: [],
      },
    });
  });

  it('finds the header under an export’s title lines and leaves out its total rows, saying which lines', () => {
    const text = [
      'Campaign report',
      '"October 1, 2026 - October 7, 2026"',
      'Day,Campaign,Clicks',
      '2026-10-01,Autumn,"1,412"',
      '',
      '2026-10-02,Autumn,398',
      'Total: Campaigns, --,"1,810"',
      'Total: Account,,"1,810"',
    ].join('\n');
    const result = parseCsvText(text, 'utf-8', ['day', 'clicks']);
    expect(result).toEqual({
      ok: true,
      csv: {
        headers: ['Day', 'Campaign', 'Clicks'],
        rows: [
          { line: 4, cells: ['2026-10-01', 'Autumn', '1,412'] },
          { line: 6, cells: ['2026-10-02', 'Autumn', '398'] },
        ],
        encoding: 'utf-8',
        headerLine: 3,
        leftOut: [
          { line: 1, kind: 'above-header', text: 'Campaign report' },
          { line: 2, kind: 'above-header', text: 'October 1, 2026 - October 7, 2026' },
          { line: 7, kind: 'total', text: 'Total: Campaigns' },
          { line: 8, kind: 'total', text: 'Total: Account' },
        ],
      },
    });
  });

  it('takes the first line as the header when no line names the known columns, as any CSV', () => {
    const result = parseCsvText('Report\nWhen,Spent\n2026-01-01,5\n', 'utf-8', ['day', 'spend']);
    expect(result.ok && [result.csv.headers, result.csv.headerLine, result.csv.rows.length]).toEqual([['Report'], 1, 2]);
  });

  it('detects semicolons and tabs as separators', () => {
    const semicolons = parseCsvText('a;b\n1;2\n', 'utf-8');
    const tabs = parseCsvText('a\tb\n1\t2\n', 'utf-8');
    expect(semicolons.ok && semicolons.csv.rows[0].cells).toEqual(['1', '2']);
    expect(tabs.ok && tabs.csv.headers).toEqual(['a', 'b']);
  });

  it('refuses an empty file, a header without rows, a header named twice and a quote never closed', () => {
    expect(parseCsvText('  \n', 'utf-8')).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(parseCsvText(',,\n', 'utf-8')).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(parseCsvText('a,b\n', 'utf-8')).toEqual({ ok: false, problem: { kind: 'no-rows' } });
    expect(parseCsvText('a,b,a\n1,2,3\n', 'utf-8')).toEqual({ ok: false, problem: { kind: 'duplicate-header', header: 'a' } });
    expect(parseCsvText('a,b\n1,2\n3,"4\n', 'utf-8')).toEqual({ ok: false, problem: { kind: 'malformed', line: 3 } });
  });

  it('parses 10,000 rows', () => {
    const text = ['Date,Clicks', ...Array.from({ length: 10_000 }, (_, index) => `2026-01-01,${index}`)].join('\n');
    const result = parseCsvText(text, 'utf-8');
    expect(result.ok && result.csv.rows.length).toBe(10_000);
    expect(result.ok && result.csv.rows.at(-1)).toEqual({ line: 10_001, cells: ['2026-01-01', '9999'] });
  });
});

describe('guessDelimiter', () => {
  it('reads the separator that the header and its rows agree on', () => {
    expect(guessDelimiter('a;b;c\n1,5;2;3')).toBe(';');
    expect(guessDelimiter('\n\na\tb\n')).toBe('\t');
    expect(guessDelimiter('a|b')).toBe('|');
    expect(guessDelimiter('single')).toBe(',');
    expect(guessDelimiter('a,b;c')).toBe(',');
  });

  it('looks past title lines, quoted text and a line of free text', () => {
    // Google Ads' Excel .csv: a title, a date range with commas, then tabs; grouped numbers are quoted.
    expect(guessDelimiter('Campaign report\nOctober 1, 2026 - October 7, 2026\nDay\tImpr.\tCost\n2026-10-01\t"12,480"\t301.55\n')).toBe('\t');
    // LinkedIn: report lines with a comma each above a tab-separated header.
    expect(guessDelimiter('Report Start: 10/1/2026, 12:00 AM\nReport End: 10/7/2026, 11:59 PM\nA\tB\tC\n1\t2\t3\n')).toBe('\t');
    expect(guessDelimiter('Date;Platform;Notes\n2026-01-01;Google Ads;a, b, c, d\n2026-01-02;Google Ads;x\n')).toBe(';');
  });
});

describe('parseCsvBytes', () => {
  it('refuses bytes that are not text in the chosen encoding', () => {
    expect(parseCsvBytes(Uint8Array.from([0xc3, 0x28]), 'utf-8')).toEqual({ ok: false, problem: { kind: 'encoding' } });
  });
});
