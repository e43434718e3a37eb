import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, neutraliseFormula, toCsv, type CsvColumn } from '@/lib/csv-export';

describe('neutraliseFormula', () => {
  it.each(['=SUM(A1)', '+1', '-1+2', '@cmd', '\tx', '\rx'])('makes %j inert with an apostrophe', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it.each(['plain', '', ' =not at start', "'already"])('leaves %j alone', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});

describe('csvCell', () => {
  it('writes empty for null and undefined, and numbers as numbers (a negative amount stays one)', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes commas, quotes, CR and LF and doubles inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises a formula before quoting it', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
  });

  it('writes dates as ISO 8601', () => {
    expect(csvCell(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('toCsv', () => {
  const columns: CsvColumn<{ name: string; spend: number | null }>[] = [
    { header: 'Name', value: (row) => row.name },
    { header: 'Spend', value: (row) => row.spend },
  ];

  it('starts with the UTF-8 BOM, separates records with CRLF and ends with one', () => {
    expect(toCsv(columns, [{ name: 'Café, "Paris"', spend: 12.5 }, { name: '-x', spend: null }])).toBe(
      '\uFEFFName,Spend\r\n"Café, ""Paris""",12.5\r\n\'-x,\r\n',
    );
  });

  it('writes the header alone for no rows, and leaves the BOM out on request', () => {
    expect(toCsv(columns, [], { bom: false })).toBe('Name,Spend\r\n');
  });
});

describe('csvFileName', () => {
  it('keeps letters, digits, dots and dashes and adds the day', () => {
    expect(csvFileName('Summer Sale: Ads/2026', '2026-11-23')).toBe('summer-sale-ads-2026-2026-11-23.csv');
    expect(csvFileName('Été', '2026-01-01')).toBe('ete-2026-01-01.csv');
    expect(csvFileName('***', '2026-01-01')).toBe('export-2026-01-01.csv');
  });
});
