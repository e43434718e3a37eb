import { randomBytes } from 'node:crypto';
import { adminEmailFromUsername } from '../../../../src/config/admin';
import { ConfigError } from '../../config';
import type { Sql } from '../../db/client';
import { hashPassword } from './passwords';
import { insertUser } from './user-store';

export interface EnsureSiteAdminResult {
  created: boolean;
  username: string;
  /** Set only when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
}

/** At first start: the site admin account, from ADMIN_USERNAME / ADMIN_PASSWORD or with a generated password. */
export async function ensureSiteAdmin(
  sql: Sql,
  options: { username: string; password: string | undefined },
): Promise<EnsureSiteAdminResult> {
  const [existing] = await sql`
    select 1 from auth.users where coalesce((raw_app_meta_data ->> 'site_admin')::boolean, false) limit 1`;
  if (existing) return { created: false, username: options.username };
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? generatedPassword!;
  const email = adminEmailFromUsername(options.username);
  const [taken] = await sql`select 1 from auth.users where email = ${email}`;
  if (taken) {
    throw new ConfigError(
      `Cannot create the site admin: ${email} is already used by an account that is not a site admin. Set ADMIN_USERNAME to another name.`,
    );
  }
  await insertUser(sql, {
    email,
    passwordHash: await hashPassword(password),
    appMetadata: { site_admin: true },
    userMetadata: { first_name: 'Site', last_name: 'Admin', company_name: 'Site administration' },
    confirmed: true,
  });
  return { created: true, username: options.username, generatedPassword };
}
