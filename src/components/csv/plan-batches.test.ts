import { describe, expect, it } from 'vitest';
import { planBatches } from '@/components/csv/plan-batches';

const email = (row: { email: string | null }) => row.email?.toLowerCase() ?? null;

describe('planBatches', () => {
  it('slices the rows in file order without a group key', () => {
    expect(planBatches(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([[0, 1], [2, 3], [4]]);
    expect(planBatches([], 2)).toEqual([]);
  });

  it('puts a repeat far down the file into the batch of its first row (any case), in file order', () => {
    const rows = [{ email: 'a@x' }, { email: 'b@x' }, { email: 'c@x' }, { email: 'd@x' }, { email: 'A@X' }];
    expect(planBatches(rows, 2, email)).toEqual([[0, 4], [1, 2], [3]]);
  });

  it('keeps rows without a key on their own, and splits only a group larger than a batch', () => {
    const rows = [{ email: null }, { email: 'a@x' }, { email: null }, { email: 'a@x' }, { email: 'a@x' }, { email: null }];
    expect(planBatches(rows, 3, email)).toEqual([[0], [1, 3, 4], [2, 5]]);
    expect(planBatches(rows, 2, email)).toEqual([[0], [1, 3], [2, 4], [5]]);
  });

  it('sends every row exactly once', () => {
    const rows = Array.from({ length: 1234 }, (_, n) => ({ email: n % 5 === 0 ? null : `p${n % 97}@x` }));
    const batches = planBatches(rows, 100, email);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(rows.map((_, index) => index));
    const batchOf = new Map(batches.flatMap((batch, b) => batch.map((index) => [index, b] as const)));
    rows.forEach((row, index) => {
      if (row.email) expect(batchOf.get(index)).toBe(batchOf.get(rows.findIndex((other) => other.email === row.email)));
    });
  });
});
