import type { Sql } from '../../db/client';
import type { UserRecord } from './user-serializer';
import type { Db } from './auth-db';

export interface NewUser {
  email: string;
  passwordHash: string;
  userMetadata?: Record<string, unknown>;
  /** Server-only flags merged into app_metadata (e.g. site_admin). */
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
}

export interface UserRow {
  id: string;
  email: string;
}

/** Inserts a user and its e-mail identity in one transaction (the sign-up trigger runs inside it). */
export async function insertUser(sql: Sql, user: NewUser): Promise<UserRow> {
  return sql.begin(async (tx) => {
    const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
    const [row] = await tx<UserRow[]>`
      insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
      values (
        ${user.email.toLowerCase()}, ${user.passwordHash}, ${user.confirmed ? new Date() : null},
        ${tx.json(appMetadata as never)}, ${tx.json((user.userMetadata ?? {}) as never)}
      )
      returning id, email`;
    await tx`
      insert into auth.identities (provider_id, user_id, identity_data, provider)
      values (${row!.id}, ${row!.id},
        ${tx.json({ sub: row!.id, email: row!.email, email_verified: user.confirmed, phone_verified: false } as never)},
        'email')`;
    return row!;
  }) as Promise<UserRow>;
}

/** A user as the auth endpoints need it: the serializable record plus the secrets only the server reads. */
export interface AuthUser extends UserRecord {
  encrypted_password: string | null;
  is_banned: boolean;
}

/** `timestamptz` as RFC 3339 UTC with microseconds, the precision GoTrue reports. */
const ts = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const USER_COLUMNS = `
  u.id, u.aud, u.role, u.email, ${ts('u.email_confirmed_at')} as email_confirmed_at,
  ${ts('u.invited_at')} as invited_at, u.phone, ${ts('u.phone_confirmed_at')} as phone_confirmed_at,
  ${ts('u.confirmation_sent_at')} as confirmation_sent_at, ${ts('u.confirmed_at')} as confirmed_at,
  ${ts('u.recovery_sent_at')} as recovery_sent_at, u.email_change,
  ${ts('u.email_change_sent_at')} as email_change_sent_at, ${ts('u.last_sign_in_at')} as last_sign_in_at,
  ${ts('u.reauthentication_sent_at')} as reauthentication_sent_at,
  coalesce((
    select json_agg(json_build_object(
      'id', f.id, 'created_at', ${ts('f.created_at')}, 'updated_at', ${ts('f.updated_at')}, 'status', f.status::text,
      'friendly_name', f.friendly_name, 'factor_type', f.factor_type::text, 'phone', f.phone,
      'last_challenged_at', ${ts('f.last_challenged_at')}
    ) order by f.created_at, f.id)
    from auth.mfa_factors f where f.user_id = u.id
  ), '[]'::json) as factors,
  u.raw_app_meta_data, u.raw_user_meta_data,
  coalesce((
    select json_agg(json_build_object(
      'identity_id', i.id, 'provider_id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
      'provider', i.provider, 'last_sign_in_at', ${ts('i.last_sign_in_at')}, 'created_at', ${ts('i.created_at')},
      'updated_at', ${ts('i.updated_at')}, 'email', i.email
    ) order by i.created_at, i.id)
    from auth.identities i where i.user_id = u.id
  ), '[]'::json) as identities,
  ${ts('u.created_at')} as created_at, ${ts('u.updated_at')} as updated_at,
  ${ts('u.banned_until')} as banned_until, ${ts('u.deleted_at')} as deleted_at, u.is_anonymous,
  u.encrypted_password, coalesce(u.banned_until > now(), false) as is_banned`;

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | undefined> {
  const [row] = await db<AuthUser[]>`
    select ${db.unsafe(USER_COLUMNS)} from auth.users u
    where u.email = ${email.toLowerCase()} and u.is_sso_user = false and u.deleted_at is null`;
  return row;
}

export async function findUserById(db: Db, id: string): Promise<AuthUser | undefined> {
  const [row] = await db<AuthUser[]>`
    select ${db.unsafe(USER_COLUMNS)} from auth.users u where u.id = ${id} and u.deleted_at is null`;
  return row;
}

/** A page of users, newest first, whose e-mail contains `filter` (GoTrue's admin list); with the total count. */
export async function listUsers(
  db: Db,
  options: { filter: string; limit: number; offset: number },
): Promise<{ users: AuthUser[]; total: number }> {
  const pattern = `%${options.filter.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const [counted] = await db<{ total: number }[]>`
    select count(*)::int as total from auth.users u where u.deleted_at is null and coalesce(u.email, '') ilike ${pattern}`;
  const users = await db<AuthUser[]>`
    select ${db.unsafe(USER_COLUMNS)} from auth.users u
    where u.deleted_at is null and coalesce(u.email, '') ilike ${pattern}
    order by u.created_at desc, u.id limit ${options.limit} offset ${options.offset}`;
  return { users, total: counted!.total };
}

/** GoTrue's `User.Confirm`: confirmed now, `email_verified: true` merged into the user metadata. */
export async function confirmUser(db: Db, userId: string): Promise<void> {
  await db`
    update auth.users
    set email_confirmed_at = now(), confirmation_token = '',
        raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
        updated_at = now()
    where id = ${userId}`;
}

/** The e-mail identity's `email_verified` after the address was proven by a link. */
export async function markEmailIdentityVerified(db: Db, userId: string): Promise<void> {
  await db`
    update auth.identities
    set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
    where user_id = ${userId} and provider = 'email'`;
}

/**
 * A sign-up as GoTrue stores it: the user unconfirmed with `options.data` as its metadata (the sign-up
 * trigger sees exactly that), and its e-mail identity whose data carries the same keys.
 */
export async function createUser(
  db: Db,
  input: { email: string; passwordHash: string; data: Record<string, unknown> },
): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into auth.users (email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
    values (${input.email}, ${input.passwordHash}, ${db.json({ provider: 'email', providers: ['email'] })},
      ${db.json(input.data as never)})
    returning id`;
  const id = row!.id;
  const identityData: Record<string, unknown> = { sub: id, email: input.email, email_verified: false, phone_verified: false };
  for (const [key, value] of Object.entries(input.data)) if (!(key in identityData)) identityData[key] = value;
  await db`
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
    values (${id}, ${id}, ${db.json(identityData as never)}, 'email', now())`;
  return id;
}

/**
 * GoTrue's `ConfirmEmailChange`: the pending address becomes the user's address (and its e-mail identity's),
 * confirmed; an anonymous user becomes a permanent one. Returns false when the address was taken by someone else in the meantime.
 */
export async function completeEmailChange(db: Db, userId: string): Promise<boolean> {
  const [row] = await db<{ email_change: string }[]>`select email_change from auth.users where id = ${userId}`;
  const next = row?.email_change;
  if (!next) return false;
  const [taken] = await db`select 1 from auth.users where email = ${next} and id <> ${userId}`;
  if (taken) return false;
  const updated = await db`
    update auth.identities
    set identity_data = identity_data || ${db.json({ email: next, email_verified: true })}, updated_at = now()
    where user_id = ${userId} and provider = 'email'`;
  // An anonymous user has no e-mail identity: confirming the address creates it (GoTrue's `emailChangeVerify`).
  if (updated.count === 0) {
    await db`
      insert into auth.identities (provider_id, user_id, identity_data, provider)
      values (${userId}, ${userId}, ${db.json({ sub: userId, email: next, email_verified: true })}, 'email')`;
  }
  // One statement, so the conversion trigger (is_anonymous true → false) sees the new address.
  await db`
    update auth.users
    set email = ${next}, email_change = '', email_change_token_new = '', email_change_sent_at = null,
        email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false,
        raw_app_meta_data = case when raw_app_meta_data ? 'provider' then raw_app_meta_data
          else raw_app_meta_data || '{"provider": "email", "providers": ["email"]}'::jsonb end,
        updated_at = now()
    where id = ${userId}`;
  return true;
}
