import type { Config } from '../../config';

/**
 * GoTrue's request limits (`internal/api/options.go`): token buckets per client IP that refill at
 * `limit` requests per 5 minutes and hold at most 30 (the burst); e-mail sending has one bucket for the
 * whole server that refills at `limit` per hour and holds `limit`.
 */
export interface BucketRule {
  /** Refill rate in tokens per second. */
  rate: number;
  burst: number;
}

export type LimitedAction = 'token' | 'verify' | 'signup' | 'recover' | 'user_update' | 'email_sent';

const FIVE_MINUTES = 5 * 60;
const ONE_HOUR = 60 * 60;
const BURST = 30;

export function rateLimitRules(limits: Config['rateLimits']): Record<LimitedAction, BucketRule> {
  const perFiveMinutes = (limit: number): BucketRule => ({ rate: limit / FIVE_MINUTES, burst: BURST });
  return {
    token: perFiveMinutes(limits.tokenRefresh),
    verify: perFiveMinutes(limits.verify),
    signup: perFiveMinutes(limits.otp),
    recover: perFiveMinutes(limits.otp),
    user_update: perFiveMinutes(limits.otp),
    email_sent: { rate: limits.emailSentPerHour / ONE_HOUR, burst: Math.max(1, Math.floor(limits.emailSentPerHour)) },
  };
}

/** Whole seconds until the bucket holds one token again (what `Retry-After` says). */
export function retryAfterSeconds(tokens: number, rate: number): number {
  if (tokens >= 1) return 0;
  return Math.max(1, Math.ceil((1 - tokens) / rate));
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
