import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { KeyObject } from 'node:crypto';
import type { JwtKeys } from './jwt-keys';

const encoder = new TextEncoder();
const keyCache = new Map<string, Uint8Array>();

function key(secret: string): Uint8Array {
  let value = keyCache.get(secret);
  if (!value) {
    value = encoder.encode(secret);
    keyCache.set(secret, value);
  }
  return value;
}

/** HS256 with the JWT secret: the API keys (and tokens of tests that stand in for the auth server). */
export function signJwt(payload: JWTPayload, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

/** A user's access token: with the signing key (`alg`, `kid`, `typ` as GoTrue writes them), else HS256. */
export function signAccessToken(payload: JWTPayload, keys: JwtKeys): Promise<string> {
  if (!keys.signing) return signJwt(payload, keys.secret);
  const { alg, kid, key: privateKey } = keys.signing;
  return new SignJWT(payload).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(privateKey);
}

export type VerifyResult =
  | { ok: true; claims: JWTPayload & Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

/** What a token's header selects: HS256 → the secret; RS256/ES256 → the public key its `kid` names. */
export type KeyChoice = { ok: true; alg: string; key: Uint8Array | KeyObject } | { ok: false; message: string };

export function chooseVerificationKey(token: string, keys: JwtKeys): KeyChoice {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { ok: false, message: 'JWT header could not be decoded' };
  }
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const published = kid === undefined ? undefined : keys.publicKeys.get(kid);
  if (published) {
    return header.alg === published.alg
      ? { ok: true, alg: published.alg, key: published.key }
      : { ok: false, message: 'No suitable key or wrong key type' };
  }
  if (header.alg === 'HS256') return { ok: true, alg: 'HS256', key: key(keys.secret) };
  if (header.alg === 'RS256' || header.alg === 'ES256') return { ok: false, message: 'No suitable key or wrong key type' };
  return { ok: false, message: `"alg" (Algorithm) Header Parameter value not allowed` };
}

/** Verifies a token with the key its header names (30 s clock skew, like PostgREST). Never throws. */
export async function verifyJwt(token: string, keys: JwtKeys): Promise<VerifyResult> {
  const choice = chooseVerificationKey(token, keys);
  if (!choice.ok) return { ok: false, reason: 'invalid', message: choice.message };
  try {
    const { payload } = await jwtVerify(token, choice.key, { algorithms: [choice.alg], clockTolerance: 30 });
    return { ok: true, claims: payload as JWTPayload & Record<string, unknown> };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: error instanceof Error ? error.message : 'invalid JWT' };
  }
}
