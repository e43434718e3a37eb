import type { OutboundClient } from '../../lib/outbound/outbound-client';
import { findOutboundError } from '../../lib/outbound/outbound-error';
import type { LinkToSend, MediaToSend } from './post-media';

/** What a connected account's credential holds, sealed (token-seal.ts): the same shape on every network. */
export interface SocialCredential {
  /** The handle, account name or channel name. */
  identifier: string;
  /** App password, access token, or the webhook channel's signing secret. */
  secret: string;
  /** The PDS, the instance, or the webhook URL. */
  url: string;
}

export interface ConnectorContext {
  outbound: OutboundClient;
  signal?: AbortSignal;
}

export interface PostToSend {
  /** The channel (post × account): a stable id for the network (Mastodon's Idempotency-Key, the webhook-id). */
  channelId: string;
  postId: string;
  text: string;
  scheduledAt: string | null;
  /** Images (or a video) read from Storage, each with its alt text, already checked against the network's rule. */
  media?: MediaToSend[];
  /** The first link's card (title, description), when its preview is ready. */
  link?: LinkToSend | null;
  /**
   * A follow-up part of a thread: its place (1, 2, …; the channel's own text is 0), a key of its own for the network
   * (Mastodon's Idempotency-Key), and the post it answers (Bluesky: root and parent refs; Mastodon: the parent's id).
   */
  reply?: { position: number; key: string; root: PostRef; parent: PostRef };
  /** The webhook channel only: the thread's parts, sent in the one payload (networks with replies get them one by one). */
  parts?: string[];
}

/** A published post as the next reply needs it: the network's id (Bluesky's at:// URI, Mastodon's status id) and Bluesky's cid. */
export interface PostRef {
  externalId: string;
  cid?: string | null;
}

/** A 429: the network did not publish the post and names when the account may post again (its header's words). */
export interface RateLimited {
  retryAfter: string | null;
  /** Without a final full stop: "Mastodon is limiting how often this account posts (HTTP 429: …)". */
  reason: string;
}

export type PublishOutcome =
  | { status: 'published'; url: string | null; externalId: string; cid?: string | null; message?: string }
  | { status: 'failed'; message: string; accountBroken?: boolean; rateLimited?: RateLimited }
  | { status: 'unconfirmed'; message: string };

export interface SocialConnector {
  /** How a thread goes out: each part as a reply to the one before (`replies`), or all parts in one request (`payload`). */
  threads: 'replies' | 'payload';
  /** Checks the credential with the network; the account's id there. Throws ConnectorRefusal when refused. */
  connect(credential: SocialCredential, context: ConnectorContext): Promise<{ externalId: string | null }>;
  /** Sends one post; never throws (every failure is an outcome). */
  publish(credential: SocialCredential, post: PostToSend, context: ConnectorContext): Promise<PublishOutcome>;
}

/** The network refused a credential (or is unreachable) while connecting: the words for the account's status. */
export class ConnectorRefusal extends Error {
  override name = 'ConnectorRefusal';
}

/** An answer from the network: its HTTP status and its own words. */
export interface NetworkAnswer {
  status: number;
  message: string;
  retryAfter?: string | null;
}

/**
 * What an answer or an error means for a post that was being sent (pure; unit-tested case by case):
 *   an answer 4xx: the network did not publish it → failed, in its words (401: the account needs reconnecting;
 *     429: rate-limited, with when to try again);
 *   an answer 5xx: the network may have published it before failing → unconfirmed;
 *   no answer: refused before connecting (address, DNS, connection refused) → failed, nothing left;
 *     anything after the request may have gone out (timeout, reset) → unconfirmed.
 */
export function outcomeOfFailure(network: string, failure: { answer: NetworkAnswer } | { error: unknown }): PublishOutcome {
  if ('answer' in failure) {
    const { status, message, retryAfter } = failure.answer;
    const said = message ? `: “${message.slice(0, 500)}”` : '';
    if (status === 401) return { status: 'failed', accountBroken: true, message: `${network} refused the account’s credentials (HTTP 401${said}). Reconnect the account, then send again.` };
    if (status === 429) {
      const reason = `${network} is limiting how often this account posts (HTTP 429${said})`;
      return { status: 'failed', message: `${reason}${retryAfter ? `; it accepts posts again after ${retryAfter}` : ''}. Send again later.`, rateLimited: { retryAfter: retryAfter ?? null, reason } };
    }
    if (status >= 500) return { status: 'unconfirmed', message: `${network} answered with an error of its own (HTTP ${status}${said}), so the post may or may not be out. Check the account, then send again or leave it.` };
    return { status: 'failed', message: `${network} refused the post (HTTP ${status}${said}).` };
  }
  const outbound = findOutboundError(failure.error);
  const reason = outbound?.message ?? (failure.error instanceof Error ? failure.error.message : String(failure.error));
  if (outbound && ['invalid_url', 'scheme', 'port', 'address', 'dns', 'connect'].includes(outbound.code)) {
    return { status: 'failed', message: `${network} could not be reached (${reason}); nothing was sent.` };
  }
  return { status: 'unconfirmed', message: `No answer from ${network} (${reason}), so the post may or may not be out. Check the account, then send again or leave it.` };
}

/** A WhatWG fetch over the outbound client (its address checks, limits and time-out), for network SDKs. */
export function outboundFetch(client: OutboundClient, signal?: AbortSignal): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD' && method !== 'PUT') throw new TypeError(`method ${method} is not supported`);
    const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    const requestHeaders: Record<string, string> = {};
    request.headers.forEach((value, name) => (requestHeaders[name] = value));
    const response = await client.request({ url: request.url, method, headers: requestHeaders, body, signal, maxRedirects: 0 });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || name === 'content-encoding' || name === 'content-length' || name === 'transfer-encoding') continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const empty = response.status === 204 || response.status === 304 || method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(response.body), { status: response.status, headers });
  };
}
