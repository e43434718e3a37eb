/**
 * The one way the crawler fetches: through the outbound HTTP client (server/src/lib/outbound), which refuses private
 * and loopback addresses at connect time, bounds time and size and decodes bodies safely. Redirects are followed here,
 * hop by hop (each hop one request of the client, checked like the first), so every hop is recorded and a redirect to
 * another host ends the chain instead of being fetched.
 */

export interface FetchOptions {
  url: string;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  maxRedirects?: number;
  timeoutMs?: number;
  maxBytes?: number;
  truncate?: boolean;
  signal?: AbortSignal;
}

export interface FetchAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  url: string;
  redirects: { status: number; location: string }[];
  durationMs: number;
}

/** What the crawler needs of the outbound client (its `request`). */
export interface CrawlFetcher {
  request(options: FetchOptions): Promise<FetchAnswer>;
}

export interface FetchedPage extends FetchAnswer {
  /** The chain stopped at a redirect to another origin (the last hop's location): not followed. */
  leftSite: boolean;
}

export class PageFetchError extends Error {
  override name = 'PageFetchError';
  constructor(
    readonly code: string,
    message: string,
    readonly redirects: { status: number; location: string }[] = [],
  ) {
    super(message);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
export const MAX_HOPS = 5;

/** Words for any failure of the client (OutboundError carries a code and a sentence). */
export function describeFetchError(error: unknown): { code: string; message: string } {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return { code: typeof code === 'string' ? code : 'network', message: message.slice(0, 300) };
}

/** GETs a page, following redirects within `origin` (at most MAX_HOPS), recording each hop. */
export async function fetchPage(fetcher: CrawlFetcher, url: string, options: { origin: string; maxBytes: number; timeoutMs: number; userAgent: string; signal?: AbortSignal }): Promise<FetchedPage> {
  const redirects: { status: number; location: string }[] = [];
  const seen = new Set([url]);
  let current = url;
  let durationMs = 0;
  for (;;) {
    let answer: FetchAnswer;
    try {
      answer = await fetcher.request({
        url: current,
        maxRedirects: 0,
        maxBytes: options.maxBytes,
        timeoutMs: options.timeoutMs,
        headers: { 'user-agent': options.userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
        signal: options.signal,
      });
    } catch (error) {
      const { code, message } = describeFetchError(error);
      throw new PageFetchError(code, message, redirects);
    }
    durationMs += answer.durationMs;
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.status) || typeof location !== 'string') return { ...answer, url: current, redirects, durationMs, leftSite: false };
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new PageFetchError('redirect_invalid', `redirect ${answer.status} to an invalid address`, redirects);
    }
    next.hash = '';
    redirects.push({ status: answer.status, location: next.href });
    if (next.origin !== options.origin) return { ...answer, url: current, redirects, durationMs, leftSite: true };
    if (seen.has(next.href)) throw new PageFetchError('redirect_loop', `redirect loop: ${next.pathname} was already visited`, redirects);
    if (redirects.length > MAX_HOPS) throw new PageFetchError('too_many_redirects', `more than ${MAX_HOPS} redirects`, redirects);
    seen.add(next.href);
    current = next.href;
  }
}
