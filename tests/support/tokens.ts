import { signJwt } from '../../server/src/lib/jwt';
import type { Sql } from '../../server/src/db/client';

export interface UserSession {
  accessToken: string;
  sessionId: string;
  userId: string;
}

/**
 * A signed-in user without the auth API: an `auth.sessions` row and an access token with GoTrue's claims
 * (contract §2.5), signed with the server's JWT secret. `expiresIn` may be negative (an expired token); `aal: 'aal2'`
 * stands for a session that stepped up with a second factor (its row and its token say so).
 */
export async function mintSession(
  sql: Sql,
  jwtSecret: string,
  userId: string,
  options: { expiresIn?: number; notAfter?: Date; aal?: 'aal1' | 'aal2' } = {},
): Promise<UserSession> {
  const aal = options.aal ?? 'aal1';
  const [user] = await sql<{ email: string; phone: string | null; app: Record<string, unknown>; meta: Record<string, unknown> }[]>`
    select email, phone, raw_app_meta_data as app, raw_user_meta_data as meta from auth.users where id = ${userId}`;
  const [session] = await sql<{ id: string }[]>`
    insert into auth.sessions (user_id, not_after, aal) values (${userId}, ${options.notAfter ?? null}, ${aal}) returning id`;
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await signJwt(
    {
      iss: 'http://127.0.0.1/auth/v1',
      sub: userId,
      aud: 'authenticated',
      exp: now + (options.expiresIn ?? 3600),
      iat: now,
      email: user!.email,
      phone: user!.phone ?? '',
      app_metadata: user!.app,
      user_metadata: user!.meta,
      role: 'authenticated',
      aal,
      amr: aal === 'aal2' ? [{ method: 'totp', timestamp: now }, { method: 'password', timestamp: now }] : [{ method: 'password', timestamp: now }],
      session_id: session!.id,
      is_anonymous: false,
    },
    jwtSecret,
  );
  return { accessToken, sessionId: session!.id, userId };
}

/** Signs the user out as the auth server does: the session row is deleted. */
export async function endSession(sql: Sql, sessionId: string): Promise<void> {
  await sql`delete from auth.sessions where id = ${sessionId}`;
}
