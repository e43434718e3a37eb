import { describe, expect, it } from 'vitest';
import { formatChange, formatCount, formatDollars, formatPointChange, formatRate, ratio } from '@/lib/figures';

describe('ratio', () => {
  it('divides, and has no rate without a denominator', () => {
    expect(ratio(3, 4)).toBe(0.75);
    expect(ratio(0, 4)).toBe(0);
    expect(ratio(3, 0)).toBeNull();
  });
});

describe('formatChange', () => {
  it('signs and rounds the change to one decimal', () => {
    expect(formatChange(150, 100)).toBe('+50%');
    expect(formatChange(90, 120)).toBe('-25%');
    expect(formatChange(100, 100)).toBe('+0%');
    expect(formatChange(1001, 1000)).toBe('+0.1%');
    expect(formatChange(2, 3)).toBe('-33.3%');
  });

  it('has nothing to say without an earlier figure', () => {
    expect(formatChange(10, 0)).toBeNull();
    expect(formatChange(null, 5)).toBeNull();
    expect(formatChange(5, null)).toBeNull();
  });
});

describe('formatPointChange and formatRate', () => {
  it('writes a rate change in percentage points', () => {
    expect(formatPointChange(0.038, 0.034)).toBe('+0.4 pts');
    expect(formatPointChange(0.02, 0.025)).toBe('-0.5 pts');
    expect(formatPointChange(null, 0.02)).toBeNull();
  });

  it('writes a rate, or a dash when unknown', () => {
    expect(formatRate(0.0324)).toBe('3.24%');
    expect(formatRate(4.2, 0)).toBe('420%');
    expect(formatRate(null)).toBe('–');
  });
});

describe('formatCount and formatDollars', () => {
  it('keeps small counts whole and shortens large ones', () => {
    expect(formatCount(8543)).toBe('8,543');
    expect(formatCount(12_345)).toBe('12.3K');
    expect(formatCount(1_234_567)).toBe('1.2M');
  });

  it('writes whole dollars', () => {
    expect(formatDollars(12450.4)).toBe('$12,450');
  });
});
