import { errors, jwtVerify } from 'jose';
import { chooseVerificationKey } from '../../lib/jwt';
import type { JwtKeys } from '../../lib/jwt-keys';
import { forbidden } from './auth-error';

/**
 * Verification of a user's bearer token on /user and /logout, failing like GoTrue's `parseJWTClaims`:
 * 403 `bad_jwt` with "invalid JWT: unable to parse or verify signature, " and golang-jwt's reason.
 * HS256 with the secret, RS256/ES256 with the signing key its `kid` names; no clock leeway (golang-jwt's default).
 */

function decodeHeader(segment: string): Record<string, unknown> | 'base64' | 'json' {
  let text: string;
  try {
    if (!/^[A-Za-z0-9_-]*$/.test(segment)) return 'base64';
    text = Buffer.from(segment, 'base64url').toString('utf8');
  } catch {
    return 'base64';
  }
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : 'json';
  } catch {
    return 'json';
  }
}

/** golang-jwt's wording for a token that fails before or during verification. Pure; `error` from jose. */
export function jwtFailureReason(token: string, error?: unknown): string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'token is malformed: token contains an invalid number of segments';
  const header = decodeHeader(parts[0]!);
  if (header === 'base64') return 'token is malformed: could not base64 decode header';
  if (header === 'json') return 'token is malformed: could not JSON decode header';
  if (header.alg !== 'HS256' && header.alg !== 'RS256' && header.alg !== 'ES256') {
    return `token signature is invalid: signing method ${String(header.alg ?? '')} is invalid`;
  }
  if (header.alg !== 'HS256' && !error) {
    return `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${String(header.kid ?? '<nil>')} for algorithm ${header.alg}`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'token signature is invalid: signature is invalid';
  if (error instanceof errors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') {
    return 'token has invalid claims: token is not valid yet';
  }
  if (error instanceof errors.JWTClaimValidationFailed) return `token has invalid claims: ${error.claim} is invalid`;
  return 'token is malformed: could not JSON decode claim';
}

export type AccessTokenClaims = Record<string, unknown> & { sub?: unknown; session_id?: unknown };

export async function verifyAccessToken(token: string, keys: JwtKeys): Promise<AccessTokenClaims> {
  const fail = (error?: unknown) =>
    forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${jwtFailureReason(token, error)}`);
  const parts = token.split('.');
  const header = parts.length === 3 ? decodeHeader(parts[0]!) : undefined;
  if (typeof header !== 'object') throw fail();
  const choice = chooseVerificationKey(token, keys);
  if (!choice.ok) throw fail();
  try {
    const { payload } = await jwtVerify(token, choice.key, { algorithms: [choice.alg] });
    return payload as AccessTokenClaims;
  } catch (error) {
    throw fail(error);
  }
}
