import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database';
import type { TestServer } from './test-server';
import { mintSession, type UserSession } from './tokens';
import { seedUser, type SeededUser } from './users';

/** supabase-js as the browser uses it, with a signed-in user's access token (no auth calls needed). */
export function clientWithToken(server: TestServer, accessToken: string): SupabaseClient<Database> {
  return createClient<Database>(server.url, server.anonKey, {
    accessToken: async () => accessToken,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** The same, without the generated types: for tables a test creates itself. */
export function untypedClientWithToken(server: TestServer, accessToken: string): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    accessToken: async () => accessToken,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export interface SignedInUser extends SeededUser {
  session: UserSession;
  client: SupabaseClient<Database>;
}

/** A seeded user (organization, profile) with a live session and a supabase-js client using it. */
export async function signedInUser(
  server: TestServer,
  options: Parameters<typeof seedUser>[1] = {},
): Promise<SignedInUser> {
  const user = await seedUser(server.sql, options);
  const session = await mintSession(server.sql, server.jwtSecret, user.id);
  return { ...user, session, client: clientWithToken(server, session.accessToken) };
}

/** A signed-in user whose new workspace has no contact scoring rules (every score 0 until a test adds rules). */
export async function signedInUserWithoutScoreRules(server: TestServer): Promise<SignedInUser> {
  const user = await signedInUser(server);
  await server.sql`delete from public.contact_score_rules where organization_id = ${user.organizationId}`;
  return user;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** A raw HTTP call to the data API with the anon key as `apikey` (and the token when given). */
export async function rest(
  server: TestServer,
  method: string,
  pathAndQuery: string,
  options: { token?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { apikey: server.anonKey, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${server.url}/rest/v1${pathAndQuery}`, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
