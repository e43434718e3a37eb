import { describe, expect, it } from 'vitest';
import { emailResendWait, frequencyLimitMessage, rateLimitRules, signInLimitMessage } from './rate-limit-rules';

const defaults = { tokenRefresh: 150, verify: 30, otp: 30, emailSentPerHour: 200, emailPerClientPerHour: 10, signInPerAccountPerHour: 30, anonymousUsersPerHour: 30 };

describe('rateLimitRules', () => {
  it('GoTrue request limits: per 5 minutes with a burst of 30', () => {
    const { requests } = rateLimitRules(defaults, 60);
    expect(requests.token).toEqual({ capacity: 30, perHour: 1800 });
    expect(requests.verify).toEqual({ capacity: 30, perHour: 360 });
    expect(requests.signup).toEqual({ capacity: 30, perHour: 360 });
    expect(requests.recover).toEqual({ capacity: 30, perHour: 360 });
    expect(requests.user_update).toEqual({ capacity: 30, perHour: 360 });
    expect([requests.otp, requests.resend, requests.reauthenticate]).toEqual(Array(3).fill({ capacity: 30, perHour: 360 }));
    expect([requests.factor_challenge, requests.factor_verify]).toEqual(Array(2).fill({ capacity: 30, perHour: 360 }));
  });

  it('codes tried against one second factor: five, then one every five minutes', () => {
    expect(rateLimitRules(defaults, 60).attemptsPerFactor).toEqual({ capacity: 5, perHour: 12 });
  });

  it('e-mails: per client per hour, one per resend interval to an address, the whole server as a last resort above one client', () => {
    const rules = rateLimitRules(defaults, 60);
    expect(rules.emailPerClient).toEqual({ capacity: 10, perHour: 10 });
    expect(rules.emailPerRecipient).toEqual({ capacity: 1, perHour: 60 });
    expect(rules.emailTotal).toEqual({ capacity: 200, perHour: 200 });
    expect(rules.emailTotal.capacity).toBeGreaterThan(rules.emailPerClient.capacity);
    expect(rateLimitRules(defaults, 0).emailPerRecipient).toBeNull();
  });

  it('sign-in attempts per account: a burst of 10, then the hourly refill', () => {
    expect(rateLimitRules(defaults, 60).signInPerAccount).toEqual({ capacity: 10, perHour: 30 });
  });

  it('keeps at least one token in a bucket', () => {
    expect(rateLimitRules({ ...defaults, emailSentPerHour: 0.5 }, 60).emailTotal.capacity).toBe(1);
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

  it('words the refusals', () => {
    expect(frequencyLimitMessage(42)).toBe('For security purposes, you can only request this after 42 seconds.');
    expect(signInLimitMessage(42)).toBe('Too many sign-in attempts for this account: please try again in 42 seconds.');
  });
});
