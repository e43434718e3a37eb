import { randomBytes } from 'node:crypto';
import type { Sql } from '../../server/src/db/client';
import { insertUser } from '../../server/src/modules/auth/user-store';

export interface SeededUser {
  id: string;
  email: string;
  organizationId: string;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

/**
 * A user straight in the database (the sign-up trigger creates profile, organization and membership).
 * `passwordHash` defaults to a hash nobody can sign in with: use the auth API for sign-in tests.
 */
export async function seedUser(
  sql: Sql,
  options: { email?: string; metadata?: Record<string, unknown>; siteAdmin?: boolean; passwordHash?: string } = {},
): Promise<SeededUser> {
  const user = await insertUser(sql, {
    email: options.email ?? uniqueEmail(),
    passwordHash: options.passwordHash ?? '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinva',
    userMetadata: options.metadata ?? { first_name: 'Test', last_name: 'User' },
    appMetadata: options.siteAdmin ? { site_admin: true } : {},
    confirmed: true,
  });
  const [profile] = await sql<{ organization_id: string }[]>`
    select organization_id from public.profiles where user_id = ${user.id}`;
  return { id: user.id, email: user.email, organizationId: profile!.organization_id };
}
