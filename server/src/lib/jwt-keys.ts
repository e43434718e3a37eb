import { createPrivateKey, createPublicKey, generateKeyPair, type JsonWebKey, type KeyObject, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The keys tokens are signed and verified with, as GoTrue keeps them (`GOTRUE_JWT_KEYS`, Supabase's "JWT signing
 * keys"): a JSON array of private JWKs, each with a `kid`; exactly one has `sign` in its `key_ops` and signs users'
 * access tokens; the others only verify (a previous key, while tokens it signed are still valid). Their public
 * halves are what `/auth/v1/.well-known/jwks.json` publishes, so supabase-js `getClaims()` verifies tokens itself.
 * The HS256 secret (JWT_SECRET) stays: it signs the anon and service-role API keys (as Supabase's legacy keys) and
 * verifies tokens signed before a signing key existed; it is never published.
 */

export type AsymmetricAlg = 'RS256' | 'ES256';

export interface SigningKey {
  kid: string;
  alg: AsymmetricAlg;
  key: KeyObject;
}

/** A public JWK as GoTrue publishes it: `use: sig`, `key_ops: ["verify"]`. */
export type PublicJwk = JsonWebKey & { kid: string; alg: AsymmetricAlg; use: 'sig'; key_ops: ['verify'] };

export interface JwtKeys {
  /** JWT_SECRET: HS256, the API keys and older tokens. */
  secret: string;
  /** The key users' access tokens are signed with; null signs them HS256 with the secret (no asymmetric key). */
  signing: SigningKey | null;
  /** Every asymmetric key's public half by `kid`, the signing key's included. */
  publicKeys: Map<string, { alg: AsymmetricAlg; key: KeyObject }>;
  /** What the JWKS endpoint lists. */
  jwks: PublicJwk[];
}

/** Raised for a JWT_KEYS value (or key file) that cannot be used; the message says why. */
export class JwtKeysError extends Error {
  override name = 'JwtKeysError';
}

type PrivateJwk = JsonWebKey & { kid?: unknown; alg?: unknown; key_ops?: unknown };

function algOf(jwk: PrivateJwk, index: number): AsymmetricAlg {
  if (jwk.kty === 'RSA' && (jwk.alg === undefined || jwk.alg === 'RS256')) return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256' && (jwk.alg === undefined || jwk.alg === 'ES256')) return 'ES256';
  if (jwk.kty === 'oct') throw new JwtKeysError(`key ${index + 1}: a symmetric key belongs in JWT_SECRET, not among the signing keys`);
  throw new JwtKeysError(`key ${index + 1}: only RS256 (RSA) and ES256 (EC P-256) keys are supported`);
}

/** Parses GoTrue's key list (a JSON array of private JWKs). */
export function parseJwtKeys(text: string, secret: string): JwtKeys {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw new JwtKeysError('must be a JSON array of private JWKs');
  }
  if (!Array.isArray(list) || list.length === 0) throw new JwtKeysError('must be a JSON array of private JWKs');
  const publicKeys = new Map<string, { alg: AsymmetricAlg; key: KeyObject }>();
  const jwks: PublicJwk[] = [];
  let signing: SigningKey | null = null;
  list.forEach((entry: unknown, index) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new JwtKeysError(`key ${index + 1} is not a JWK object`);
    const jwk = entry as PrivateJwk;
    if (typeof jwk.kid !== 'string' || jwk.kid === '') throw new JwtKeysError(`key ${index + 1} has no "kid"`);
    if (publicKeys.has(jwk.kid)) throw new JwtKeysError(`two keys have the kid "${jwk.kid}"`);
    const alg = algOf(jwk, index);
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    } catch {
      throw new JwtKeysError(`key ${index + 1} ("${jwk.kid}") is not a valid private ${alg} key`);
    }
    const publicKey = createPublicKey(privateKey);
    publicKeys.set(jwk.kid, { alg, key: publicKey });
    jwks.push({ ...publicKey.export({ format: 'jwk' }), kid: jwk.kid, alg, use: 'sig', key_ops: ['verify'] });
    if (Array.isArray(jwk.key_ops) && jwk.key_ops.includes('sign')) {
      if (signing) throw new JwtKeysError('more than one key has "sign" in its key_ops: only one key signs');
      signing = { kid: jwk.kid, alg, key: privateKey };
    }
  });
  if (!signing) throw new JwtKeysError('no key has "sign" in its key_ops');
  return { secret, signing, publicKeys, jwks };
}

/** Only the HS256 secret: access tokens signed with it, nothing published (GoTrue without JWT keys). */
export function secretOnlyJwtKeys(secret: string): JwtKeys {
  return { secret, signing: null, publicKeys: new Map(), jwks: [] };
}

const generateRsa = promisify(generateKeyPair);

/** A new RSA-2048 private JWK that signs (`key_ops: ["sign", "verify"]`, `alg: RS256`), as Supabase generates them. */
export async function newSigningJwk(): Promise<JsonWebKey> {
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', key_ops: ['sign', 'verify'] } as JsonWebKey;
}

/** A key list with one new signing key first; the keys before keep verifying only (`key_ops: ["verify"]`). */
export async function rotateJwtKeysText(text: string | undefined): Promise<string> {
  const previous = text ? (JSON.parse(text) as PrivateJwk[]) : [];
  const retired = previous.map((jwk) => ({ ...jwk, key_ops: ['verify'] }));
  return `${JSON.stringify([await newSigningJwk(), ...retired], null, 2)}\n`;
}
