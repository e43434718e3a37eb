import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from './config';
import { addEncryptionKey, EncryptionKeysError, formatEncryptionKeys, parseEncryptionKeys, type EncryptionKeyRing } from './lib/encryption-keys';
import { type JwtKeys, JwtKeysError, parseJwtKeys, rotateJwtKeysText } from './lib/jwt-keys';

/** Creates DATA_DIR when missing and proves it is writable; one clear line otherwise. */
export async function ensureDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o755 });
    await access(dataDir, constants.W_OK | constants.X_OK);
    const probe = path.join(dataDir, '.write-test');
    await writeFile(probe, 'ok');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new ConfigError(
      `Cannot use the data directory ${dataDir} (${reason}). Set DATA_DIR to a folder this user can create and write.`,
    );
  }
}

async function readOrCreateSecret(file: string, create: () => string | Promise<string>): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = (await create()).trim();
  await writeFile(file, `${value}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return value;
}

/** JWT_SECRET when given, else the one generated at first start and kept in DATA_DIR. */
export function resolveJwtSecret(dataDir: string, given: string | undefined): Promise<string> {
  if (given) return Promise.resolve(given);
  return readOrCreateSecret(path.join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url'));
}

export const JWT_KEYS_FILE = 'jwt-keys.json';
export const ENCRYPTION_KEYS_FILE = 'auth-encryption-keys.json';

/**
 * The signing keys of users' access tokens: JWT_KEYS when given, else the list generated at first start (one RS256
 * key) and kept in DATA_DIR. To rotate, give JWT_KEYS with a new signing key and the old ones (without `sign` in
 * `key_ops`), which keep verifying the tokens they signed.
 */
export async function resolveJwtKeys(dataDir: string, given: string | undefined, secret: string): Promise<JwtKeys> {
  const from = given ? 'JWT_KEYS' : `${path.join(dataDir, JWT_KEYS_FILE)}`;
  const text = given ?? (await readOrCreateSecret(path.join(dataDir, JWT_KEYS_FILE), () => rotateJwtKeysText(undefined)));
  try {
    return parseJwtKeys(text, secret);
  } catch (error) {
    if (error instanceof JwtKeysError) throw new ConfigError(`Invalid JWT signing keys in ${from}: ${error.message}.`);
    throw error;
  }
}

/** The keys of two-factor secrets: AUTH_ENCRYPTION_KEYS when given, else generated at first start in DATA_DIR. */
export async function resolveEncryptionKeys(dataDir: string, given: string | undefined): Promise<EncryptionKeyRing> {
  const from = given ? 'AUTH_ENCRYPTION_KEYS' : `${path.join(dataDir, ENCRYPTION_KEYS_FILE)}`;
  const text = given ?? (await readOrCreateSecret(path.join(dataDir, ENCRYPTION_KEYS_FILE), () => formatEncryptionKeys(addEncryptionKey(undefined))));
  try {
    return parseEncryptionKeys(text);
  } catch (error) {
    if (error instanceof EncryptionKeysError) throw new ConfigError(`Invalid encryption keys in ${from}: ${error.message}.`);
    throw error;
  }
}

/** Password of the embedded PostgreSQL superuser, generated once. */
export function resolvePostgresPassword(dataDir: string): Promise<string> {
  return readOrCreateSecret(path.join(dataDir, 'postgres-password'), () => randomBytes(24).toString('base64url'));
}
