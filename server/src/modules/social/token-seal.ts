import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Credentials of social accounts at rest (docs/decisions/0022-social-hub.md): AES-256-GCM under a server key the
 * database never sees, the account id bound in as additional data (a sealed credential copied onto another account
 * does not open). A keyring: the first key seals, every key opens, so a key is rotated by putting a new one first
 * (SOCIAL_TOKEN_KEYS=new,old) and dropping the old one once the accounts were sealed again.
 */
export interface TokenKeyring {
  /** Key id (the first 8 bytes of the key's SHA-256, base64url) → the 32-byte key. The first entry seals. */
  keys: ReadonlyArray<{ id: string; key: Buffer }>;
}

export class TokenSealError extends Error {
  override name = 'TokenSealError';
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

export function keyId(key: Buffer): string {
  return b64(createHash('sha256').update(key).digest().subarray(0, 8));
}

/** Base64 (or base64url) 32-byte keys, the sealing one first. */
export function createKeyring(encodedKeys: readonly string[]): TokenKeyring {
  if (encodedKeys.length === 0) throw new TokenSealError('a keyring needs at least one key');
  const keys = encodedKeys.map((encoded) => {
    const key = Buffer.from(encoded.trim(), encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64');
    if (key.length !== 32) throw new TokenSealError('each key is 32 bytes, base64-encoded (openssl rand -base64 32)');
    return { id: keyId(key), key };
  });
  return { keys };
}

/** `v1.<key id>.<iv>.<tag>.<ciphertext>` of the JSON of `value`, bound to `accountId`. */
export function seal(keyring: TokenKeyring, accountId: string, value: unknown): string {
  const { id, key } = keyring.keys[0]!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', id, b64(iv), b64(cipher.getAuthTag()), b64(ciphertext)].join('.');
}

/** The value `seal` was given; TokenSealError for an unknown key, another account's credential or tampering. */
export function open<T = unknown>(keyring: TokenKeyring, accountId: string, sealed: string): T {
  const [version, id, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !id || !iv || !tag || ciphertext === undefined) throw new TokenSealError('not a sealed credential');
  const entry = keyring.keys.find((candidate) => candidate.id === id);
  if (!entry) throw new TokenSealError(`sealed under key ${id}, which this server does not have (SOCIAL_TOKEN_KEYS)`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  } catch {
    throw new TokenSealError('the sealed credential does not open (tampered, or another account’s)');
  }
}

/** Whether a sealed value is under an older key than the sealing one (to seal it again). */
export function sealedUnderOldKey(keyring: TokenKeyring, sealed: string): boolean {
  return sealed.split('.')[1] !== keyring.keys[0]!.id;
}

/** A fresh key, base64. */
export function newTokenKey(): string {
  return randomBytes(32).toString('base64');
}
