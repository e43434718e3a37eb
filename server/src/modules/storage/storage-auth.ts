import type { ApiKeys } from '../../lib/api-keys';
import { verifyJwt } from '../../lib/jwt';
import type { JwtKeys } from '../../lib/jwt-keys';
import { roleOfApiKey } from '../../plugins/api-key';
import { accessDenied } from './storage-errors';

/** The database role, claims and owner a Storage request runs with (Storage's jwt plugin, src/http/plugins/jwt.ts). */
export interface StorageAuth {
  role: 'anon' | 'authenticated' | 'service_role';
  /** JSON text for `request.jwt.claims`. */
  claims: string;
  /** The token's `sub`: the owner of what the caller uploads. */
  owner: string | undefined;
  /** A token verified (an API key is one); false for no token at all on the routes that allow that. */
  isAuthenticated: boolean;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);
export const ANON: StorageAuth = { role: 'anon', claims: '{"role":"anon"}', owner: undefined, isAuthenticated: false };

/**
 * `Authorization: Bearer <jwt>` → the caller. As Storage: a token that does not verify is AccessDenied with jose's
 * message (403 in the body); routes that allow it (`allowInvalidJwt`: object GET/HEAD/info) treat a missing or bad
 * token as anon instead. A role other than the three API roles is refused.
 */
export async function storageAuth(
  authorization: string | undefined,
  keys: ApiKeys,
  jwtKeys: JwtKeys,
  options: { allowInvalidJwt?: boolean } = {},
): Promise<StorageAuth> {
  const token = (authorization ?? '').replace(/^Bearer\s+/i, '').trim();
  if (!token && options.allowInvalidJwt) return ANON;
  const keyRole = token ? roleOfApiKey(keys, token) : undefined;
  if (keyRole) return { role: keyRole, claims: JSON.stringify({ role: keyRole }), owner: undefined, isAuthenticated: true };
  const result = await verifyJwt(token, jwtKeys);
  if (!result.ok) {
    if (options.allowInvalidJwt) return ANON;
    throw accessDenied(result.reason === 'expired' ? '"exp" claim timestamp check failed' : token ? 'signature verification failed' : 'Invalid Compact JWS');
  }
  const role = result.claims.role;
  if (typeof role !== 'string' || !ROLES.has(role)) throw accessDenied(`role "${String(role)}" is not allowed on this server`);
  const sub = typeof result.claims.sub === 'string' ? result.claims.sub : undefined;
  return { role: role as StorageAuth['role'], claims: JSON.stringify(result.claims), owner: sub, isAuthenticated: true };
}
