/**
 * Group commit for many small writes (decision 0020): callers ask for an item to be written and wait for it; while
 * one statement is in flight, new items gather and go together in the next one. Without `gatherMs` a lone item is
 * written at once, and under load one statement carries every item that arrived meanwhile (the exactly-once markers
 * of all the messages in flight). With it, an item nobody waits for at once (a campaign's outcomes) waits up to that
 * long for others to join it — or until `maxItems` wait, or `flushed()` is called — so that one statement carries
 * many (decision 0020, session 12: each statement costs the worker's thread a socket write and a reply to parse).
 */
export function createGroupWriter<T, R = void>(
  write: (items: T[]) => Promise<R>,
  options: { gatherMs?: number; maxItems?: number } = {},
): { add(item: T): Promise<R>; flushed(): Promise<void> } {
  const gatherMs = options.gatherMs ?? 0;
  const maxItems = options.maxItems ?? Infinity;
  let waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function pump(now: boolean): void {
    if (running || waiting.length === 0) return;
    if (!now && gatherMs > 0 && waiting.length < maxItems) {
      timer ??= setTimeout(() => {
        timer = null;
        pump(true);
      }, gatherMs);
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    running = write(batch.map((entry) => entry.item))
      .then(
        (result) => batch.forEach((entry) => entry.resolve(result)),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        running = null;
        pump(false);
      });
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump(false);
      });
    },
    /** Writes what waits now (no gathering) and resolves when nothing is waiting or in flight. */
    async flushed() {
      while (running || waiting.length) {
        pump(true);
        await (running ?? Promise.resolve());
      }
    },
  };
}
