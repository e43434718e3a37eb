import { createHash, randomBytes } from 'node:crypto';
import { toOutboundError } from '../../lib/outbound/outbound-error';
import type { OutboundClient, OutboundResponse } from '../../lib/outbound/outbound-client';
import { ConnectorRefusal } from './social-connector';

/**
 * Mastodon's OAuth as its documentation describes it (docs.joinmastodon.org/methods/apps, /methods/oauth,
 * /spec/oauth): an app registered on the instance (POST /api/v1/apps), the authorization code grant at
 * /oauth/authorize and /oauth/token, PKCE S256 where the instance lists it in /.well-known/oauth-authorization-server
 * (Mastodon 4.3+), refresh_token where the instance issues one. Its contract test:
 * tests/integration/social-mastodon-oauth-contract.test.ts.
 */
export const MASTODON_SCOPES = 'read write:statuses write:media';
export const MASTODON_CLIENT_NAME = 'Beyond Brochures';

export interface MastodonApp {
  clientId: string;
  clientSecret: string;
}

export interface MastodonToken {
  accessToken: string;
  refreshToken: string | null;
  /** When the token expires (expires_in from now), or null: Mastodon's tokens do not expire by default. */
  expiresAt: string | null;
}

type Context = { outbound: OutboundClient; signal?: AbortSignal };

function errorText(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: unknown; error_description?: unknown };
    const text = [parsed.error, parsed.error_description].filter((part) => typeof part === 'string').join(' — ');
    return text || `HTTP body ${body.toString('utf8').slice(0, 100)}`;
  } catch {
    return body.toString('utf8').slice(0, 200);
  }
}

async function send(instance: string, path: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }, { outbound, signal }: Context): Promise<OutboundResponse> {
  try {
    return await outbound.request({ url: `${instance}${path}`, method: init.method ?? 'GET', headers: { accept: 'application/json', ...init.headers }, body: init.body, signal, maxRedirects: 0 });
  } catch (error) {
    throw new ConnectorRefusal(`Could not reach ${instance} (${toOutboundError(error).message}).`);
  }
}

function json<T>(instance: string, response: OutboundResponse): T {
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch {
    throw new ConnectorRefusal(`${instance} did not answer like a Mastodon server (HTTP ${response.status}, not JSON).`);
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Whether the instance supports PKCE S256 (its RFC 8414 metadata; older versions answer 404). */
export async function supportsPkce(instance: string, context: Context): Promise<boolean> {
  const response = await send(instance, '/.well-known/oauth-authorization-server', {}, context);
  if (response.status !== 200) return false;
  const metadata = json<{ code_challenge_methods_supported?: unknown }>(instance, response);
  return Array.isArray(metadata.code_challenge_methods_supported) && metadata.code_challenge_methods_supported.includes('S256');
}

export async function registerApp(instance: string, redirectUri: string, website: string, context: Context): Promise<MastodonApp> {
  const response = await send(instance, '/api/v1/apps', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ client_name: MASTODON_CLIENT_NAME, redirect_uris: redirectUri, scopes: MASTODON_SCOPES, website }),
  }, context);
  if (response.status !== 200) throw new ConnectorRefusal(`${instance} did not register the app (HTTP ${response.status}: ${errorText(response.body)}).`);
  const app = json<{ client_id?: unknown; client_secret?: unknown }>(instance, response);
  if (typeof app.client_id !== 'string' || typeof app.client_secret !== 'string') throw new ConnectorRefusal(`${instance} registered the app without a client id and secret.`);
  return { clientId: app.client_id, clientSecret: app.client_secret };
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A state and a PKCE verifier (43 characters of base64url), and the verifier's S256 challenge. */
export function newAuthorization(): { state: string; verifier: string; challenge: string } {
  const verifier = b64url(randomBytes(32));
  return { state: b64url(randomBytes(32)), verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}

export function stateHash(state: string): Buffer {
  return createHash('sha256').update(state, 'utf8').digest();
}

export function authorizeUrl(instance: string, input: { clientId: string; redirectUri: string; state: string; challenge: string | null }): string {
  const query = new URLSearchParams({ response_type: 'code', client_id: input.clientId, redirect_uri: input.redirectUri, scope: MASTODON_SCOPES, state: input.state });
  if (input.challenge) {
    query.set('code_challenge', input.challenge);
    query.set('code_challenge_method', 'S256');
  }
  return `${instance}/oauth/authorize?${query}`;
}

async function tokenRequest(instance: string, fields: Record<string, string>, context: Context): Promise<MastodonToken> {
  const response = await send(instance, '/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields) }, context);
  if (response.status === 400 || response.status === 401) throw new ConnectorRefusal(`${instance} refused the sign-in (${errorText(response.body)}).`);
  if (response.status !== 200) throw new ConnectorRefusal(`${instance} answered HTTP ${response.status} (${errorText(response.body)}).`);
  const token = json<{ access_token?: unknown; refresh_token?: unknown; expires_in?: unknown }>(instance, response);
  if (typeof token.access_token !== 'string') throw new ConnectorRefusal(`${instance} answered without an access token.`);
  return {
    accessToken: token.access_token,
    refreshToken: typeof token.refresh_token === 'string' ? token.refresh_token : null,
    expiresAt: typeof token.expires_in === 'number' && token.expires_in > 0 ? new Date(Date.now() + token.expires_in * 1000).toISOString() : null,
  };
}

export function exchangeCode(instance: string, input: MastodonApp & { redirectUri: string; code: string; verifier: string | null }, context: Context) {
  return tokenRequest(instance, {
    grant_type: 'authorization_code', client_id: input.clientId, client_secret: input.clientSecret, redirect_uri: input.redirectUri, code: input.code,
    scope: MASTODON_SCOPES, ...(input.verifier ? { code_verifier: input.verifier } : {}),
  }, context);
}

export function refreshToken(instance: string, input: MastodonApp & { refreshToken: string }, context: Context) {
  return tokenRequest(instance, { grant_type: 'refresh_token', client_id: input.clientId, client_secret: input.clientSecret, refresh_token: input.refreshToken }, context);
}

/** The account behind a token: its id and `acct` (GET /api/v1/accounts/verify_credentials). */
export async function verifyToken(instance: string, accessToken: string, context: Context): Promise<{ id: string; acct: string }> {
  const response = await send(instance, '/api/v1/accounts/verify_credentials', { headers: { authorization: `Bearer ${accessToken}` } }, context);
  if (response.status !== 200) throw new ConnectorRefusal(`${instance} refused the new access token (HTTP ${response.status}: ${errorText(response.body)}).`);
  const account = json<{ id?: unknown; acct?: unknown; username?: unknown }>(instance, response);
  if (typeof account.id !== 'string') throw new ConnectorRefusal(`${instance} answered verify_credentials without an account id.`);
  const acct = typeof account.acct === 'string' ? account.acct : String(account.username ?? account.id);
  return { id: account.id, acct };
}
