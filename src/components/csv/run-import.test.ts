import { describe, expect, it, vi } from 'vitest';
import { runImport } from '@/components/csv/run-import';

describe('runImport', () => {
  it('sends the rows in batches, sums the results and reports progress', async () => {
    const importBatch = vi.fn(async (rows: number[]) => ({ added: rows.length - 1, updated: 0, unchanged: 1 }));
    const progress: [number, number][] = [];
    const summary = await runImport([1, 2, 3, 4, 5], importBatch, { batchSize: 2, skippedLines: [7], onProgress: (done, total) => progress.push([done, total]) });
    expect(importBatch.mock.calls.map(([rows]) => rows)).toEqual([[1, 2], [3, 4], [5]]);
    expect(summary).toEqual({ added: 2, updated: 0, unchanged: 3, skippedLines: [7], failure: null });
    expect(progress).toEqual([[0, 5], [2, 5], [4, 5], [5, 5]]);
  });

  it('stops at the first failed batch and says how many rows were not sent', async () => {
    const error = new Error('offline');
    const importBatch = vi.fn(async (rows: number[]) => {
      if (rows[0] === 3) throw error;
      return { added: rows.length, updated: 0, unchanged: 0 };
    });
    const summary = await runImport([1, 2, 3, 4, 5], importBatch, { batchSize: 2 });
    expect(importBatch).toHaveBeenCalledTimes(2);
    expect(summary).toEqual({ added: 2, updated: 0, unchanged: 0, skippedLines: [], failure: { error, rowsNotSent: 3 } });
  });
});
