import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';
import { isPasswordTooLong } from './input-validation';

export const BCRYPT_COST = 10;

/**
 * bcrypt cost 10 in GoTrue's `$2a$10$…` form, computed by @node-rs/bcrypt in the libuv thread pool,
 * so a sign-in never blocks the event loop. @node-rs/bcrypt 1.x writes the `$2y$` prefix; 2a, 2b and 2y
 * name the same algorithm in a correct implementation, so the prefix is rewritten for GoTrue/Supabase.
 */
export async function hashPassword(password: string): Promise<string> {
  return (await hash(password, BCRYPT_COST)).replace(/^\$2[by]\$/, '$2a$');
}

let dummyHash: Promise<string> | undefined;

/** A hash nobody knows the password of, with the same cost as real ones. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/**
 * True only for the right password. Without a stored hash (unknown e-mail, passwordless user) or for a
 * password over bcrypt's 72 bytes, the same bcrypt work is done against a dummy hash and false returned,
 * so the answer takes as long as for a wrong password and reveals nothing about the account.
 */
export async function checkPassword(password: string, storedHash: string | null | undefined): Promise<boolean> {
  const usable = Boolean(storedHash) && storedHash!.startsWith('$2') && !isPasswordTooLong(password);
  const target = usable ? storedHash! : await dummy();
  const candidate = isPasswordTooLong(password) ? password.slice(0, 72) : password;
  try {
    const matches = await verify(candidate, target);
    return usable && matches;
  } catch {
    return false;
  }
}

/** Warms the dummy hash so the first unknown-e-mail sign-in costs no more than later ones. */
export function prepareDummyHash(): Promise<string> {
  return dummy();
}
