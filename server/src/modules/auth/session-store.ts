import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { signAccessToken } from '../../lib/jwt';
import type { JwtKeys } from '../../lib/jwt-keys';
import { aalOf, type AmrEntry, buildAccessTokenClaims } from './access-token-claims';
import { childRefreshToken, hashToken, newRefreshToken } from './refresh-token-chain';
import { type AuthUser, findUserById } from './user-store';
import { serializeUser } from './user-serializer';
import type { Db } from './auth-db';

export interface TokenSettings {
  keys: JwtKeys;
  issuer: string;
  expiresIn: number;
}

export interface SessionBody {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
}

/** The client's address and software, kept on the session row as GoTrue does. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** GoTrue's authentication methods (`amr`) this server issues sessions for. */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'email/signup' | 'recovery' | 'email_change' | 'invite' | 'totp' | 'anonymous';

/** The `inet` column takes only an address (a forwarded header may carry anything). */
function inetOrNull(ip: string): string | null {
  return isIP(ip) ? ip : null;
}

async function amrOf(db: Db, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db<{ method: string; timestamp: string }[]>`
    select authentication_method as method, floor(extract(epoch from updated_at))::bigint as timestamp
    from auth.mfa_amr_claims where session_id = ${sessionId} order by updated_at desc`;
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
}

/** Signs an access token for the session and wraps it with the refresh token and the fresh user row. */
export async function sessionResponse(
  db: Db,
  settings: TokenSettings,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionBody> {
  const user = (await findUserById(db, userId))!;
  const issuedAt = Math.floor(Date.now() / 1000);
  const amr = await amrOf(db, sessionId);
  const claims = buildAccessTokenClaims({
    issuer: settings.issuer,
    user: {
      id: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email,
      phone: user.phone,
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      is_anonymous: user.is_anonymous,
    },
    sessionId,
    aal: aalOf(amr),
    amr,
    issuedAt,
    expiresIn: settings.expiresIn,
  });
  return {
    access_token: await signAccessToken(claims, settings.keys),
    token_type: 'bearer',
    expires_in: settings.expiresIn,
    expires_at: issuedAt + settings.expiresIn,
    refresh_token: refreshToken,
    user: serializeUser(user),
  };
}

/**
 * GoTrue's `issueRefreshToken`: a new session (with its `amr` claim and first refresh token) for a
 * user who just proved who they are; `last_sign_in_at` is set.
 */
export async function startSession(
  db: Db,
  settings: TokenSettings,
  user: Pick<AuthUser, 'id'>,
  method: AuthMethod,
  client: ClientInfo,
): Promise<SessionBody> {
  const [session] = await db<{ id: string }[]>`
    insert into auth.sessions (user_id, aal, user_agent, ip)
    values (${user.id}, 'aal1', ${client.userAgent ?? null}, ${inetOrNull(client.ip)})
    returning id`;
  const sessionId = session!.id;
  await db`
    insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    values (${sessionId}, now(), now(), ${method}, ${randomUUID()})`;
  const refreshToken = newRefreshToken();
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, session_id, revoked)
    values ('00000000-0000-0000-0000-000000000000', ${hashToken(refreshToken)}, ${user.id}, ${sessionId}, false)`;
  await db`update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${user.id}`;
  await db`update auth.identities set last_sign_in_at = now() where user_id = ${user.id} and provider = 'email'`;
  return sessionResponse(db, settings, user.id, sessionId, refreshToken);
}

/**
 * GoTrue's `updateMFASessionAndClaims` after a second factor was verified: the method joins the session's `amr`, the
 * session becomes aal2 (with its factor), its refresh token is replaced (the aal1 one no longer refreshes), and the
 * user's sessions still at aal1 end (GoTrue's `InvalidateSessionsWithAALLessThan`).
 */
export async function stepUpSession(
  db: Db,
  settings: TokenSettings,
  input: { userId: string; sessionId: string; factorId: string; method: AuthMethod },
): Promise<SessionBody> {
  await db`
    insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    values (${input.sessionId}, now(), now(), ${input.method}, ${randomUUID()})
    on conflict (session_id, authentication_method) do update set updated_at = now()`;
  await db`update auth.sessions set aal = 'aal2', factor_id = ${input.factorId}, updated_at = now() where id = ${input.sessionId}`;
  const previous = await activeRefreshTokenHash(db, input.sessionId);
  await db`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = ${input.sessionId} and not revoked`;
  const refreshToken = newRefreshToken();
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent, revoked)
    values ('00000000-0000-0000-0000-000000000000', ${hashToken(refreshToken)}, ${input.userId}, ${input.sessionId},
      ${previous ?? null}, false)`;
  await db`delete from auth.sessions where user_id = ${input.userId} and aal = 'aal1' and id <> ${input.sessionId}`;
  return sessionResponse(db, settings, input.userId, input.sessionId, refreshToken);
}

/** GoTrue's `DowngradeSessionsToAAL1` when a factor goes: its sessions lose the factor's method and become aal1. */
export async function downgradeSessionsOfFactor(db: Db, factorId: string, method: AuthMethod): Promise<void> {
  await db`
    delete from auth.mfa_amr_claims c using auth.sessions s
    where s.factor_id = ${factorId} and c.session_id = s.id and c.authentication_method = ${method}`;
  await db`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = ${factorId}`;
}

export interface StoredRefreshToken {
  id: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  updated_at: Date;
  not_after: Date | null;
}

/** The refresh token row (by the presented token's hash) with its session's expiry. */
export async function findRefreshToken(db: Db, token: string, lock = false): Promise<StoredRefreshToken | undefined> {
  const [row] = lock
    ? await db<StoredRefreshToken[]>`
        select t.id::text, t.user_id, t.session_id, t.revoked, t.updated_at, s.not_after
        from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
        where t.token = ${hashToken(token)}
        for update of s, t`
    : await db<StoredRefreshToken[]>`
        select t.id::text, t.user_id, t.session_id, t.revoked, t.updated_at, s.not_after
        from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
        where t.token = ${hashToken(token)}`;
  return row;
}

/** Revokes `token` and stores its child as the session's active token; returns the child. */
export async function rotateRefreshToken(db: Db, secret: string, token: string, stored: StoredRefreshToken): Promise<string> {
  const child = childRefreshToken(secret, token);
  await db`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${stored.id}`;
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent, revoked)
    values ('00000000-0000-0000-0000-000000000000', ${hashToken(child)}, ${stored.user_id}, ${stored.session_id},
      ${hashToken(token)}, false)`;
  return child;
}

export async function activeRefreshTokenHash(db: Db, sessionId: string): Promise<string | undefined> {
  const [row] = await db<{ token: string }[]>`
    select token from auth.refresh_tokens where session_id = ${sessionId} and not revoked
    order by id desc limit 1`;
  return row?.token;
}

export async function touchSession(db: Db, sessionId: string, client: ClientInfo): Promise<void> {
  await db`
    update auth.sessions
    set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = ${client.userAgent ?? null},
        ip = ${inetOrNull(client.ip)}
    where id = ${sessionId}`;
}

/**
 * Ends sessions by deleting their rows (refresh tokens and amr claims go with them), so every access
 * token naming them stops working at once, in this API and the data API.
 */
export async function endSessions(
  db: Db,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string | undefined,
): Promise<number> {
  if (scope === 'local' && sessionId) {
    return (await db`delete from auth.sessions where id = ${sessionId} and user_id = ${userId}`).count;
  }
  if (scope === 'others' && sessionId) {
    return (await db`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`).count;
  }
  return (await db`delete from auth.sessions where user_id = ${userId}`).count;
}

export interface SessionInfo {
  aal: 'aal1' | 'aal2';
  createdAt: Date;
}

export async function findSession(db: Db, sessionId: string): Promise<SessionInfo | undefined> {
  const [row] = await db<{ aal: string; created_at: Date }[]>`select aal::text, created_at from auth.sessions where id = ${sessionId}`;
  return row ? { aal: row.aal === 'aal2' || row.aal === 'aal3' ? 'aal2' : 'aal1', createdAt: row.created_at } : undefined;
}
