import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The server's keys for secrets it must read back (two-factor TOTP secrets), kept in DATA_DIR like JWT_SECRET or
 * given as AUTH_ENCRYPTION_KEYS: `{"current": "<id>", "keys": {"<id>": "<32 bytes, base64url>"}}`. New values are
 * encrypted with the current key; older keys stay to read what they encrypted until it is encrypted again (a
 * verification re-encrypts its factor's secret with the current key).
 *
 * Values are GoTrue's `crypto.EncryptedString` (`GOTRUE_SECURITY_DB_ENCRYPTION_*`): JSON
 * `{"key_id","alg":"aes-gcm-hkdf","data","nonce"}`, AES-256-GCM under a key derived with HKDF-SHA256 from the
 * server key and the id of the row that holds the value, so a value cannot be moved to another row.
 */
export interface EncryptionKeyRing {
  current: string;
  keys: Map<string, Buffer>;
}

export class EncryptionKeysError extends Error {
  override name = 'EncryptionKeysError';
}

const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const ALGORITHM = 'aes-gcm-hkdf';

export function parseEncryptionKeys(text: string): EncryptionKeyRing {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new EncryptionKeysError('must be JSON: {"current": "<id>", "keys": {"<id>": "<32 bytes, base64url>"}}');
  }
  const ring = value as { current?: unknown; keys?: unknown };
  if (!ring || typeof ring.current !== 'string' || !ring.keys || typeof ring.keys !== 'object' || Array.isArray(ring.keys)) {
    throw new EncryptionKeysError('must be JSON: {"current": "<id>", "keys": {"<id>": "<32 bytes, base64url>"}}');
  }
  const keys = new Map<string, Buffer>();
  for (const [id, encoded] of Object.entries(ring.keys as Record<string, unknown>)) {
    if (!KEY_ID.test(id)) throw new EncryptionKeysError(`key id "${id}" must be 1-64 letters, digits, - or _`);
    const bytes = typeof encoded === 'string' && /^[A-Za-z0-9_-]+$/.test(encoded) ? Buffer.from(encoded, 'base64url') : Buffer.alloc(0);
    if (bytes.length !== 32) throw new EncryptionKeysError(`key "${id}" must be 32 bytes, base64url-encoded`);
    keys.set(id, bytes);
  }
  if (!keys.has(ring.current)) throw new EncryptionKeysError(`the current key "${ring.current}" is not among the keys`);
  return { current: ring.current, keys };
}

export function formatEncryptionKeys(ring: EncryptionKeyRing): string {
  const keys = Object.fromEntries([...ring.keys].map(([id, key]) => [id, key.toString('base64url')]));
  return `${JSON.stringify({ current: ring.current, keys }, null, 2)}\n`;
}

/** A ring with one new key, made current; `previous` keys stay for reading. */
export function addEncryptionKey(previous: EncryptionKeyRing | undefined, now = new Date()): EncryptionKeyRing {
  const id = `key-${now.toISOString().slice(0, 19).replace(/[-:T]/g, '')}-${randomBytes(3).toString('hex')}`;
  const keys = new Map(previous?.keys ?? []);
  keys.set(id, randomBytes(32));
  return { current: id, keys };
}

function derivedKey(rowId: string, secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), Buffer.from(rowId, 'utf8'), 32));
}

/** Encrypts `plaintext` for the row `rowId` with the current key. */
export function encryptString(rowId: string, plaintext: string, ring: EncryptionKeyRing): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(rowId, ring.keys.get(ring.current)!), nonce);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return JSON.stringify({ key_id: ring.current, alg: ALGORITHM, data: data.toString('base64'), nonce: nonce.toString('base64') });
}

export interface Decrypted {
  plaintext: string;
  /** Encrypted with an older key, or not encrypted at all: store it again with the current key. */
  shouldReEncrypt: boolean;
}

/** Reads a value `encryptString` wrote (or a plain one); throws when its key is unknown or it was tampered with. */
export function decryptString(rowId: string, stored: string, ring: EncryptionKeyRing): Decrypted {
  if (!stored.startsWith('{')) return { plaintext: stored, shouldReEncrypt: true };
  const value = JSON.parse(stored) as { key_id?: string; alg?: string; data?: string; nonce?: string };
  const secret = value.key_id === undefined ? undefined : ring.keys.get(value.key_id);
  if (!secret) throw new EncryptionKeysError(`decryption key "${String(value.key_id)}" is not among the server's keys`);
  if (value.alg !== ALGORITHM || !value.data || !value.nonce) throw new EncryptionKeysError('not an encrypted value');
  const nonce = Buffer.from(value.nonce, 'base64');
  const data = Buffer.from(value.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(rowId, secret), nonce);
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plaintext = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  return { plaintext, shouldReEncrypt: value.key_id !== ring.current };
}
