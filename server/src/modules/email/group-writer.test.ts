import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGroupWriter } from './group-writer';

/** A writer whose statements are recorded and finish when the test says so. */
function recordingWriter(options?: { gatherMs?: number; maxItems?: number }) {
  const statements: number[][] = [];
  const finish: (() => void)[] = [];
  const writer = createGroupWriter<number, number>((items) => {
    statements.push(items);
    return new Promise((resolve) => finish.push(() => resolve(items.length)));
  }, options);
  return { writer, statements, finish };
}

describe('createGroupWriter', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a lone item at once without gatherMs', () => {
    const { writer, statements } = recordingWriter();
    void writer.add(1);
    expect(statements).toEqual([[1]]);
  });

  it('gathers the items that arrive while a statement is in flight into the next one', async () => {
    const { writer, statements, finish } = recordingWriter();
    const first = writer.add(1);
    const later = [writer.add(2), writer.add(3)];
    finish[0]!();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(statements).toEqual([[1], [2, 3]]));
    finish[1]!();
    expect(await Promise.all(later)).toEqual([2, 2]);
  });

  it('with gatherMs, holds a lone item until the time is up', async () => {
    vi.useFakeTimers();
    const { writer, statements } = recordingWriter({ gatherMs: 25 });
    void writer.add(1);
    void writer.add(2);
    expect(statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(24);
    expect(statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(statements).toEqual([[1, 2]]);
  });

  it('with gatherMs, writes at once when maxItems wait', () => {
    vi.useFakeTimers();
    const { writer, statements } = recordingWriter({ gatherMs: 25, maxItems: 3 });
    void writer.add(1);
    void writer.add(2);
    expect(statements).toEqual([]);
    void writer.add(3);
    expect(statements).toEqual([[1, 2, 3]]);
  });

  it('flushed() writes what waits without waiting for the gathering time, and resolves once all is written', async () => {
    vi.useFakeTimers();
    const { writer, statements, finish } = recordingWriter({ gatherMs: 1000 });
    const added = writer.add(1);
    let done = false;
    const flushed = writer.flushed().then(() => (done = true));
    expect(statements).toEqual([[1]]);
    await Promise.resolve();
    expect(done).toBe(false);
    finish[0]!();
    await flushed;
    expect(await added).toBe(1);
  });

  it('rejects every item of a statement that fails', async () => {
    const writer = createGroupWriter<number>(() => Promise.reject(new Error('down')));
    await expect(writer.add(1)).rejects.toThrow('down');
    await expect(writer.flushed()).resolves.toBeUndefined();
  });
});
