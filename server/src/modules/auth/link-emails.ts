import { internalError, tooManyRequests } from './auth-error';
import type { AuthDeps } from './auth-deps';
import { verifyLink } from './auth-email';
import { issueLinkToken, type TokenType } from './one-time-tokens';
import { emailResendWait, frequencyLimitMessage } from './rate-limit-rules';
import type { Db } from './auth-db';

export type LinkKind = 'signup' | 'recovery' | 'email_change_new' | 'email_change_current';

const TOKEN_TYPE: Record<LinkKind, TokenType> = {
  signup: 'confirmation_token',
  recovery: 'recovery_token',
  email_change_new: 'email_change_token_new',
  email_change_current: 'email_change_token_current',
};

const VERIFY_TYPE: Record<LinkKind, string> = {
  signup: 'signup',
  recovery: 'recovery',
  email_change_new: 'email_change',
  email_change_current: 'email_change',
};

const FAILURE: Record<LinkKind, string> = {
  signup: 'Error sending confirmation email',
  recovery: 'Error sending recovery email',
  email_change_new: 'Error sending email change email',
  email_change_current: 'Error sending email change email',
};

/** Refuses a second e-mail of the same kind within AUTH_EMAIL_MAX_FREQUENCY (429, as GoTrue). */
export function checkResendFrequency(deps: AuthDeps, lastSentAt: string | null): void {
  const wait = emailResendWait(lastSentAt ? new Date(lastSentAt) : null, new Date(), deps.config.emailMaxFrequency);
  if (wait > 0) throw tooManyRequests('over_email_send_rate_limit', frequencyLimitMessage(wait), wait);
}

/**
 * Issues a single-use link (and code) and delivers the e-mail, inside the caller's transaction: when the
 * delivery fails the token and the `*_sent_at` stamp roll back with it. The caller has taken the e-mail limits of the
 * request (rate-limiter.ts `takeEmail`); the e-mail spends one of the whole server's budget here, or fails with 429.
 */
export async function sendLinkEmail(
  db: Db,
  deps: AuthDeps,
  input: { kind: LinkKind; userId: string; to: string; email: string; newEmail?: string; redirectTo: string },
): Promise<void> {
  const { token, otp } = await issueLinkToken(db, {
    userId: input.userId,
    type: TOKEN_TYPE[input.kind],
    email: input.to,
    redirectTo: input.redirectTo,
    expiresInSeconds: deps.config.emailLinkExpiry,
  });
  if (input.kind === 'signup') await db`update auth.users set confirmation_sent_at = now() where id = ${input.userId}`;
  if (input.kind === 'recovery') await db`update auth.users set recovery_sent_at = now() where id = ${input.userId}`;
  const link = verifyLink(deps.config.siteUrl, token, VERIFY_TYPE[input.kind], input.redirectTo);
  // The whole server's e-mail budget pays for e-mails sent, not for requests (the caller took those limits).
  await deps.limiter.takeEmailSent();
  try {
    await deps.mailer.send({ kind: input.kind, to: input.to, link, otp, email: input.email, newEmail: input.newEmail });
  } catch {
    throw internalError(FAILURE[input.kind]);
  }
}
