import type { FastifyRequest } from 'fastify';
import { badRequest, oauthError } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { decodeBody } from './input-validation';
import { decideRefresh } from './refresh-decision';
import { findDescendant } from './refresh-token-chain';
import {
  activeRefreshTokenHash,
  endSessions,
  findRefreshToken,
  rotateRefreshToken,
  type SessionBody,
  sessionResponse,
  touchSession,
} from './session-store';
import { findUserById } from './user-store';

const NOT_FOUND = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * POST /token?grant_type=refresh_token — rotation under a lock on the session row, so concurrent
 * refreshes with one token serialize: the first rotates, the others (within the reuse interval) get the
 * same new token. A rotated token presented later ends the session (`refresh_token_already_used`).
 */
export async function refreshGrant(request: FastifyRequest, deps: AuthDeps): Promise<SessionBody> {
  const params = decodeBody<{ refresh_token: string }>(request.body, 'RefreshTokenGrantParams', { refresh_token: 'string' });
  const presented = params.refresh_token;
  if (!presented) throw oauthError('invalid_request', 'refresh_token required');

  const found = await findRefreshToken(deps.sql, presented);
  if (!found) throw NOT_FOUND();
  const user = await findUserById(deps.sql, found.user_id);
  if (!user) throw NOT_FOUND();
  if (user.is_banned) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

  const client = clientOf(request);
  const actor = { id: user.id, email: user.email };
  // The transaction returns 'revoked' instead of throwing, so the session's deletion commits.
  const outcome = await deps.sql.begin(async (tx): Promise<SessionBody | 'revoked'> => {
    const stored = await findRefreshToken(tx, presented, true);
    if (!stored) throw NOT_FOUND();
    const decision = decideRefresh({
      token: { revoked: stored.revoked, updatedAt: stored.updated_at },
      session: { notAfter: stored.not_after },
      now: new Date(),
      reuseIntervalSeconds: deps.config.refreshTokenReuseInterval,
    });

    let issued: string | undefined;
    if (decision === 'session-expired') throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    if (decision === 'rotate') issued = await rotateRefreshToken(tx, deps.config.jwtSecret, presented, stored);
    if (decision === 'reuse-active') {
      const activeHash = await activeRefreshTokenHash(tx, stored.session_id);
      issued = activeHash ? findDescendant(deps.config.jwtSecret, presented, activeHash) : undefined;
    }
    if (!issued) {
      // A rotated token presented again after the reuse interval: whoever holds it, the session is over.
      await endSessions(tx, stored.user_id, 'local', stored.session_id);
      await recordAudit(tx, {
        actor,
        action: 'token_revoked',
        ip: client.ip,
        traits: { reason: 'refresh_token_reuse', session_id: stored.session_id },
      });
      return 'revoked';
    }

    await recordAudit(tx, { actor, action: 'token_refreshed', ip: client.ip });
    await touchSession(tx, stored.session_id, client);
    return sessionResponse(tx, deps.tokens, stored.user_id, stored.session_id, issued);
  });
  if (outcome === 'revoked') throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return outcome;
}
