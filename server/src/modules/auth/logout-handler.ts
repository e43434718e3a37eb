import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { authenticate } from './authenticate';
import { parseLogoutScope } from './input-validation';
import { endSessions } from './session-store';

/**
 * POST /logout?scope=global|local|others — GoTrue `Logout`: deletes the sessions it ends (their refresh
 * tokens go with them), so their access tokens are refused at once by /user and by the data API. 204.
 */
export function logoutHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, sessionId } = await authenticate(request, deps);
    const scope = parseLogoutScope((request.query as Record<string, unknown>).scope);
    await deps.sql.begin(async (tx) => {
      await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'logout', ip: clientOf(request).ip, traits: { scope } });
      await endSessions(tx, user.id, scope, sessionId);
    });
    return reply.code(204).send();
  };
}
