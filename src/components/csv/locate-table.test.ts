import { describe, expect, it } from 'vitest';
import { describeRecord, isTotalRecord, locateTable } from '@/components/csv/locate-table';

const known = new Set(['day', 'platform', 'clicks', 'cost']);

describe('isTotalRecord', () => {
  it.each([
    [['Total: Account', '', 'USD'], true],
    [['Total: Campaigns', ' --', ' --'], true],
    [['Totaal: Alle zoekwoorden, behalve de verwijderde', ''], true],
    [['', 'Total', '5'], true],
    [['Grand total', '5'], true],
    [['Totals', '5'], true],
    [['Gesamt: Konto', '5'], true],
    [['Total Recall - Search', '5'], false],
    [['Totally Awesome', '5'], false],
    [['2026-10-01', 'Total: Account'], false],
    [['', ''], false],
  ])('%j → %s', (cells, expected) => {
    expect(isTotalRecord(cells)).toBe(expected);
  });
});

describe('describeRecord', () => {
  it('joins the cells with something in them and shortens a long line', () => {
    expect(describeRecord(['July 8, 2025 - July 31, 2025'])).toBe('July 8, 2025 - July 31, 2025');
    expect(describeRecord(['Report Start:', '', '10/1/2026'])).toBe('Report Start:, 10/1/2026');
    expect(describeRecord(['x'.repeat(80)])).toBe(`${'x'.repeat(59)}…`);
  });
});

describe('locateTable', () => {
  it('takes the first line as the header of a plain file, leaving nothing out', () => {
    expect(locateTable([['Day', 'Clicks'], ['2026-01-01', '5']], known)).toEqual({ headerIndex: 0, totalIndexes: new Set(), leftOut: [] });
  });

  it('finds the first line naming two known columns under title lines, and leaves out the lines above and the totals', () => {
    const records = [['Campaign report'], ['All time'], [''], ['Day', 'Campaign', 'Clicks'], ['2026-01-01', 'A', '5'], ['Total: Account', '', '5']];
    expect(locateTable(records, known)).toEqual({
      headerIndex: 3,
      totalIndexes: new Set([5]),
      leftOut: [
        { line: 1, kind: 'above-header', text: 'Campaign report' },
        { line: 2, kind: 'above-header', text: 'All time' },
        { line: 6, kind: 'total', text: 'Total: Account' },
      ],
    });
  });

  it('does not take a title line naming one known column for the header', () => {
    expect(locateTable([['Clicks report'], ['Clicks'], ['Day', 'Clicks'], ['2026-01-01', '5']], known)?.headerIndex).toBe(2);
  });

  it('starts at the first line with anything in it when no line names known columns, and finds nothing in an empty file', () => {
    expect(locateTable([[''], ['a', 'b'], ['1', '2']], known)?.headerIndex).toBe(1);
    expect(locateTable([[''], ['', '']], known)).toBeNull();
  });

  it('looks for the header within the first 100 lines only', () => {
    const records = [...Array.from({ length: 100 }, (_, index) => [`note ${index}`]), ['Day', 'Clicks'], ['2026-01-01', '5']];
    expect(locateTable(records, known)?.headerIndex).toBe(0);
  });
});
