import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database';
import { clientWithToken } from './rest-clients';
import type { TestServer } from './test-server';
import { mintSession, type UserSession } from './tokens';
import { seedUser, type SeededUser } from './users';

/**
 * Two workspaces for storage tests (the `files` bucket below, and the asset library's `assets` bucket): workspace 1 with an owner, a member and a viewer,
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
/**
 * A private bucket of the tests' own, with the rules the `assets` bucket had before it became the asset library's
 * (members of a workspace write anything under its folder, viewers read): the Storage API's own behaviour is tested
 * there, apart from the library's rules (tests/integration/asset-library*.test.ts).
 */
export const FILES = 'files';

const FILES_BUCKET_SQL = `
  insert into storage.buckets (id, name, public) values ('files', 'files', false) on conflict (id) do nothing;
  create policy "files: members and viewers read" on storage.objects for select to authenticated
    using (bucket_id = 'files' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('viewer')));
  create policy "files: members upload" on storage.objects for insert to authenticated
    with check (bucket_id = 'files' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')));
  create policy "files: members replace and move" on storage.objects for update to authenticated
    using (bucket_id = 'files' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')))
    with check (bucket_id = 'files' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')));
  create policy "files: members delete" on storage.objects for delete to authenticated
    using (bucket_id = 'files' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')));`;

/** Creates the tests' `files` bucket and its policies in this test file's database (once). */
export async function createFilesBucket(server: TestServer): Promise<void> {
  const [exists] = await server.sql`select 1 from storage.buckets where id = 'files'`;
  if (!exists) await server.sql.unsafe(FILES_BUCKET_SQL);
}

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
  await createFilesBucket(server);
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
