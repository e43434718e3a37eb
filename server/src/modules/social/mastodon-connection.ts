import type { Sql } from '../../db/client';
import type { OutboundClient } from '../../lib/outbound/outbound-client';
import { authorizeUrl, exchangeCode, newAuthorization, refreshToken, registerApp, stateHash, supportsPkce, verifyToken } from './mastodon-oauth';
import { ConnectorRefusal, type SocialCredential } from './social-connector';
import { open, seal, type TokenKeyring } from './token-seal';

/**
 * The Mastodon OAuth jobs' work (supabase/migrations/20261128341000_create_mastodon_oauth.sql): register the app
 * once per instance + redirect URI and write the authorize URL; exchange the code, verify and seal the token; refresh
 * an expiring token. Refusals are recorded in plain words on the connection (or as "Reconnect" on the account);
 * anything else is thrown for the runner to retry. Every read and write checks the payload's workspace.
 */
export interface MastodonJobInput {
  sql: Sql;
  outbound: OutboundClient;
  keyring: TokenKeyring;
  workspaceId: string;
  signal?: AbortSignal;
}

/** The sealed credential of an account connected with OAuth: the connector reads `secret` as it always did. */
export interface MastodonOAuthCredential extends SocialCredential {
  refreshToken?: string | null;
  expiresAt?: string | null;
}

interface ConnectionRow {
  status: string;
  instance_origin: string;
  redirect_uri: string;
  app_id: string | null;
  client_id: string | null;
  client_secret_sealed: string | null;
  pkce: boolean | null;
  code: string | null;
  code_verifier: string | null;
}

const appAad = (appId: string) => `mastodon-app:${appId}`;

async function connectionFor(input: MastodonJobInput, connectionId: string) {
  const [row] = await input.sql<ConnectionRow[]>`select * from private.mastodon_connection_for_job(${input.workspaceId}, ${connectionId})`;
  return row;
}

async function recordFailure(input: MastodonJobInput, connectionId: string, error: unknown): Promise<string> {
  if (!(error instanceof ConnectorRefusal)) throw error;
  await input.sql`select private.record_mastodon_connection_failure(${input.workspaceId}, ${connectionId}, ${error.message})`;
  return 'failed';
}

/** The app of this instance and redirect URI: the stored one, or one registered now (a race keeps the first). */
async function appFor(input: MastodonJobInput, instance: string, redirectUri: string) {
  const stored = () => input.sql<{ id: string; client_id: string; pkce: boolean }[]>`
    select id, client_id, pkce from private.mastodon_apps where instance_origin = ${instance} and redirect_uri = ${redirectUri}`;
  const [existing] = await stored();
  if (existing) return existing;
  const context = { outbound: input.outbound, signal: input.signal };
  const pkce = await supportsPkce(instance, context);
  const app = await registerApp(instance, redirectUri, new URL(redirectUri).origin, context);
  const [{ id }] = await input.sql<{ id: string }[]>`select gen_random_uuid() as id`;
  await input.sql`
    insert into private.mastodon_apps (id, instance_origin, redirect_uri, client_id, client_secret_sealed, pkce)
    values (${id!}, ${instance}, ${redirectUri}, ${app.clientId}, ${seal(input.keyring, appAad(id!), app.clientSecret)}, ${pkce})
    on conflict (instance_origin, redirect_uri) do nothing`;
  const [row] = await stored();
  return row!;
}

export async function startMastodonConnection(input: MastodonJobInput, connectionId: string): Promise<string> {
  const row = await connectionFor(input, connectionId);
  if (!row) return 'gone';
  if (row.status !== 'registering') return row.status;
  try {
    const app = await appFor(input, row.instance_origin, row.redirect_uri);
    const { state, verifier, challenge } = newAuthorization();
    const url = authorizeUrl(row.instance_origin, { clientId: app.client_id, redirectUri: row.redirect_uri, state, challenge: app.pkce ? challenge : null });
    await input.sql`select private.record_mastodon_authorize_url(${input.workspaceId}, ${connectionId}, ${app.id}, ${stateHash(state)},
      ${app.pkce ? verifier : null}, ${url})`;
    return 'authorizing';
  } catch (error) {
    return recordFailure(input, connectionId, error);
  }
}

export async function finishMastodonConnection(input: MastodonJobInput, connectionId: string): Promise<string> {
  const row = await connectionFor(input, connectionId);
  if (!row) return 'gone';
  if (row.status !== 'exchanging') return row.status;
  if (!row.code || !row.app_id || !row.client_id || !row.client_secret_sealed) {
    return recordFailure(input, connectionId, new ConnectorRefusal('The sign-in was incomplete: start connecting again.'));
  }
  const context = { outbound: input.outbound, signal: input.signal };
  try {
    const clientSecret = open<string>(input.keyring, appAad(row.app_id), row.client_secret_sealed);
    const token = await exchangeCode(row.instance_origin, { clientId: row.client_id, clientSecret, redirectUri: row.redirect_uri, code: row.code, verifier: row.code_verifier }, context);
    const account = await verifyToken(row.instance_origin, token.accessToken, context);
    const identifier = `@${account.acct}@${new URL(row.instance_origin).hostname}`;
    const [{ id }] = await input.sql<{ id: string }[]>`select private.mastodon_account_id_for(${input.workspaceId}, ${row.instance_origin}, ${account.id}) as id`;
    const credential: MastodonOAuthCredential = { identifier, secret: token.accessToken, url: row.instance_origin, refreshToken: token.refreshToken, expiresAt: token.expiresAt };
    await input.sql`select private.record_mastodon_account(${input.workspaceId}, ${connectionId}, ${id!}, ${identifier}, ${account.id},
      ${seal(input.keyring, id!, credential)}, ${token.expiresAt})`;
    return 'connected';
  } catch (error) {
    return recordFailure(input, connectionId, error);
  }
}

/** Refreshes an expiring token; a refused refresh marks the account "Reconnect" (its owner is notified once). */
export async function refreshMastodonToken(input: MastodonJobInput, accountId: string): Promise<string> {
  const [row] = await input.sql<{ instance_origin: string; sealed: string; app_id: string; client_id: string; client_secret_sealed: string }[]>`
    select * from private.mastodon_token_for_job(${input.workspaceId}, ${accountId})`;
  if (!row) return 'gone';
  const credential = open<MastodonOAuthCredential>(input.keyring, accountId, row.sealed);
  if (!credential.refreshToken) return 'no_refresh_token';
  try {
    const clientSecret = open<string>(input.keyring, appAad(row.app_id), row.client_secret_sealed);
    const token = await refreshToken(row.instance_origin, { clientId: row.client_id, clientSecret, refreshToken: credential.refreshToken }, { outbound: input.outbound, signal: input.signal });
    const renewed: MastodonOAuthCredential = { ...credential, secret: token.accessToken, refreshToken: token.refreshToken ?? credential.refreshToken, expiresAt: token.expiresAt };
    await input.sql`select private.record_mastodon_token_refresh(${input.workspaceId}, ${accountId}, ${seal(input.keyring, accountId, renewed)}, ${token.expiresAt})`;
    return 'refreshed';
  } catch (error) {
    if (!(error instanceof ConnectorRefusal) || error.message.startsWith('Could not reach')) throw error;
    await input.sql`select private.record_social_account_connection(${input.workspaceId}, ${accountId}, 'reconnect', null, null, ${error.message})`;
    return 'reconnect';
  }
}
