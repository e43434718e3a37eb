import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './auth-error';
import type { JwtKeys } from '../../lib/jwt-keys';
import { verifyAccessToken } from './access-token-verify';

const BEARER = /^(?:B|b)earer (\S+)$/;
/** GoTrue's GOTRUE_JWT_ADMIN_ROLES default. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/**
 * GoTrue's `requireAdmin` for /admin/*: a bearer token signed with the server's keys whose `role` is an admin role — the
 * service-role key, which never reaches a browser. No token: 401 `no_authorization`; a bad one: 403 `bad_jwt`;
 * a valid token of another role (the anon key, a user's session): 403 `not_admin`.
 */
export async function requireAdmin(request: FastifyRequest, keys: JwtKeys): Promise<{ role: string }> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifyAccessToken(match[1]!, keys);
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!ADMIN_ROLES.has(role)) throw forbidden('not_admin', 'User not allowed');
  return { role };
}
