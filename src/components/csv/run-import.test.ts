import { describe, expect, it, vi } from 'vitest';
import { runImport } from '@/components/csv/run-import';

describe('runImport', () => {
  it('sends the rows in batches, sums the results and reports progress', async () => {
    const importBatch = vi.fn(async (rows: number[], _lines: number[]) => ({ added: rows.length - 1, updated: 0, unchanged: 1 }));
    const progress: [number, number][] = [];
    const summary = await runImport([1, 2, 3, 4, 5], importBatch, { batchSize: 2, skippedLines: [7], onProgress: (done, total) => progress.push([done, total]) });
    expect(importBatch.mock.calls.map(([rows, lines]) => [rows, lines])).toEqual([
      [[1, 2], [1, 2]],
      [[3, 4], [3, 4]],
      [[5], [5]],
    ]);
    expect(summary).toEqual({ added: 2, updated: 0, unchanged: 3, skippedLines: [7], invalid: [], skipped: [], refused: [], rejected: false, failure: null });
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
    expect(summary).toEqual({ added: 2, updated: 0, unchanged: 0, skippedLines: [], invalid: [], skipped: [], refused: [], rejected: false, failure: { error, rowsNotSent: 3 } });
  });

  it('passes each batch the file lines of its rows and sums the rows the store did not take', async () => {
    const importBatch = vi.fn(async (rows: string[], lines: number[]) => ({
      added: rows.length - 1,
      updated: 0,
      unchanged: 0,
      skipped: [{ line: lines[0]!, reason: `${rows[0]} exists` }],
    }));
    const summary = await runImport(['a', 'b', 'c', 'd'], importBatch, { batchSize: 2, lines: [2, 4, 5, 9] });
    expect(importBatch.mock.calls.map(([, lines]) => lines)).toEqual([[2, 4], [5, 9]]);
    expect(summary.skipped).toEqual([{ line: 2, reason: 'a exists' }, { line: 5, reason: 'c exists' }]);
    expect(summary.added).toBe(2);
  });

  it('carries the lines the checks left out, with their reasons, into the summary', async () => {
    const importBatch = vi.fn(async (rows: string[]) => ({ added: rows.length, updated: 0, unchanged: 0 }));
    const invalidLines = [{ line: 3, reason: 'Email: enter one address such as name@example.com' }, { line: 5, reason: 'Phone: digits only' }];
    const summary = await runImport(['a', 'b'], importBatch, { batchSize: 10, lines: [2, 4], invalidLines });
    expect(summary).toMatchObject({ added: 2, skippedLines: [3, 5], invalid: invalidLines });
  });

  it('sends rows of one group in one batch (the batch of its first row), counting progress in rows', async () => {
    const importBatch = vi.fn(async (rows: string[], _lines: number[]) => ({ added: rows.length, updated: 0, unchanged: 0 }));
    const progress: number[] = [];
    await runImport(['a@x', 'b@x', 'c@x', 'A@X', 'd@x'], importBatch, {
      batchSize: 2,
      lines: [2, 3, 4, 5, 6],
      groupKey: (row) => row.toLowerCase(),
      onProgress: (done) => progress.push(done),
    });
    expect(importBatch.mock.calls).toEqual([
      [['a@x', 'A@X'], [2, 5]],
      [['b@x', 'c@x'], [3, 4]],
      [['d@x'], [6]],
    ]);
    expect(progress).toEqual([0, 2, 4, 5]);
  });

  describe('all or nothing (checkBatch)', () => {
    const refuseC = async (rows: string[], lines: number[]) => ({
      added: rows.length,
      updated: 0,
      unchanged: 0,
      refused: rows.flatMap((row, index) => (row === 'c' ? [{ line: lines[index]!, reason: 'c is bad' }] : [])),
    });

    it('checks every batch first and imports nothing when the store refuses a line', async () => {
      const importBatch = vi.fn(async (rows: string[]) => ({ added: rows.length, updated: 0, unchanged: 0 }));
      const progress: string[] = [];
      const summary = await runImport(['a', 'b', 'c', 'd'], importBatch, {
        batchSize: 2,
        lines: [2, 3, 4, 5],
        checkBatch: refuseC,
        onProgress: (done, total, phase) => progress.push(`${phase} ${done}/${total}`),
      });
      expect(importBatch).not.toHaveBeenCalled();
      expect(summary).toMatchObject({ added: 0, rejected: true, refused: [{ line: 4, reason: 'c is bad' }], failure: null });
      expect(progress).toEqual(['checking 0/4', 'checking 2/4', 'checking 4/4']);
    });

    it('imports every batch after a check that refuses nothing', async () => {
      const checkBatch = vi.fn(async (rows: string[]) => ({ added: rows.length, updated: 0, unchanged: 0, refused: [] }));
      const importBatch = vi.fn(async (rows: string[]) => ({ added: rows.length, updated: 0, unchanged: 0 }));
      const summary = await runImport(['a', 'b', 'd'], importBatch, { batchSize: 2, checkBatch });
      expect(checkBatch).toHaveBeenCalledTimes(2);
      expect(importBatch).toHaveBeenCalledTimes(2);
      expect(summary).toMatchObject({ added: 3, rejected: false, refused: [] });
    });

    it('checks a repeat far down the file together with its first line, so a refusal that needs both stops the import', async () => {
      // The store refuses a record named twice in one call (as contacts refuse merged tags over 50), and sees
      // nothing of other calls: only grouping lets the check find it.
      const refuseRepeats = async (rows: string[], lines: number[]) => {
        const keys = rows.map((row) => row.toLowerCase());
        return { added: rows.length, updated: 0, unchanged: 0, refused: lines.filter((_, index) => keys.indexOf(keys[index]!) !== keys.lastIndexOf(keys[index]!)).map((line) => ({ line, reason: 'too many tags' })) };
      };
      const importBatch = vi.fn(async (rows: string[]) => ({ added: rows.length, updated: 0, unchanged: 0 }));
      const rows = ['a@x', 'b@x', 'c@x', 'A@X'];
      const grouped = await runImport(rows, importBatch, { batchSize: 2, lines: [2, 3, 4, 5], groupKey: (row) => row.toLowerCase(), checkBatch: refuseRepeats });
      expect(grouped).toMatchObject({ rejected: true, refused: [{ line: 2, reason: 'too many tags' }, { line: 5, reason: 'too many tags' }] });
      expect(importBatch).not.toHaveBeenCalled();
      // Without the group key the repeat is checked apart from its first line, and the check passes.
      expect(await runImport(rows, importBatch, { batchSize: 2, checkBatch: refuseRepeats })).toMatchObject({ rejected: false });
    });

    it('imports nothing when the check itself fails', async () => {
      const error = new Error('offline');
      const importBatch = vi.fn(async (rows: string[]) => ({ added: rows.length, updated: 0, unchanged: 0 }));
      const summary = await runImport(['a', 'b'], importBatch, { batchSize: 1, checkBatch: async () => Promise.reject(error) });
      expect(importBatch).not.toHaveBeenCalled();
      expect(summary.failure).toEqual({ error, rowsNotSent: 2 });
    });
  });
});
