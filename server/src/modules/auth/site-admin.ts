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

export interface SetSiteAdminResult {
  /** A new account (false: an existing account was made a site admin and given the password). */
  created: boolean;
  email: string;
  /** Sessions of an existing account ended because its password changed. */
  endedSessions: number;
}

/**
 * `npm run admin:create`: the account the username names becomes a site admin with this password — created when
 * missing; otherwise flagged `site_admin` in its app metadata, given the password, its e-mail confirmed, and its
 * sessions ended (whoever held the old password is signed out everywhere).
 */
export async function setSiteAdmin(sql: Sql, options: { username: string; password: string }): Promise<SetSiteAdminResult> {
  const email = adminEmailFromUsername(options.username);
  const passwordHash = await hashPassword(options.password);
  const [existing] = await sql<{ id: string; deleted: boolean }[]>`
    select id, deleted_at is not null as deleted from auth.users where email = ${email} and is_sso_user = false`;
  if (!existing) {
    await insertUser(sql, {
      email,
      passwordHash,
      appMetadata: { site_admin: true },
      userMetadata: { first_name: 'Site', last_name: 'Admin', company_name: 'Site administration' },
      confirmed: true,
    });
    return { created: true, email, endedSessions: 0 };
  }
  if (existing.deleted) {
    throw new ConfigError(`Cannot make ${email} a site admin: that account was deleted. Choose another username.`);
  }
  const ended = await sql.begin(async (tx) => {
    await tx`
      update auth.users
      set encrypted_password = ${passwordHash},
          raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"site_admin": true}'::jsonb,
          email_confirmed_at = coalesce(email_confirmed_at, now()),
          updated_at = now()
      where id = ${existing.id}`;
    return tx`delete from auth.sessions where user_id = ${existing.id} returning id`;
  });
  return { created: false, email, endedSessions: ended.length };
}
