/**
 * Group commit for many small writes (decision 0020): callers ask for an item to be written and wait for it; while
 * one statement is in flight, new items gather and go together in the next one. No timer: a lone item is written at
 * once, and under load one statement carries every item that arrived meanwhile (the exactly-once markers of all the
 * messages in flight, or their outcomes).
 */
export function createGroupWriter<T, R = void>(write: (items: T[]) => Promise<R>): { add(item: T): Promise<R>; flushed(): Promise<void> } {
  let waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let running: Promise<void> | null = null;

  function pump(): void {
    if (running || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    running = write(batch.map((entry) => entry.item))
      .then(
        (result) => batch.forEach((entry) => entry.resolve(result)),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        running = null;
        pump();
      });
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump();
      });
    },
    async flushed() {
      while (running || waiting.length) await (running ?? Promise.resolve());
    },
  };
}
