import { describe, expect, it } from 'vitest';
import { emailResendWait, frequencyLimitMessage, rateLimitRules, retryAfterSeconds } from './rate-limit-rules';

describe('rateLimitRules', () => {
  it('GoTrue defaults: per 5 minutes with a burst of 30; e-mail per hour with its own burst', () => {
    const rules = rateLimitRules({ tokenRefresh: 150, verify: 30, otp: 30, emailSentPerHour: 30 });
    expect(rules.token).toEqual({ rate: 0.5, burst: 30 });
    expect(rules.verify).toEqual({ rate: 0.1, burst: 30 });
    expect(rules.signup).toEqual({ rate: 0.1, burst: 30 });
    expect(rules.recover).toEqual({ rate: 0.1, burst: 30 });
    expect(rules.user_update).toEqual({ rate: 0.1, burst: 30 });
    expect(rules.email_sent).toEqual({ rate: 30 / 3600, burst: 30 });
  });

  it('keeps at least one e-mail in the bucket', () => {
    expect(rateLimitRules({ tokenRefresh: 1, verify: 1, otp: 1, emailSentPerHour: 0.5 }).email_sent.burst).toBe(1);
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    [1, 0.5, 0],
    [0.5, 0.5, 1],
    [0, 0.5, 2],
    [0, 0.1, 10],
    [0.99, 0.1, 1],
    [0, 1 / 300, 300],
  ])('tokens %d at %d/s → %d s', (tokens, rate, expected) => {
    expect(retryAfterSeconds(tokens, rate)).toBe(expected);
  });
});

describe('emailResendWait', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it.each([
    [null, 0],
    [new Date('2026-01-01T11:58:59Z'), 0],
    [new Date('2026-01-01T11:59:00Z'), 0],
    [new Date('2026-01-01T11:59:30Z'), 30],
    [new Date('2026-01-01T11:59:59.500Z'), 59],
    [new Date('2026-01-01T11:59:00.900Z'), 1],
  ])('last sent %s → wait %d s', (sentAt, expected) => {
    expect(emailResendWait(sentAt, now, 60)).toBe(expected);
  });

  it('words the refusal like GoTrue', () => {
    expect(frequencyLimitMessage(42)).toBe('For security purposes, you can only request this after 42 seconds.');
  });
});
