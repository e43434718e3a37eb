import { isIP } from 'node:net';
import type { Sql } from '../../db/client';
import { clientKey } from '../../lib/client-address';
import { tooManyRequests } from './auth-error';
import { factorAttemptsMessage, frequencyLimitMessage, signInLimitMessage, type BucketRule, type RateLimitRules, type RequestAction } from './rate-limit-rules';

/**
 * The auth server's limits (rate-limit-rules.ts), kept in PostgreSQL by `private.take_rate_limit_token`, so
 * every server instance on the database shares them. Each check takes a token or throws 429 with Retry-After.
 */
export interface RateLimiter {
  /** GoTrue's per-client request limit: 429 `over_request_rate_limit`. */
  take(action: RequestAction, clientIp: string): Promise<void>;
  /**
   * An e-mail of `kind` requested for `recipient`: per client, then the recipient's resend interval, then the
   * whole server's budget must have an e-mail left — 429 `over_email_send_rate_limit`. The first two are taken
   * whether or not the address has an account; the whole server's budget is only looked at here (`takeEmailSent`
   * spends it), so addresses without an account, which get no e-mail, cannot empty it for everybody.
   */
  takeEmail(input: { kind: string; recipient: string; clientIp: string }): Promise<void>;
  /** An e-mail about to go out spends one of the whole server's budget: 429 `over_email_send_rate_limit` when empty. */
  takeEmailSent(): Promise<void>;
  /** A sign-in attempt at `email` (known or not); addresses with a live session of that account are not held back. */
  takeSignIn(email: string, clientIp: string): Promise<void>;
  /** A successful sign-in forgives the account's earlier attempts. */
  resetSignIn(email: string): Promise<void>;
  /** A code tried against a second factor, from any address. */
  takeFactorAttempt(factorId: string): Promise<void>;
  /** A right code forgives the factor's earlier attempts. */
  resetFactorAttempts(factorId: string): Promise<void>;
}

export function createRateLimiter(sql: Sql, rules: RateLimitRules): RateLimiter {
  const wait = async (bucket: string, rule: BucketRule): Promise<number> => {
    const [row] = await sql<{ wait: number }[]>`
      select private.take_rate_limit_token(${bucket}, ${rule.capacity}::float8, ${rule.perHour}::float8) as wait`;
    return row!.wait;
  };
  const EMAIL_TOTAL = 'auth:email_total';
  const emailLimited = (seconds: number, message = 'email rate limit exceeded') =>
    tooManyRequests('over_email_send_rate_limit', message, seconds);

  return {
    async take(action, clientIp) {
      const seconds = await wait(`auth:${action}:${clientKey(clientIp)}`, rules.requests[action]);
      if (seconds > 0) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached', seconds);
    },

    async takeEmail({ kind, recipient, clientIp }) {
      let seconds = await wait(`auth:email_client:${clientKey(clientIp)}`, rules.emailPerClient);
      if (seconds > 0) throw emailLimited(seconds);
      if (rules.emailPerRecipient) {
        seconds = await wait(`auth:email_to:${kind}:${recipient.toLowerCase()}`, rules.emailPerRecipient);
        if (seconds > 0) throw emailLimited(seconds, frequencyLimitMessage(seconds));
      }
      const [row] = await sql<{ wait: number }[]>`
        select private.rate_limit_wait(${EMAIL_TOTAL}, ${rules.emailTotal.capacity}::float8, ${rules.emailTotal.perHour}::float8) as wait`;
      if (row!.wait > 0) throw emailLimited(row!.wait);
    },

    async takeEmailSent() {
      const seconds = await wait(EMAIL_TOTAL, rules.emailTotal);
      if (seconds > 0) throw emailLimited(seconds);
    },

    async takeSignIn(email, clientIp) {
      const address = email.toLowerCase();
      const rule = rules.signInPerAccount;
      // One round trip: an address with a live session of the account takes no token.
      const [row] = await sql<{ wait: number }[]>`
        select case
          when exists (
            select 1 from auth.sessions s join auth.users u on u.id = s.user_id
            where u.email = ${address} and s.ip = ${isIP(clientIp) ? clientIp : null}::inet
              and (s.not_after is null or s.not_after > now())
          ) then 0
          else private.take_rate_limit_token(${`auth:sign_in:${address}`}, ${rule.capacity}::float8, ${rule.perHour}::float8)
        end as wait`;
      const seconds = row!.wait;
      if (seconds > 0) throw tooManyRequests('over_request_rate_limit', signInLimitMessage(seconds), seconds);
    },

    async resetSignIn(email) {
      await sql`select private.reset_rate_limit(${`auth:sign_in:${email.toLowerCase()}`})`;
    },

    async takeFactorAttempt(factorId) {
      const seconds = await wait(`auth:factor:${factorId}`, rules.attemptsPerFactor);
      if (seconds > 0) throw tooManyRequests('over_request_rate_limit', factorAttemptsMessage(seconds), seconds);
    },

    async resetFactorAttempts(factorId) {
      await sql`select private.reset_rate_limit(${`auth:factor:${factorId}`})`;
    },
  };
}
