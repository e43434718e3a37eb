import { randomBytes, randomInt } from 'node:crypto';
import { PKCE_PREFIX } from './pkce';
import { hashToken } from './refresh-token-chain';
import type { Db } from './auth-db';

/**
 * Single-use e-mail links and codes in `auth.one_time_tokens`, stored only as SHA-256 hashes.
 * Each e-mail carries a link token and a 6-digit code (what `verifyOtp({ email, token })` sends);
 * both are rows of the same kind, and redeeming one deletes every token of that kind for the user.
 */
export type TokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

export function otpHash(type: TokenType | string, email: string, otp: string): string {
  return hashToken(`otp:${type}:${email.toLowerCase()}:${otp}`);
}

export interface IssuedLinkToken {
  token: string;
  otp: string;
}

export async function issueLinkToken(
  db: Db,
  input: { userId: string; type: TokenType; email: string; redirectTo: string; expiresInSeconds: number; pkce?: boolean },
): Promise<IssuedLinkToken> {
  // A PKCE flow's link token says so (GoTrue's `pkce_` prefix): opening it answers with `?code=`, not a session.
  const token = `${input.pkce ? PKCE_PREFIX : ''}${randomBytes(32).toString('base64url')}`;
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db`delete from auth.one_time_tokens where user_id = ${input.userId} and token_type = ${input.type}`;
  for (const tokenHash of [hashToken(token), otpHash(input.type, input.email, otp)]) {
    await db`
      insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, redirect_to, expires_at)
      values (${input.userId}, ${input.type}, ${tokenHash}, ${input.email.toLowerCase()}, ${input.redirectTo},
        now() + make_interval(secs => ${input.expiresInSeconds}))`;
  }
  return { token, otp };
}

/** A 6-digit code alone (no link): the reauthentication nonce. Replaces the user's earlier code of that type. */
export async function issueCode(
  db: Db,
  input: { userId: string; type: TokenType; email: string; expiresInSeconds: number },
): Promise<string> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db`delete from auth.one_time_tokens where user_id = ${input.userId} and token_type = ${input.type}`;
  await db`
    insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at)
    values (${input.userId}, ${input.type}, ${otpHash(input.type, input.email, otp)}, ${input.email.toLowerCase()},
      now() + make_interval(secs => ${input.expiresInSeconds}))`;
  return otp;
}

export interface RedeemedToken {
  userId: string;
  type: TokenType;
  relatesTo: string;
  redirectTo: string | null;
}

/**
 * Redeems a token hash of one of `types`: at most one caller ever gets it (the row is deleted in the
 * same statement), an expired one is deleted and refused. Other tokens of that kind for the user go too.
 */
export async function redeemLinkToken(
  db: Db,
  tokenHashes: string[],
  types: TokenType[],
): Promise<RedeemedToken | 'expired' | undefined> {
  const [row] = await db<{ user_id: string; token_type: TokenType; relates_to: string; redirect_to: string | null; expired: boolean }[]>`
    delete from auth.one_time_tokens
    where token_hash in ${db(tokenHashes)} and token_type in ${db(types)}
    returning user_id, token_type, relates_to, redirect_to, expires_at <= now() as expired`;
  if (!row) return undefined;
  await db`delete from auth.one_time_tokens where user_id = ${row.user_id} and token_type = ${row.token_type}`;
  if (row.expired) return 'expired';
  return { userId: row.user_id, type: row.token_type, relatesTo: row.relates_to, redirectTo: row.redirect_to };
}

export async function clearLinkTokens(db: Db, userId: string, types?: TokenType[]): Promise<void> {
  if (types) await db`delete from auth.one_time_tokens where user_id = ${userId} and token_type in ${db(types)}`;
  else await db`delete from auth.one_time_tokens where user_id = ${userId}`;
}
