import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden, unauthorized } from './auth-error';
import type { AuthDeps } from './auth-deps';
import { type AccessTokenClaims, verifyAccessToken } from './access-token-verify';
import { findSession, type SessionInfo } from './session-store';
import { type AuthUser, findUserById } from './user-store';

const BEARER = /^(?:B|b)earer (\S+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface Authenticated {
  claims: AccessTokenClaims;
  user: AuthUser;
  /** The session the token names; undefined for a token without `session_id`. */
  sessionId: string | undefined;
  /** That session's row: its assurance level and age (GoTrue's `session.IsAAL2()`, reauthentication). */
  session: SessionInfo | undefined;
}

/**
 * GoTrue's `requireAuthentication` for /user and /logout: a Bearer user token, valid signature and expiry,
 * an existing user and an existing session. An ended session (signed out, reuse-revoked) fails with
 * 403 `session_not_found`, which supabase-js turns into a local sign-out.
 */
export async function authenticate(request: FastifyRequest, deps: AuthDeps): Promise<Authenticated> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');

  const claims = await verifyAccessToken(match[1]!, deps.tokens.keys);
  if (typeof claims.sub !== 'string' || claims.sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');

  const user = await findUserById(deps.sql, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  let sessionId: string | undefined;
  let session: SessionInfo | undefined;
  if (claims.session_id !== undefined && claims.session_id !== '' && claims.session_id !== NIL_UUID) {
    if (typeof claims.session_id !== 'string' || !UUID.test(claims.session_id)) {
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    session = await findSession(deps.sql, claims.session_id);
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = claims.session_id;
  }
  return { claims, user, sessionId, session };
}
