import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type Session, type SupabaseClient, type User } from '@supabase/supabase-js';
import { otpHash } from '../../server/src/modules/auth/one-time-tokens';
import { ensureSiteAdmin } from '../../server/src/modules/auth/site-admin';
import { adminEmailFromUsername } from '../../src/config/admin';
import type { Database } from '../../src/types/database';
import type { TestServer } from './test-server';
import { uniqueEmail } from './users';

export const TEST_PASSWORD = 'correct-horse-battery';
export const TEST_ADMIN_USERNAME = 'admin';
export const TEST_ADMIN_PASSWORD = 'admin-test-password';

export interface SignedInUser {
  /** A supabase-js client holding this user's session (in memory, no auto refresh). */
  client: SupabaseClient<Database>;
  user: User;
  session: Session;
  email: string;
  password: string;
}

/**
 * Signs a new marketing user up through the API (real supabase-js, autoconfirm on: the default) and
 * returns its signed-in client. The sign-up trigger has created its profile and organization.
 */
export async function signUpUser(
  server: TestServer,
  options: { email?: string; password?: string; metadata?: Record<string, unknown> } = {},
): Promise<SignedInUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const client = server.client();
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: options.metadata ?? { first_name: 'Test', last_name: 'User' } },
  });
  if (error) throw new Error(`sign-up of ${email} failed: ${error.message}`);
  if (!data.session || !data.user) {
    throw new Error('sign-up returned no session: signUpUser needs AUTH_AUTOCONFIRM=true (the default)');
  }
  return { client, user: data.user, session: data.session, email, password };
}

/** Signs an existing account in through the API with a fresh client. */
export async function signIn(server: TestServer, email: string, password: string): Promise<SignedInUser> {
  const client = server.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return { client, user: data.user, session: data.session, email, password };
}

/**
 * The site admin (created with `ensureSiteAdmin` as at server start: username `admin`, TEST_ADMIN_PASSWORD)
 * signed in through the API. Fails clearly when another site admin with an unknown password exists.
 */
export async function signInAdmin(server: TestServer): Promise<SignedInUser> {
  const result = await ensureSiteAdmin(server.sql, { username: TEST_ADMIN_USERNAME, password: TEST_ADMIN_PASSWORD });
  const email = adminEmailFromUsername(TEST_ADMIN_USERNAME);
  if (!result.created) {
    const [row] = await server.sql`select 1 from auth.users where email = ${email}`;
    if (!row) throw new Error('a site admin already exists with another e-mail: signInAdmin cannot know its password');
  }
  return signIn(server, email, TEST_ADMIN_PASSWORD);
}

/** A supabase-js client with an in-memory storage (persisted session), to see what the browser would store. */
export function clientWithStorage(server: TestServer, options: { storageKey?: string } = {}) {
  const store = new Map<string, string>();
  const client = createClient<Database>(server.url, server.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      ...(options.storageKey ? { storageKey: options.storageKey } : {}),
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
  });
  return { client, store };
}

export interface OutboxMessage {
  id: string;
  created_at: string;
  kind: 'signup' | 'recovery' | 'magiclink' | 'email_change_new' | 'email_change_current' | 'reauthentication';
  to: string;
  subject: string;
  link: string;
  otp: string;
  smtp: string;
  text: string;
  html: string;
}

/** The e-mails the server wrote to DATA_DIR/outbox, oldest first. */
export async function readOutbox(server: TestServer): Promise<OutboxMessage[]> {
  const dir = path.join(server.config.dataDir, 'outbox');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const messages = await Promise.all(
    names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMessage),
  );
  return messages.sort((a, b) => a.id.localeCompare(b.id));
}

const TOKEN_TYPE_OF: Record<OutboxMessage['kind'], string> = {
  signup: 'confirmation_token',
  recovery: 'recovery_token',
  magiclink: 'recovery_token',
  email_change_new: 'email_change_token_new',
  email_change_current: 'email_change_token_current',
  reauthentication: 'reauthentication_token',
};

/**
 * The server writes an auth e-mail inside the transaction that stores its code (a failed delivery rolls it back):
 * a test reading the outbox at once may be faster than that commit. Waits (up to 5 s) until the code is stored,
 * unless the message is older than 2 s (its transaction is over then; the code may have been used since).
 */
async function waitForCommit(server: TestServer, message: OutboxMessage): Promise<void> {
  const type = TOKEN_TYPE_OF[message.kind];
  if (!type || !message.otp || Date.now() - Date.parse(message.created_at) > 2000) return;
  const hash = otpHash(type, message.to, message.otp);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await server.sql`select 1 from auth.one_time_tokens where token_hash = ${hash}`).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest e-mail to an address (of a kind); waits up to 5 s for it (some are sent after the answer). */
export async function lastEmailTo(server: TestServer, to: string, kind?: OutboxMessage['kind']): Promise<OutboxMessage> {
  for (let attempt = 0; ; attempt += 1) {
    const found = (await readOutbox(server)).filter((message) => message.to === to && (!kind || message.kind === kind));
    if (found.length > 0) {
      await waitForCommit(server, found[found.length - 1]!);
      return found[found.length - 1]!;
    }
    if (attempt === 100) throw new Error(`no e-mail${kind ? ` (${kind})` : ''} to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Makes the resend interval of an e-mail kind to an address pass now, as if a minute had gone by. */
export async function passResendInterval(
  server: TestServer,
  kind: 'signup' | 'recovery' | 'email_change' | 'magiclink' | 'reauthentication',
  to: string,
): Promise<void> {
  await server.sql`
    update private.rate_limits set updated_at = updated_at - interval '1 day' where key = ${`auth:email_to:${kind}:${to.toLowerCase()}`}`;
}

/** Raw request to the auth API with the anon key (and the header supabase-js sends unless `legacy`). */
export function authFetch(
  server: TestServer,
  pathAndQuery: string,
  init: { method?: string; body?: unknown; token?: string; legacy?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    apikey: server.anonKey,
    authorization: `Bearer ${init.token ?? server.anonKey}`,
    'content-type': 'application/json;charset=UTF-8',
    ...(init.legacy ? {} : { 'x-supabase-api-version': '2024-01-01' }),
    ...init.headers,
  };
  return fetch(`${server.url}/auth/v1${pathAndQuery}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    redirect: 'manual',
  });
}

/**
 * An e-mail link as this test server can be reached: links start with SITE_URL (the public address,
 * http://localhost:3000 by default), while the test server listens on 127.0.0.1 and a free port.
 */
export function linkOnServer(server: TestServer, link: string): string {
  const prefix = `${server.config.siteUrl}/auth/v1/`;
  return link.startsWith(prefix) ? `${server.url}/auth/v1/${link.slice(prefix.length)}` : link;
}
