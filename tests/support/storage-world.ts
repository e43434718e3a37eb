import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database';
import { clientWithToken } from './rest-clients';
import type { TestServer } from './test-server';
import { mintSession, type UserSession } from './tokens';
import { seedUser, type SeededUser } from './users';

/**
 * Two workspaces for storage tests of the `assets` bucket: workspace 1 with an owner, a member and a viewer,
 * workspace 2 with its owner (the outsider for workspace 1). Each person has a live session and a supabase-js client.
 */

export interface StoragePerson extends SeededUser {
  session: UserSession;
  client: SupabaseClient<Database>;
}

export interface StorageWorld {
  workspace1: string;
  workspace2: string;
  owner: StoragePerson;
  member: StoragePerson;
  viewer: StoragePerson;
  outsider: StoragePerson;
  /** A client with the anon key only. */
  anon: SupabaseClient<Database>;
  service: SupabaseClient<Database>;
}

export const ASSETS = 'assets';

async function person(server: TestServer, user: SeededUser): Promise<StoragePerson> {
  const session = await mintSession(server.sql, server.jwtSecret, user.id);
  return { ...user, session, client: clientWithToken(server, session.accessToken) };
}

export async function createStorageWorld(server: TestServer): Promise<StorageWorld> {
  const { sql } = server;
  const [owner, member, viewer, outsider] = await Promise.all(['Olive', 'Mia', 'Vic', 'Xena'].map((first) => seedUser(sql, { metadata: { first_name: first } })));
  const workspace1 = owner!.organizationId;
  await sql`insert into public.organization_members (organization_id, user_id, role) values
    (${workspace1}, ${member!.id}, 'member'), (${workspace1}, ${viewer!.id}, 'viewer')`;
  return {
    workspace1,
    workspace2: outsider!.organizationId,
    owner: await person(server, owner!),
    member: await person(server, member!),
    viewer: await person(server, viewer!),
    outsider: await person(server, outsider!),
    anon: server.client(),
    service: clientWithToken(server, server.serviceRoleKey),
  };
}
