import { describe, expect, it } from 'vitest';
import { formatBytes, formatDimensions, formatDuration, kindLabel, quotaUse, statusOption } from './asset-display';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [12.4 * 1024 * 1024, '12 MB'],
    [2.34 * 1024 ** 3, '2.3 GB'],
    ['2048', '2 KB'],
    [null, '0 B'],
    [Number.NaN, '0 B'],
  ])('%j → %j', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('formatDuration and formatDimensions', () => {
  it.each([
    [0, '00:00'],
    [31.5, '00:32'],
    [61, '01:01'],
    [599.4, '09:59'],
    [3599.6, '1:00:00'],
    [3725, '1:02:05'],
    ['95.2', '01:35'],
    [null, null],
    [undefined, null],
    [-1, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%j s → %j', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it('joins what is known', () => {
    expect(formatDimensions({ width: 1920, height: 1080, duration_seconds: 31 })).toBe('1920 × 1080 · 00:31');
    expect(formatDimensions({ width: 800, height: 600, duration_seconds: null })).toBe('800 × 600');
    expect(formatDimensions({ width: null, height: null, duration_seconds: '95.2' })).toBe('01:35');
    expect(formatDimensions({ width: null, height: null, duration_seconds: null })).toBeNull();
  });
});

describe('labels and the quota', () => {
  it('names kinds and statuses, with a fallback', () => {
    expect(kindLabel('pdf')).toBe('PDF');
    expect(kindLabel('nonsense')).toBe('Other');
    expect(statusOption('changes_requested')).toMatchObject({ label: 'Changes Requested', tone: 'red' });
    expect(statusOption('nonsense')).toMatchObject({ value: 'draft' });
  });

  it.each([
    [0, 100, 0, false],
    [50, 100, 50, false],
    [90, 100, 90, true],
    [150, 100, 100, true],
    [0, 0, 100, true],
  ])('%d of %d → %d %%, nearly full %s', (used, quota, percent, isNearlyFull) => {
    expect(quotaUse(used, quota)).toEqual({ percent, isNearlyFull });
  });
});
