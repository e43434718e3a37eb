import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from './config';
import { createKeyring, type TokenKeyring } from './modules/social/token-seal';

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

async function readOrCreateSecret(file: string, create: () => string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = create();
  try {
    // Created exclusively: two processes starting at once on one DATA_DIR (a server and its workers) keep one value.
    await writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    for (let tries = 0; tries < 50; tries += 1) {
      const existing = (await readFile(file, 'utf8')).trim();
      if (existing) return existing;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${file} exists but stays empty`, { cause: error });
  }
  await chmod(file, 0o600);
  return value;
}

/** JWT_SECRET when given, else the one generated at first start and kept in DATA_DIR. */
export function resolveJwtSecret(dataDir: string, given: string | undefined): Promise<string> {
  if (given) return Promise.resolve(given);
  return readOrCreateSecret(path.join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url'));
}

/** The keyring of social account credentials: SOCIAL_TOKEN_KEYS when given, else a key generated once in DATA_DIR. */
export async function resolveSocialTokenKeys(dataDir: string, given: readonly string[] | undefined): Promise<TokenKeyring> {
  if (given?.length) return createKeyring(given);
  return createKeyring([await readOrCreateSecret(path.join(dataDir, 'social-token-key'), () => randomBytes(32).toString('base64'))]);
}

/** Password of the embedded PostgreSQL superuser, generated once. */
export function resolvePostgresPassword(dataDir: string): Promise<string> {
  return readOrCreateSecret(path.join(dataDir, 'postgres-password'), () => randomBytes(24).toString('base64url'));
}
