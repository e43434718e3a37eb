import type { Sql } from '../../db/client';
import { tooManyRequests } from './auth-error';
import { type BucketRule, type LimitedAction, retryAfterSeconds } from './rate-limit-rules';

/**
 * Token buckets kept in PostgreSQL (`auth.rate_limits`), so several server instances behind a load balancer
 * share one limit per client instead of multiplying it. One upsert per limited request refills the bucket
 * for the time elapsed and takes a token when there is one, atomically under the row lock.
 */
export interface RateLimiter {
  /** Throws 429 `over_request_rate_limit` (with Retry-After) when the client's bucket is empty. */
  take(action: LimitedAction, clientKey: string): Promise<void>;
  /** The server-wide e-mail budget: 429 `over_email_send_rate_limit` when spent. */
  takeEmail(): Promise<void>;
}

export function createRateLimiter(sql: Sql, rules: Record<LimitedAction, BucketRule>): RateLimiter {
  let calls = 0;

  async function consume(key: string, rule: BucketRule): Promise<{ allowed: boolean; tokens: number }> {
    const refilled = sql`least(${rule.burst}::float8, r.tokens + extract(epoch from now() - r.updated_at)::float8 * ${rule.rate}::float8)`;
    const [row] = await sql<{ allowed: boolean; tokens: number }[]>`
      insert into auth.rate_limits as r (key, tokens, allowed, updated_at)
      values (${key}, ${rule.burst}::float8 - 1, true, now())
      on conflict (key) do update set
        tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
        allowed = ${refilled} >= 1,
        updated_at = now()
      returning allowed, tokens`;
    calls += 1;
    if (calls % 500 === 0) {
      // Buckets idle for an hour are full again: forget them (GoTrue's limiter entries expire after 1 h).
      sql`delete from auth.rate_limits where updated_at < now() - interval '1 hour'`.catch(() => {});
    }
    return row!;
  }

  return {
    async take(action, clientKey) {
      const rule = rules[action];
      const result = await consume(`${action}:${clientKey}`, rule);
      if (!result.allowed) {
        throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached', retryAfterSeconds(result.tokens, rule.rate));
      }
    },
    async takeEmail() {
      const rule = rules.email_sent;
      const result = await consume('email_sent', rule);
      if (!result.allowed) {
        throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded', retryAfterSeconds(result.tokens, rule.rate));
      }
    },
  };
}
