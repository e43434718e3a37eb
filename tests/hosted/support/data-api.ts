import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import Fastify from 'fastify';
import { loadConfig } from '../../../server/src/config';
import { createSql } from '../../../server/src/db/client';
import { createAvailability } from '../../../server/src/db/availability';
import { deriveApiKeys } from '../../../server/src/lib/api-keys';
import { addEncryptionKey } from '../../../server/src/lib/encryption-keys';
import { signJwt } from '../../../server/src/lib/jwt';
import { secretOnlyJwtKeys } from '../../../server/src/lib/jwt-keys';
import { restModule } from '../../../server/src/modules/rest/rest-routes';
import type { Database } from '../../../src/types/database';

export interface HostedAccount {
  id: string;
  email: string;
  organizationId: string;
  /** supabase-js as the app runs it, with the account's access token (role authenticated). */
  client: SupabaseClient<Database>;
}

export interface HostedDataApi {
  url: string;
  /** A confirmed sign-up with a session, written as Supabase Auth writes them; its workspace made by the trigger. */
  signUp(metadata: Record<string, unknown>): Promise<HostedAccount>;
  close(): Promise<void>;
}

/**
 * The data API of the Supabase-shaped database, as app-requests.test.ts runs it: the own server's /rest/v1 module
 * stands in for PostgREST, connected as `authenticator` and switching to anon / authenticated / service_role per
 * request; accounts are written as `supabase_auth_admin`, so the sign-up trigger runs as that role.
 */
export async function startHostedDataApi(urls: { authenticator: string; supabaseAuthAdmin: string }): Promise<HostedDataApi> {
  const jwtSecret = randomBytes(32).toString('hex');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bb-hosted-api-'));
  const keys = await deriveApiKeys(jwtSecret);
  const authenticator = createSql(urls.authenticator, { max: 2 });
  const authAdmin = createSql(urls.supabaseAuthAdmin, { max: 1 });
  const config = {
    ...loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: urls.authenticator, LOG_LEVEL: 'silent' }),
    jwtSecret,
  };
  const api = Fastify({ logger: false });
  const database = createAvailability(() => authenticator`select 1`);
  await api.register(restModule, {
    prefix: '/rest/v1', config, sql: authenticator, keys, jwtKeys: secretOnlyJwtKeys(jwtSecret), encryptionKeys: addEncryptionKey(undefined), database,
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;

  async function signUp(metadata: Record<string, unknown>): Promise<HostedAccount> {
    const id = randomUUID();
    const sessionId = randomUUID();
    const email = `${id.slice(0, 8)}@example.com`;
    const app = { provider: 'email', providers: ['email'] };
    await authAdmin.begin(async (tx) => {
      await tx`
        insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
          raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token)
        values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, '', now(),
          ${tx.json(app)}, ${tx.json(metadata as never)}, now(), now(), '', '')`;
      await tx`
        insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
        values (${id}, ${id}, ${tx.json({ sub: id, email })}, 'email', now(), now())`;
      await tx`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (${sessionId}, ${id}, now(), now(), 'aal1')`;
    });
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt({
      iss: 'https://example.supabase.co/auth/v1', sub: id, aud: 'authenticated', exp: now + 3600, iat: now, email,
      phone: '', app_metadata: app, user_metadata: metadata, role: 'authenticated', aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }], session_id: sessionId, is_anonymous: false,
    }, jwtSecret);
    const client = createClient<Database>(url, keys.anonKey, {
      accessToken: async () => token,
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const profile = await client.from('profiles').select('organization_id').eq('user_id', id).single();
    if (profile.error || !profile.data.organization_id) throw new Error(`no profile or organization for the new account: ${profile.error?.message}`);
    return { id, email, organizationId: profile.data.organization_id, client };
  }

  return {
    url,
    signUp,
    close: async () => {
      await api.close();
      database.close();
      await Promise.all([authenticator.end(), authAdmin.end()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
