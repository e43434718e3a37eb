import { internalError, tooManyRequests } from './auth-error';
import type { AuthDeps } from './auth-deps';
import { verifyLink } from './auth-email';
import { issueCode, issueLinkToken, type TokenType } from './one-time-tokens';
import { emailResendWait, frequencyLimitMessage } from './rate-limit-rules';
import type { Db } from './auth-db';

export type LinkKind = 'signup' | 'recovery' | 'magiclink' | 'email_change_new' | 'email_change_current';

const TOKEN_TYPE: Record<LinkKind, TokenType> = {
  signup: 'confirmation_token',
  recovery: 'recovery_token',
  // GoTrue's magic links are recovery tokens (a link that signs in); the e-mail and `type` differ.
  magiclink: 'recovery_token',
  email_change_new: 'email_change_token_new',
  email_change_current: 'email_change_token_current',
};

const VERIFY_TYPE: Record<LinkKind, string> = {
  signup: 'signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change_new: 'email_change',
  email_change_current: 'email_change',
};

const FAILURE: Record<LinkKind | 'reauthentication', string> = {
  signup: 'Error sending confirmation email',
  recovery: 'Error sending recovery email',
  magiclink: 'Error sending magic link email',
  email_change_new: 'Error sending email change email',
  email_change_current: 'Error sending email change email',
  reauthentication: 'Error sending reauthentication email',
};

/** Refuses a second e-mail of the same kind within AUTH_EMAIL_MAX_FREQUENCY (429, as GoTrue). */
export function checkResendFrequency(deps: AuthDeps, lastSentAt: string | Date | null): void {
  const wait = emailResendWait(lastSentAt ? new Date(lastSentAt) : null, new Date(), deps.config.emailMaxFrequency);
  if (wait > 0) throw tooManyRequests('over_email_send_rate_limit', frequencyLimitMessage(wait), wait);
}

/**
 * Issues a single-use link (and code) and delivers the e-mail, inside the caller's transaction: when the
 * delivery fails the token and the `*_sent_at` stamp roll back with it. The caller has taken the e-mail limits of the
 * request (rate-limiter.ts `takeEmail`) and, for a PKCE flow (`pkce`), stored the flow state; the e-mail spends one
 * of the whole server's budget here, or fails with 429.
 */
export async function sendLinkEmail(
  db: Db,
  deps: AuthDeps,
  input: { kind: LinkKind; userId: string; to: string; email: string; newEmail?: string; redirectTo: string; pkce?: boolean },
): Promise<void> {
  const { token, otp } = await issueLinkToken(db, {
    userId: input.userId,
    type: TOKEN_TYPE[input.kind],
    email: input.to,
    redirectTo: input.redirectTo,
    expiresInSeconds: deps.config.emailLinkExpiry,
    pkce: input.pkce,
  });
  if (input.kind === 'signup') await db`update auth.users set confirmation_sent_at = now() where id = ${input.userId}`;
  if (input.kind === 'recovery' || input.kind === 'magiclink') {
    await db`update auth.users set recovery_sent_at = now() where id = ${input.userId}`;
  }
  const link = verifyLink(deps.config.siteUrl, token, VERIFY_TYPE[input.kind], input.redirectTo);
  // The whole server's e-mail budget pays for e-mails sent, not for requests (the caller took those limits).
  await deps.limiter.takeEmailSent();
  try {
    await deps.mailer.send({ kind: input.kind, to: input.to, link, otp, email: input.email, newEmail: input.newEmail });
  } catch {
    throw internalError(FAILURE[input.kind]);
  }
}

/** GoTrue's `sendReauthenticationOtp`: a 6-digit code (no link) for the nonce of a password change. */
export async function sendReauthenticationEmail(db: Db, deps: AuthDeps, input: { userId: string; email: string }): Promise<void> {
  const otp = await issueCode(db, {
    userId: input.userId,
    type: 'reauthentication_token',
    email: input.email,
    expiresInSeconds: deps.config.emailLinkExpiry,
  });
  await db`update auth.users set reauthentication_sent_at = now() where id = ${input.userId}`;
  try {
    await deps.mailer.send({ kind: 'reauthentication', to: input.email, link: '', otp, email: input.email });
  } catch {
    throw internalError(FAILURE.reauthentication);
  }
}
