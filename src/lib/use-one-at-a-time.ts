import { useCallback, useRef } from 'react';

/**
 * Spec §4: a form cannot be resubmitted while busy. React Query's `isPending` (and a button disabled by it) changes
 * only on the next render, after the second click of a double click has already arrived; this guard is set at once.
 * `run(start)` starts the work unless one is still running; the work's own hooks report failures (toasts), so a
 * rejection ends the turn quietly.
 */
export function useOneAtATime(): (start: () => Promise<unknown>) => void {
  const isRunning = useRef(false);
  return useCallback((start: () => Promise<unknown>) => {
    if (isRunning.current) return;
    isRunning.current = true;
    let work: Promise<unknown>;
    try {
      work = start();
    } catch (error) {
      work = Promise.reject(error);
    }
    void work
      .catch(() => undefined)
      .finally(() => {
        isRunning.current = false;
      });
  }, []);
}
