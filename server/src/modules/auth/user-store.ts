import type { Sql } from '../../db/client';

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
