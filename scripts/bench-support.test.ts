import { describe, expect, it } from 'vitest';
import { percentiles } from './bench-support';

describe('percentiles', () => {
  it('takes the nearest-rank p50 and p99', () => {
    const samples = Array.from({ length: 100 }, (_, index) => 100 - index); // 100..1, unsorted
    expect(percentiles(samples)).toEqual({ p50: 50, p99: 99 });
    expect(percentiles([7])).toEqual({ p50: 7, p99: 7 });
    expect(percentiles([])).toEqual({ p50: NaN, p99: NaN });
  });
});
