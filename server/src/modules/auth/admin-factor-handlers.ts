import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { requireAdmin } from './admin-guard';
import { deleteFactor } from './factor-store';
import { downgradeSessionsOfFactor } from './session-store';
import { serializeFactor } from './user-serializer';
import { findUserById } from './user-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function userOf(deps: AuthDeps, request: FastifyRequest) {
  const id = (request.params as { id?: string }).id ?? '';
  if (!UUID.test(id)) throw badRequest('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(deps.sql, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** GET /admin/users/:id/factors — GoTrue `adminUserGetFactors`: the user's factors (service-role key only). */
export function adminListFactorsHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAdmin(request, deps.tokens.keys);
    const user = await userOf(deps, request);
    return reply.send((user.factors ?? []).map(serializeFactor));
  };
}

/**
 * DELETE /admin/users/:id/factors/:factorId — GoTrue `adminUserDeleteFactor`: how an administrator gets a user who
 * lost their authenticator back in (the user signs in with a password again and may enrol anew).
 */
export function adminDeleteFactorHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAdmin(request, deps.tokens.keys);
    const user = await userOf(deps, request);
    const factorId = (request.params as { factorId?: string }).factorId ?? '';
    if (!UUID.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
    const factor = (user.factors ?? []).find((candidate) => candidate.id === factorId);
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    await deps.sql.begin(async (tx) => {
      await recordAudit(tx, {
        actor: { id: user.id, email: user.email },
        action: 'factor_deleted',
        ip: clientOf(request).ip,
        traits: { user_id: user.id, factor_id: factor.id },
      });
      await deleteFactor(tx, factor.id);
      await downgradeSessionsOfFactor(tx, factor.id, 'totp');
    });
    return reply.send(serializeFactor(factor));
  };
}
