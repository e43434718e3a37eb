import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../lib/outbound/outbound-error';
import type { OutboundResponse } from '../../lib/outbound/outbound-client';
import { bodyExcerpt, nextAttemptAt, outcomeOfError, outcomeOfResponse, retryAfterSeconds } from './delivery-outcome';

const now = new Date('2026-03-10T09:00:00Z');
const response = (status: number, headers: Record<string, string> = {}, body = ''): OutboundResponse => ({
  status, headers, body: Buffer.from(body), url: 'https://hooks.example.com/x', redirects: [], durationMs: 12,
});

describe('nextAttemptAt', () => {
  it.each([
    [1, '2026-03-10T09:00:05.000Z'],
    [2, '2026-03-10T09:05:00.000Z'],
    [3, '2026-03-10T09:30:00.000Z'],
    [4, '2026-03-10T11:00:00.000Z'],
    [5, '2026-03-10T14:00:00.000Z'],
    [6, '2026-03-10T19:00:00.000Z'],
    [7, null],
    [12, null],
  ])('after failed attempt %i → %s', (attempt, expected) => {
    expect(nextAttemptAt(attempt, now)?.toISOString() ?? null).toBe(expected);
  });

  it('waits longer when the endpoint asks to, never shorter and at most 10 hours', () => {
    expect(nextAttemptAt(1, now, 120)?.toISOString()).toBe('2026-03-10T09:02:00.000Z');
    expect(nextAttemptAt(2, now, 10)?.toISOString()).toBe('2026-03-10T09:05:00.000Z');
    expect(nextAttemptAt(1, now, 10 ** 9)?.toISOString()).toBe('2026-03-10T19:00:00.000Z');
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['120', 120],
    [' 7 ', 7],
    ['Tue, 10 Mar 2026 09:01:00 GMT', 60],
    ['Tue, 10 Mar 2026 08:00:00 GMT', 0],
    ['soon', null],
    ['-5', null],
  ])('%j → %j', (header, expected) => {
    expect(retryAfterSeconds(header, now)).toBe(expected);
  });
});

describe('outcomeOfResponse', () => {
  it('succeeds on any 2xx, keeping the start of the answer', () => {
    expect(outcomeOfResponse(response(200, {}, 'ok'), now)).toEqual({ succeeded: true, responseStatus: 200, responseBody: 'ok', error: null, retryAfter: null });
    expect(outcomeOfResponse(response(204), now)).toMatchObject({ succeeded: true, responseBody: null });
  });

  it.each([
    [500, 'The endpoint answered 500 (a server error).'],
    [502, 'The endpoint answered 502 (a server error).'],
    [404, 'The endpoint answered 404.'],
    [410, 'The endpoint answered 410.'],
    [429, 'The endpoint answered 429.'],
  ])('fails on %i in words', (status, error) => {
    expect(outcomeOfResponse(response(status), now)).toMatchObject({ succeeded: false, responseStatus: status, error });
  });

  it('reads Retry-After on 429 and 503 only', () => {
    expect(outcomeOfResponse(response(429, { 'retry-after': '90' }), now).retryAfter).toBe(90);
    expect(outcomeOfResponse(response(503, { 'retry-after': '30' }), now).retryAfter).toBe(30);
    expect(outcomeOfResponse(response(500, { 'retry-after': '30' }), now).retryAfter).toBeNull();
  });

  it('fails on a redirect it did not follow, naming where it led', () => {
    expect(outcomeOfResponse(response(302, { location: 'https://new.example.com/hook?token=secret' }), now).error).toBe(
      'The endpoint redirected (302) to https://new.example.com: webhooks follow only 307 and 308, which keep the signed POST. Use the final URL.',
    );
  });
});

describe('outcomeOfError', () => {
  it('says what happened, as a sentence', () => {
    expect(outcomeOfError(new OutboundError('timeout', 'the request took too long'))).toEqual({
      succeeded: false, responseStatus: null, responseBody: null, retryAfter: null, error: 'The request took too long.',
    });
    expect(outcomeOfError(new Error('secret internals')).error).toBe('The request failed.');
  });
});

describe('bodyExcerpt', () => {
  it('keeps at most 2000 characters of text, without NUL', () => {
    expect(bodyExcerpt(Buffer.from('a\u0000b'))).toBe('ab');
    expect(bodyExcerpt(Buffer.alloc(5000, 'x'))).toHaveLength(2000);
    expect(bodyExcerpt(Buffer.alloc(0))).toBeNull();
  });
});
