import { describe, expect, it } from 'vitest';
import { MAX_RETRY_SECONDS, MIN_RETRY_SECONDS, networkLimits, retryMoment } from './network-limits';

const now = new Date('2026-11-28T12:00:00.000Z');
const secondsAfter = (moment: Date) => (moment.getTime() - now.getTime()) / 1000;

describe('retryMoment: when a rate-limited account may post again', () => {
  it.each([
    ['Retry-After in seconds', '120', 120],
    ['Retry-After as an HTTP date', 'Sat, 28 Nov 2026 12:10:00 GMT', 600],
    ['Mastodon’s X-RateLimit-Reset (ISO 8601)', '2026-11-28T12:05:00.000Z', 300],
    ['Bluesky’s RateLimit-Reset (Unix seconds)', String(Date.parse('2026-11-28T12:15:00Z') / 1000), 900],
    ['a moment already past: the shortest wait', '2026-11-28T11:00:00.000Z', MIN_RETRY_SECONDS],
    ['"0": the shortest wait, never a spin', '0', MIN_RETRY_SECONDS],
    ['a week: a day at most', String(7 * 86_400), MAX_RETRY_SECONDS],
    ['nothing said: a minute', null, 60],
    ['words that are no moment: a minute', 'soon', 60],
  ])('%s', (_name, said, seconds) => {
    expect(secondsAfter(retryMoment(said, now))).toBe(seconds);
  });
});

describe('networkLimits', () => {
  it('keeps Bluesky within createSession’s 30 per 5 minutes and 300 a day, and Mastodon within 300 per 5 minutes', () => {
    expect(networkLimits.bluesky.map(({ max, seconds }) => [max, seconds])).toEqual([[30, 300], [300, 86_400]]);
    expect(networkLimits.mastodon.map(({ max, seconds }) => [max, seconds])).toEqual([[300, 300]]);
    expect(networkLimits.webhook).toEqual([]);
  });
});
