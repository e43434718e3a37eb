import type { Config } from '../../config';

/**
 * The auth server's limits, as token buckets (`private.take_rate_limit_token`): a bucket holds `capacity`
 * tokens and refills at `perHour`. Per client first, then per e-mail address or account, and one bucket for the
 * whole server only as a last resort far above what one client may use:
 * - GoTrue's request limits per client IP (`internal/api/options.go`): refill at N per 5 minutes, burst 30;
 * - e-mails per client IP per hour, and to one address at most once per AUTH_EMAIL_MAX_FREQUENCY (known
 *   address or not, so the answer never says which);
 * - sign-in attempts at one account from all addresses together: a burst of 10, then RATE_LIMIT_SIGN_IN_PER_ACCOUNT
 *   an hour; a successful sign-in forgives them;
 * - e-mails of the whole server per hour, spent by e-mails really sent (a request for an address without an
 *   account spends nothing) and looked at before answering, so every address hears the same 429 once it is spent.
 */
export interface BucketRule {
  capacity: number;
  perHour: number;
}

export type RequestAction =
  | 'token'
  | 'verify'
  | 'signup'
  | 'anonymous_signup'
  | 'recover'
  | 'user_update'
  | 'otp'
  | 'resend'
  | 'reauthenticate'
  | 'factor_challenge'
  | 'factor_verify';

export interface RateLimitRules {
  requests: Record<RequestAction, BucketRule>;
  emailPerClient: BucketRule;
  /** Null when AUTH_EMAIL_MAX_FREQUENCY is 0 (no resend interval). */
  emailPerRecipient: BucketRule | null;
  emailTotal: BucketRule;
  signInPerAccount: BucketRule;
  /** Codes tried against one second factor, from all addresses together; a right code forgives them. */
  attemptsPerFactor: BucketRule;
}

const BURST = 30;
const SIGN_IN_BURST = 10;
/** Five codes at once, then one every five minutes: a 6-digit TOTP code cannot be found by trying. */
const FACTOR_ATTEMPTS: BucketRule = { capacity: 5, perHour: 12 };

export function rateLimitRules(limits: Config['rateLimits'], emailMaxFrequencySeconds: number): RateLimitRules {
  const perFiveMinutes = (limit: number): BucketRule => ({ capacity: BURST, perHour: limit * 12 });
  const perHour = (limit: number): BucketRule => ({ capacity: Math.max(1, Math.floor(limit)), perHour: limit });
  return {
    requests: {
      token: perFiveMinutes(limits.tokenRefresh),
      verify: perFiveMinutes(limits.verify),
      signup: perFiveMinutes(limits.otp),
      // GoTrue's AnonymousSignIns limiter: RATE_LIMIT_ANONYMOUS_USERS an hour per client IP, burst of as many.
      anonymous_signup: perHour(limits.anonymousUsersPerHour),
      recover: perFiveMinutes(limits.otp),
      user_update: perFiveMinutes(limits.otp),
      otp: perFiveMinutes(limits.otp),
      resend: perFiveMinutes(limits.otp),
      reauthenticate: perFiveMinutes(limits.otp),
      factor_challenge: perFiveMinutes(limits.verify),
      factor_verify: perFiveMinutes(limits.verify),
    },
    emailPerClient: perHour(limits.emailPerClientPerHour),
    emailPerRecipient: emailMaxFrequencySeconds > 0 ? { capacity: 1, perHour: 3600 / emailMaxFrequencySeconds } : null,
    emailTotal: perHour(limits.emailSentPerHour),
    signInPerAccount: { capacity: SIGN_IN_BURST, perHour: limits.signInPerAccountPerHour },
    attemptsPerFactor: FACTOR_ATTEMPTS,
  };
}

/**
 * GoTrue's per-user e-mail frequency (SMTP_MAX_FREQUENCY): whole seconds still to wait before the same
 * kind of e-mail may be sent again to this user, 0 when it may be sent now.
 */
export function emailResendWait(lastSentAt: Date | null, now: Date, maxFrequencySeconds: number): number {
  if (!lastSentAt) return 0;
  const remaining = lastSentAt.getTime() + maxFrequencySeconds * 1000 - now.getTime();
  return remaining > 0 ? Math.max(1, Math.trunc(remaining / 1000)) : 0;
}

export function frequencyLimitMessage(seconds: number): string {
  return `For security purposes, you can only request this after ${seconds} seconds.`;
}

export function factorAttemptsMessage(seconds: number): string {
  return `Too many codes tried for this factor: please try again in ${seconds} seconds.`;
}

export function signInLimitMessage(seconds: number): string {
  return `Too many sign-in attempts for this account: please try again in ${seconds} seconds.`;
}
