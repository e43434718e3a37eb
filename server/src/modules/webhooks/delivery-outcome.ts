import type { OutboundResponse } from '../../lib/outbound/outbound-client';
import { OutboundError } from '../../lib/outbound/outbound-error';

/**
 * Seconds before each retry after a failed attempt, the Standard Webhooks specification's suggestion: 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h. Seven attempts in all (about 17½ hours); then the delivery has failed.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000] as const;

/** A Retry-After longer than this is not waited for (the schedule's longest step). */
const MAX_RETRY_AFTER_SECONDS = 36_000;

/** Seconds from now an HTTP Retry-After asks for (delay-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date (IMF-fixdate: "Tue, 10 Mar 2026 09:01:00 GMT"); anything else is ignored.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * When to try again after attempt number `attempt` failed, or null to give up: the schedule's delay, or longer when
 * the endpoint answered 429/503 with a Retry-After (up to 10 hours).
 */
export function nextAttemptAt(attempt: number, now: Date, retryAfter: number | null = null): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempt - 1];
  if (delay === undefined) return null;
  const seconds = Math.max(delay, Math.min(retryAfter ?? 0, MAX_RETRY_AFTER_SECONDS));
  return new Date(now.getTime() + seconds * 1000);
}

export interface AttemptOutcome {
  succeeded: boolean;
  responseStatus: number | null;
  /** The start of the answer's body, as text, for the log. */
  responseBody: string | null;
  /** Why it failed, in words; null on success. */
  error: string | null;
  /** Seconds the endpoint asked to wait (429/503 with Retry-After). */
  retryAfter: number | null;
}

/** Printable text of up to `max` characters from the start of a body. */
export function bodyExcerpt(body: Buffer, max = 2000): string | null {
  if (body.length === 0) return null;
  return body.toString('utf8').replaceAll(String.fromCharCode(0), '').slice(0, max);
}

/** An attempt's outcome from the endpoint's answer: 2xx succeeds; anything else fails, in words. */
export function outcomeOfResponse(response: OutboundResponse, now: Date): AttemptOutcome {
  const status = response.status;
  const base = { responseStatus: status, responseBody: bodyExcerpt(response.body), retryAfter: null };
  if (status >= 200 && status < 300) return { ...base, succeeded: true, error: null };
  if (status >= 300 && status < 400) {
    const location = typeof response.headers.location === 'string' ? safeOrigin(response.headers.location, response.url) : null;
    return {
      ...base,
      succeeded: false,
      error: `The endpoint redirected (${status})${location ? ` to ${location}` : ''}: webhooks follow only 307 and 308, which keep the signed POST. Use the final URL.`,
    };
  }
  const retryAfter = status === 429 || status === 503 ? retryAfterSeconds(headerText(response.headers['retry-after']), now) : null;
  return { ...base, succeeded: false, retryAfter, error: `The endpoint answered ${status}${status >= 500 ? ' (a server error)' : ''}.` };
}

/** An attempt's outcome when no answer came: the outbound error's words. */
export function outcomeOfError(error: unknown): AttemptOutcome {
  const message = error instanceof OutboundError ? error.message : 'the request failed';
  return { succeeded: false, responseStatus: null, responseBody: null, retryAfter: null, error: `${message.charAt(0).toUpperCase()}${message.slice(1)}.` };
}

function safeOrigin(location: string, base: string): string | null {
  try {
    return new URL(location, base).origin;
  } catch {
    return null;
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
