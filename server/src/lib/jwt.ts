import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

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

export function signJwt(payload: JWTPayload, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

export type VerifyResult =
  | { ok: true; claims: JWTPayload & Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

/** Verifies an HS256 token (30 s clock skew, like PostgREST). Never throws. */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], clockTolerance: 30 });
    return { ok: true, claims: payload as JWTPayload & Record<string, unknown> };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: error instanceof Error ? error.message : 'invalid JWT' };
  }
}
