import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatMoney, truncate } from '@/lib/format';

describe('truncate', () => {
  it('gives empty text for null, undefined and the empty string', () => {
    expect(truncate(null, 10)).toBe('');
    expect(truncate(undefined, 10)).toBe('');
    expect(truncate('', 10)).toBe('');
  });

  it('keeps a text shorter than the limit, or exactly as long, untouched', () => {
    expect(truncate('Short', 10)).toBe('Short');
    expect(truncate('0123456789', 10)).toBe('0123456789');
  });

  it('cuts a longer text to the limit and adds ...', () => {
    expect(truncate('01234567890', 10)).toBe('0123456789...');
  });

  it('drops the spaces left before the ellipsis', () => {
    expect(truncate('Word one two three', 9)).toBe('Word one...');
  });

  it('counts characters, never cutting an emoji in half', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀...');
    expect(truncate('😀😀', 2)).toBe('😀😀');
  });
});

describe('formatDay', () => {
  it('reads YYYY-MM-DD as a local day (no shift west of Greenwich)', () => {
    expect(formatDay('2026-06-01', 'en-US')).toBe('6/1/2026');
    expect(formatDay('2026-12-31', 'en-GB')).toBe('31/12/2026');
  });

  it('returns anything else as it is', () => {
    expect(formatDay('soon', 'en-US')).toBe('soon');
  });
});

describe('formatDate', () => {
  it('formats an API timestamp as a date of the locale', () => {
    expect(formatDate('2026-06-01T12:00:00.000000+00:00', 'en-US')).toBe(new Date(Date.UTC(2026, 5, 1, 12)).toLocaleDateString('en-US'));
  });
});

describe('formatMoney', () => {
  it('shows US dollars with cents', () => {
    expect(formatMoney(1500.5, 'en-US')).toBe('$1,500.50');
    expect(formatMoney(0, 'en-US')).toBe('$0.00');
  });
});
