/**
 * Where the browser remembers, for the callback page, the workspace the member started connecting in (the instance
 * sends back only code and state; the database checks the state belongs to that workspace and member).
 */
export const MASTODON_WORKSPACE_KEY = 'beyond:mastodon-connect-workspace';

/** What the Mastodon callback page shows, from the instance's answer in the URL and the connection's progress. */
export type MastodonCallbackView =
  | { kind: 'denied'; reason: string | null }
  | { kind: 'incomplete' }
  | { kind: 'working' }
  | { kind: 'connected' }
  | { kind: 'failed'; message: string };

export interface MastodonCallbackInput {
  params: URLSearchParams;
  /** The workspace the connection was started in (this browser's session storage). */
  workspaceId: string | null;
  /** The finish RPC's refusal (expired, used or someone else's state; a viewer), in the database's words. */
  finishError: string | null;
  /** The connection once the RPC accepted the code: its status and the job's message. */
  connection: { status: string; message: string | null } | null;
}

export function mastodonCallbackView({ params, workspaceId, finishError, connection }: MastodonCallbackInput): MastodonCallbackView {
  const error = params.get('error');
  if (error) return { kind: 'denied', reason: params.get('error_description') ?? (error === 'access_denied' ? null : error) };
  if (!params.get('code') || !params.get('state') || !workspaceId) return { kind: 'incomplete' };
  if (finishError) return { kind: 'failed', message: finishError };
  if (connection?.status === 'connected') return { kind: 'connected' };
  if (connection?.status === 'failed') return { kind: 'failed', message: connection.message ?? 'The Mastodon server refused the sign-in.' };
  return { kind: 'working' };
}
