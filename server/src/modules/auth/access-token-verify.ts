import { errors, jwtVerify } from 'jose';
import { forbidden } from './auth-error';

/**
 * Verification of a user's bearer token on /user and /logout, failing like GoTrue's `parseJWTClaims`:
 * 403 `bad_jwt` with "invalid JWT: unable to parse or verify signature, " and golang-jwt's reason.
 * HS256 only, no clock leeway (golang-jwt's default).
 */

const encoder = new TextEncoder();

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
  if (header.alg !== 'HS256') return `token signature is invalid: signing method ${String(header.alg ?? '')} is invalid`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'token signature is invalid: signature is invalid';
  if (error instanceof errors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') {
    return 'token has invalid claims: token is not valid yet';
  }
  if (error instanceof errors.JWTClaimValidationFailed) return `token has invalid claims: ${error.claim} is invalid`;
  return 'token is malformed: could not JSON decode claim';
}

export type AccessTokenClaims = Record<string, unknown> & { sub?: unknown; session_id?: unknown };

export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenClaims> {
  const fail = (error?: unknown) =>
    forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${jwtFailureReason(token, error)}`);
  const parts = token.split('.');
  const header = parts.length === 3 ? decodeHeader(parts[0]!) : undefined;
  if (typeof header !== 'object' || header.alg !== 'HS256') throw fail();
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    return payload as AccessTokenClaims;
  } catch (error) {
    throw fail(error);
  }
}
