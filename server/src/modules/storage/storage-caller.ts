import type { ApiKeys } from '../../lib/api-keys';
import { verifyJwt } from '../../lib/jwt';
import type { JwtKeys } from '../../lib/jwt-keys';
import { roleOfApiKey } from '../../plugins/api-key';
import { invalidJwt } from './storage-errors';

export type StorageRole = 'anon' | 'authenticated' | 'service_role' | 'other';

/**
 * The database role a Storage request runs as, from `Authorization: Bearer <jwt>` (the API keys stand for their
 * roles). A token that does not verify is Storage's 400 InvalidJWT, never a fallback to anon.
 */
export async function storageCaller(authorization: string | undefined, keys: ApiKeys, jwtKeys: JwtKeys): Promise<StorageRole> {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return 'anon';
  const token = match[1]!;
  const keyRole = roleOfApiKey(keys, token);
  if (keyRole) return keyRole;
  const result = await verifyJwt(token, jwtKeys);
  if (!result.ok) throw invalidJwt(result.reason === 'expired' ? 'jwt expired' : 'invalid signature');
  const role = result.claims.role;
  return role === 'anon' || role === 'authenticated' || role === 'service_role' ? role : 'other';
}
