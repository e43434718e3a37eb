import type { CrawlFetcher, FetchAnswer, FetchOptions } from '../../server/src/modules/seo/fetch-page';

/**
 * A bare fetch loop's client: Node's fetch without any guard, limit or redirect record. The baseline the crawler is
 * compared with in `npm run bench:seo` — never the crawler's own client.
 */
export const plainFetcher: CrawlFetcher = {
  async request(options: FetchOptions): Promise<FetchAnswer> {
    const started = performance.now();
    const response = await fetch(options.url, { method: options.method ?? 'GET', headers: options.headers, redirect: options.maxRedirects === 0 ? 'manual' : 'follow', signal: options.signal });
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, body, url: response.url || options.url, redirects: [], durationMs: performance.now() - started };
  },
};
