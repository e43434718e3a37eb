import type { Page } from '@playwright/test';

/**
 * Bytes of JavaScript a first load may download, counted as the browser receives them: the sum of `encodedBodySize`
 * (brotli from our server) of every script the page loads, its chunks, preloads, workers and the analytics snippet
 * included. Public pages (issue 25.16) and each signed-in route (issue 33); `npm run lighthouse` prints them too.
 */
export const firstLoadBudgets = { publicPage: 100_000, signedInRoute: 180_000 } as const;

export interface LoadedScript {
  path: string;
  encodedBytes: number;
}

/** Every script the page has loaded so far (same origin), from the Resource Timing entries of the page. */
export async function loadedScripts(page: Page): Promise<LoadedScript[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).origin === location.origin && /\.m?js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ path: new URL(entry.name).pathname, encodedBytes: entry.encodedBodySize })),
  );
}

export const totalBytes = (scripts: readonly LoadedScript[]) => scripts.reduce((sum, script) => sum + script.encodedBytes, 0);
