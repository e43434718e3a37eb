import { errors, jwtVerify, SignJWT } from 'jose';
import { invalidJwt, invalidParameter, invalidSignature } from './storage-errors';

/**
 * Signed URL tokens as Storage makes them (src/storage/object.ts, src/internal/auth/jwt.ts): HS256 JWTs signed with
 * the project's JWT secret, `{ url: "<bucket>/<name>", scope: "download" | "upload", exp, iat }` (upload tokens add
 * `owner` and `upsert`; a download token made with `transform` adds `transformations` and `format`). A token is valid for its one object and its one action only.
 */

export type Scope = 'download' | 'upload';

export interface SignedToken {
  url: string;
  scope?: Scope;
  exp: number;
  owner?: string;
  upsert?: boolean;
  /** A signed render URL's transformation (`height:100,width:100,resize:cover`), as Storage's createSignedUrl signs it. */
  transformations?: string;
  format?: string;
}

/** Storage's default for signed upload URLs (UPLOAD_SIGNED_URL_EXPIRATION_TIME): two hours. */
export const SIGNED_UPLOAD_URL_EXPIRY = 7200;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Storage's assertValidNumericJWTExpiration: a whole number of seconds, at least 1. */
export function checkExpiresIn(expiresIn: unknown): number {
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn)) throw invalidParameter('expiresIn');
  const seconds = Math.floor(expiresIn);
  if (seconds < 1 || !Number.isSafeInteger(seconds) || seconds > 100 * 365 * 24 * 3600) throw invalidParameter('expiresIn');
  return seconds;
}

export async function signUrlToken(payload: Omit<SignedToken, 'exp'>, secret: string, expiresIn: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(keyOf(secret));
}

/** Storage's verifyObjectSignature: signature and expiry, the action, then the object it was made for. */
export async function verifyUrlToken(token: string, secret: string, bucketId: string, name: string, scope: Scope): Promise<SignedToken> {
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] })).payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw invalidJwt('"exp" claim timestamp check failed');
    throw invalidJwt(error instanceof errors.JWSSignatureVerificationFailed ? 'signature verification failed' : 'Invalid Compact JWS');
  }
  const isUpload = payload.scope === 'upload' || (payload.scope === undefined && 'upsert' in payload);
  const isDownload = payload.scope === 'download' || (payload.scope === undefined && !('upsert' in payload));
  if (scope === 'upload' ? !isUpload : !isDownload) throw invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== `${bucketId}/${name}`) throw invalidSignature();
  return payload as unknown as SignedToken;
}
