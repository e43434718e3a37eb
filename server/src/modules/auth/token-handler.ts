import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './auth-error';
import type { AuthDeps } from './auth-deps';
import { passwordGrant } from './password-grant';
import { pkceGrant } from './pkce-grant';
import { refreshGrant } from './refresh-grant';

/** POST /token — GoTrue `Token`: the grant type from the query, then the client's rate limit. */
export function tokenHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const grantType = (request.query as Record<string, unknown>).grant_type;
    const grants: Record<string, typeof passwordGrant> = { password: passwordGrant, refresh_token: refreshGrant, pkce: pkceGrant };
    const grant = typeof grantType === 'string' && Object.hasOwn(grants, grantType) ? grants[grantType] : undefined;
    if (!grant) throw badRequest('invalid_credentials', 'unsupported_grant_type');
    await deps.limiter.take('token', request.ip);
    return reply.send(await grant(request, deps));
  };
}
