import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOneAtATime } from './use-one-at-a-time';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useOneAtATime', () => {
  it('ignores a second start while the first runs (same render: a double click), and allows one after it ended', async () => {
    const { result } = renderHook(() => useOneAtATime());
    const first = deferred();
    const start = vi.fn(() => first.promise);
    result.current(start);
    result.current(start);
    expect(start).toHaveBeenCalledTimes(1);
    await act(async () => first.resolve());
    result.current(() => Promise.resolve());
    const third = vi.fn(() => Promise.resolve());
    await act(async () => undefined);
    result.current(third);
    expect(third).toHaveBeenCalledTimes(1);
  });

  it('ends the turn after a failure, and after a start that throws', async () => {
    const { result } = renderHook(() => useOneAtATime());
    const failing = deferred();
    result.current(() => failing.promise);
    await act(async () => failing.reject(new Error('refused')));
    result.current(() => {
      throw new Error('sync');
    });
    await act(async () => undefined);
    const next = vi.fn(() => Promise.resolve());
    result.current(next);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('keeps one guard across renders', () => {
    const { result, rerender } = renderHook(() => useOneAtATime());
    const start = vi.fn(() => new Promise<void>(() => undefined));
    result.current(start);
    rerender();
    result.current(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
