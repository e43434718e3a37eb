import { decodeJwt } from 'jose';
import type { ApiKeys } from '../../lib/api-keys';
import { verifyJwt } from '../../lib/jwt';
import type { JwtKeys } from '../../lib/jwt-keys';
import { roleOfApiKey } from '../../plugins/api-key';
import { jwtClaimsError, jwtDecodeError } from './errors';

/** The database role and JWT claims a request runs with (PostgREST §3.5 of the contract). */
export interface RequestAuth {
  role: 'anon' | 'authenticated' | 'service_role';
  /** JSON text for `request.jwt.claims`, with `role` forced in. */
  claims: string;
  /** A user token: its `session_id` must name a live `auth.sessions` row. */
  session: { id: string; userId: string } | null;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const BEARER = /^\s*bearer(?:\s+(.*))?$/i;

const ANON: RequestAuth = { role: 'anon', claims: '{"role":"anon"}', session: null };

export interface Authenticator {
  authenticate(authorization: string | undefined): Promise<RequestAuth>;
  /**
   * What `authenticate` answers, without a promise, when it is already known: no token, an API key, or a verified
   * token kept and not expired. Undefined otherwise (a token to verify, an expired or malformed one): then
   * `authenticate` decides, and throws what it throws.
   */
  known(authorization: string | undefined): RequestAuth | undefined;
}

/** Verified tokens kept (PostgREST's JWT cache): verifying a token costs more than the rest of a request. */
export const TOKEN_CACHE_SIZE = 1000;
/** The clock skew PostgREST allows on `exp` (seconds), as `verifyJwt` does. */
const CLOCK_SKEW = 30;

interface CachedToken {
  auth: RequestAuth;
  /** `exp` of the token (seconds), if it has one. */
  expiresAt: number | undefined;
}

function fromClaims(claims: Record<string, unknown>): RequestAuth {
  const role = claims.role === undefined ? 'anon' : claims.role;
  if (typeof role !== 'string' || !ROLES.has(role)) {
    throw jwtClaimsError(`role "${String(role)}" is not allowed on this server`);
  }
  let session: RequestAuth['session'] = null;
  if (role === 'authenticated') {
    const sessionId = claims.session_id;
    const sub = claims.sub;
    if (typeof sub !== 'string' || !UUID.test(sub)) throw jwtClaimsError('JWT claim "sub" must be a user id');
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) {
      throw jwtClaimsError('JWT claim "session_id" is missing or invalid');
    }
    session = { id: sessionId, userId: sub };
  }
  return { role: role as RequestAuth['role'], claims: JSON.stringify({ ...claims, role }), session };
}

/**
 * Bearer token → role and claims. No header (or another scheme) is the anon role; a bearer token that is
 * not valid is a 401 (PGRST301 for a bad token, PGRST303 for rejected claims) — never a fallback to anon.
 * The API keys themselves, used as bearer tokens, stand for their roles.
 */
export interface AuthenticatorOptions {
  /** Seconds since the epoch (tests move it). */
  now?: () => number;
  verify?: typeof verifyJwt;
}

export function createAuthenticator(keys: ApiKeys, jwtKeys: JwtKeys, options: AuthenticatorOptions = {}): Authenticator {
  const now = options.now ?? (() => Date.now() / 1000);
  const verify = options.verify ?? verifyJwt;
  const keyAuth = new Map<string, RequestAuth>();
  // Keyed by the whole token: the same text has the same signature, so it was verified with this secret. Only
  // tokens that passed are kept, and `exp` is checked again on every use; the oldest entry leaves first.
  const verified = new Map<string, CachedToken>();
  for (const key of [keys.anonKey, keys.serviceRoleKey]) {
    const role = roleOfApiKey(keys, key)!;
    keyAuth.set(key, { role, claims: JSON.stringify({ ...decodeJwt(key), role }), session: null });
  }
  return {
    known(authorization) {
      if (authorization === undefined) return ANON;
      const match = BEARER.exec(authorization);
      if (!match) return ANON;
      const token = (match[1] ?? '').trim();
      const auth = keyAuth.get(token);
      if (auth) return auth;
      const cached = verified.get(token);
      return cached && (cached.expiresAt === undefined || now() < cached.expiresAt + CLOCK_SKEW) ? cached.auth : undefined;
    },
    async authenticate(authorization) {
      if (authorization === undefined) return ANON;
      const match = BEARER.exec(authorization);
      if (!match) return ANON;
      const token = (match[1] ?? '').trim();
      if (!token) throw jwtDecodeError('Empty JWT is sent in Authorization header');
      const known = keyAuth.get(token);
      if (known) return known;
      const cached = verified.get(token);
      if (cached) {
        if (cached.expiresAt === undefined || now() < cached.expiresAt + CLOCK_SKEW) return cached.auth;
        verified.delete(token);
        throw jwtClaimsError('JWT expired');
      }
      const parts = token.split('.').length;
      if (parts !== 3) throw jwtDecodeError(`Expected 3 parts in JWT; got ${parts}`);
      const result = await verify(token, jwtKeys);
      if (!result.ok) {
        if (result.reason === 'expired') throw jwtClaimsError('JWT expired');
        if (/"nbf" claim/.test(result.message)) throw jwtClaimsError('JWT not yet valid');
        if (/"iat" claim/.test(result.message)) throw jwtClaimsError('JWT issued at future');
        if (/"alg"/.test(result.message)) throw jwtDecodeError('Wrong or unsupported encoding algorithm');
        if (/No suitable key/.test(result.message)) throw jwtDecodeError('No suitable key or wrong key type');
        throw jwtDecodeError('JWT cryptographic operation failed');
      }
      const auth = fromClaims(result.claims);
      const nbf = result.claims.nbf;
      // A token not yet valid (within the skew) is not kept: it will be checked again until it is.
      if (typeof nbf !== 'number' || nbf <= now()) {
        if (verified.size >= TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { auth, expiresAt: typeof result.claims.exp === 'number' ? result.claims.exp : undefined });
      }
      return auth;
    },
  };
}
