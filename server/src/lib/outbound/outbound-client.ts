import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { guardedConnector, type LookupAll } from './guarded-connector';
import { OutboundError, toOutboundError } from './outbound-error';
import { readBody } from './read-body';
import { isRedirect, nextHop, type Hop } from './redirects';
import { checkOutboundUrl, type OutboundPolicy } from './url-policy';

/** No request waits longer than this in all, redirects included (issue 26: timeouts ≤ 10 s). */
export const MAX_TIMEOUT_MS = 10_000;

export interface OutboundRequestOptions {
  url: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Redirects followed at most (default 5); each hop is checked like the first. */
  maxRedirects?: number;
  /** Do not follow a redirect that turns the request into a GET: the 3xx is the answer (webhooks). */
  keepMethod?: boolean;
  /** The whole request, all hops and the body (default and at most MAX_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Decoded body bytes kept at most (default 5 MB); more fails with `too_large`, unless `truncate`. */
  maxBytes?: number;
  /** Keep the first maxBytes of a larger body instead of failing (a delivery log keeps an excerpt). */
  truncate?: boolean;
  signal?: AbortSignal;
  /**
   * Called once all of the body but its last byte has gone out, before that byte is sent (on every hop): an error
   * thrown here aborts the request, so the receiver never holds it whole. Webhooks record "may have arrived" here.
   */
  beforeLastByte?: () => Promise<void>;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  /** Each redirect followed: its status and where it led. */
  redirects: { status: number; location: string }[];
  durationMs: number;
}

export interface OutboundClientOptions {
  policy: OutboundPolicy;
  /** Connecting to one address (default 5 s, never more than the request's whole time). */
  connectTimeoutMs?: number;
  /** The resolver (default node:dns lookup): tests give names their own addresses. */
  lookup?: LookupAll;
  userAgent?: string;
}

export interface OutboundClient {
  request(options: OutboundRequestOptions): Promise<OutboundResponse>;
  close(): Promise<void>;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The one HTTP client for requests the server makes on a user's behalf (webhooks, the SEO crawler, link previews,
 * social networks): undici (Node's own HTTP client, maintained by Node's core team) with a connector that checks
 * every address it connects to, redirects followed by hand so every hop is checked, a time limit over the whole
 * request and a bounded, decompression-bomb-proof body reader.
 */
export function createOutboundClient(options: OutboundClientOptions): OutboundClient {
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? 5_000, MAX_TIMEOUT_MS);
  const agent = new Agent({
    connect: guardedConnector({ policy: options.policy, connectTimeoutMs, lookup: options.lookup }),
    headersTimeout: MAX_TIMEOUT_MS,
    bodyTimeout: MAX_TIMEOUT_MS,
    keepAliveTimeout: 4_000,
    connections: 8,
  });
  const userAgent = options.userAgent ?? 'BeyondBrochures/1.0';

  async function send(hop: Hop, signal: AbortSignal, beforeLastByte: OutboundRequestOptions['beforeLastByte']) {
    const verdict = checkOutboundUrl(hop.url, options.policy);
    if (!verdict.ok) throw new OutboundError(verdict.problem, `${hop.url.origin} ${verdict.message}`);
    const gated = beforeLastByte && hop.body !== undefined ? gatedBody(hop.body, beforeLastByte) : undefined;
    const headers = gated ? { ...hop.headers, 'content-length': String(gated.length) } : hop.headers;
    try {
      return await request(hop.url, { dispatcher: agent, method: hop.method as 'GET', headers, body: gated?.chunks ?? hop.body, signal });
    } catch (error) {
      throw toOutboundError(signal.aborted ? signal.reason ?? error : error);
    }
  }

  async function run(requestOptions: OutboundRequestOptions): Promise<OutboundResponse> {
    const started = performance.now();
    const timeoutMs = Math.min(requestOptions.timeoutMs ?? MAX_TIMEOUT_MS, MAX_TIMEOUT_MS);
    // A timer of our own (not AbortSignal.timeout): cleared when the request ends, so nothing aborts afterwards.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DOMException('The request took too long', 'TimeoutError')), timeoutMs);
    const signal = requestOptions.signal ? AbortSignal.any([deadline.signal, requestOptions.signal]) : deadline.signal;
    try {
      return await follow(requestOptions, signal, started);
    } finally {
      clearTimeout(timer);
    }
  }

  async function follow(requestOptions: OutboundRequestOptions, signal: AbortSignal, started: number): Promise<OutboundResponse> {
    const first = checkOutboundUrl(requestOptions.url, options.policy);
    if (!first.ok) throw new OutboundError(first.problem, `The URL ${first.message}`);
    const headers: Record<string, string> = { 'user-agent': userAgent, 'accept-encoding': 'gzip, deflate, br' };
    for (const [name, value] of Object.entries(requestOptions.headers ?? {})) headers[name.toLowerCase()] = value;
    // Credentials in the URL (n8n's basic auth: https://user:pass@host/…) travel as an Authorization header, which a
    // redirect to another origin drops.
    const url = new URL(first.url.href);
    if (url.username || url.password) {
      headers.authorization ??= `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
      url.username = '';
      url.password = '';
    }
    let hop: Hop = { url, method: requestOptions.method ?? 'GET', body: requestOptions.body, headers };
    const maxRedirects = requestOptions.maxRedirects ?? 5;
    const redirects: OutboundResponse['redirects'] = [];
    const seen = new Set([`${hop.method} ${hop.url.href}`]);
    for (;;) {
      const response = await send(hop, signal, requestOptions.beforeLastByte);
      const location = typeof response.headers.location === 'string' ? response.headers.location : undefined;
      // maxRedirects 0: a redirect is the answer.
      if (isRedirect(response.statusCode) && maxRedirects > 0) {
        const next = nextHop(hop, response.statusCode, location, { keepMethod: requestOptions.keepMethod ?? false });
        if (next.kind !== 'stop') {
          await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
          if (next.kind === 'invalid') throw new OutboundError('redirect_invalid', next.message);
          const key = `${next.hop.method} ${next.hop.url.href}`;
          if (seen.has(key)) throw new OutboundError('redirect_loop', `redirect loop: ${next.hop.url.origin}${next.hop.url.pathname} was already visited`);
          if (redirects.length >= maxRedirects) throw new OutboundError('too_many_redirects', `more than ${maxRedirects} redirects`);
          seen.add(key);
          redirects.push({ status: response.statusCode, location: next.hop.url.href });
          hop = next.hop;
          continue;
        }
      }
      const maxBytes = requestOptions.maxBytes ?? DEFAULT_MAX_BYTES;
      let body: Buffer;
      try {
        body = await readBody(response.body, headerText(response.headers['content-encoding']), { maxBytes, truncate: requestOptions.truncate });
      } catch (error) {
        throw toOutboundError(signal.aborted ? signal.reason ?? error : error);
      }
      return {
        status: response.statusCode,
        headers: response.headers,
        body,
        url: hop.url.href,
        redirects,
        durationMs: Math.round(performance.now() - started),
      };
    }
  }

  return {
    request: run,
    close: () => agent.close(),
  };
}

/** The body as two writes, all but its last byte and then that byte, with `gate` awaited between them. */
function gatedBody(body: string | Buffer, gate: () => Promise<void>): { length: number; chunks: Readable } {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  async function* chunks() {
    if (bytes.length > 1) yield bytes.subarray(0, bytes.length - 1);
    await gate();
    if (bytes.length > 0) yield bytes.subarray(bytes.length - 1);
  }
  return { length: bytes.length, chunks: Readable.from(chunks(), { objectMode: false, highWaterMark: 1 }) };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
