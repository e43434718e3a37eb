import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../lib/outbound/outbound-error';
import { outcomeOfFailure } from './social-connector';

describe('outcomeOfFailure: what an answer or an error means for a post being sent', () => {
  it.each([
    ['400: refused, in its words', { status: 400, message: 'InvalidRequest: bad record' }, 'failed', 'Bluesky refused the post (HTTP 400: “InvalidRequest: bad record”).'],
    ['401: failed, and the account needs reconnecting', { status: 401, message: 'ExpiredToken' }, 'failed', 'Bluesky refused the account’s credentials (HTTP 401: “ExpiredToken”). Reconnect the account, then send again.'],
    ['429 with Retry-After: failed, saying when', { status: 429, message: '', retryAfter: '120' }, 'failed', 'Bluesky is limiting how often this account posts (HTTP 429); it accepts posts again after 120. Send again later.'],
    ['500: unconfirmed (it may have posted before failing)', { status: 500, message: 'InternalServerError' }, 'unconfirmed', 'Bluesky answered with an error of its own (HTTP 500: “InternalServerError”), so the post may or may not be out. Check the account, then send again or leave it.'],
  ])('%s', (_name, answer, status, message) => {
    expect(outcomeOfFailure('Bluesky', { answer })).toMatchObject({ status, message });
  });

  it('flags only a 401 as a broken account', () => {
    expect(outcomeOfFailure('Mastodon', { answer: { status: 401, message: '' } })).toMatchObject({ accountBroken: true });
    expect(outcomeOfFailure('Mastodon', { answer: { status: 403, message: '' } })).not.toHaveProperty('accountBroken');
  });

  it.each([
    ['connection refused: nothing left', new OutboundError('connect', 'the connection was refused'), 'failed'],
    ['a private address refused: nothing left', new OutboundError('address', '10.0.0.1 is a private address'), 'failed'],
    ['DNS: nothing left', new OutboundError('dns', 'the host name does not resolve'), 'failed'],
    ['a time-out: the request may have gone out', new OutboundError('timeout', 'the server took too long to answer'), 'unconfirmed'],
    ['a reset connection: unknown', new OutboundError('network', 'the connection was reset'), 'unconfirmed'],
    ['an unknown error: unknown', new Error('boom'), 'unconfirmed'],
  ])('%s', (_name, error, status) => {
    expect(outcomeOfFailure('Mastodon', { error }).status).toBe(status);
  });
});

describe('outcomeOfFailure: a 429 says when the account may post again', () => {
  it('carries the header’s words and the reason, for the job to hold the account', () => {
    expect(outcomeOfFailure('Mastodon', { answer: { status: 429, message: 'Too many requests', retryAfter: '600' } })).toMatchObject({
      status: 'failed', rateLimited: { retryAfter: '600', reason: 'Mastodon is limiting how often this account posts (HTTP 429: “Too many requests”)' },
    });
    expect(outcomeOfFailure('Bluesky', { answer: { status: 429, message: '' } })).toMatchObject({ rateLimited: { retryAfter: null } });
    expect(outcomeOfFailure('Bluesky', { answer: { status: 400, message: '' } })).not.toHaveProperty('rateLimited');
  });
});
