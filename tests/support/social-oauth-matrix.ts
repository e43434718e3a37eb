import { DENY_ANON, NOT_MEMBER, TOO_LOW, type Operation, type World } from './tenant-matrix';

const REDIRECT = 'https://app.example/marketing/social/connect/mastodon';

/**
 * The tenant matrix's rows for connecting Mastodon with OAuth (supabase/migrations/20261128341000_create_mastodon_oauth.sql):
 * members, admins and owners start a connection in their workspace; a connection (and its authorize URL with the
 * state) is read by the member who started it only; a state nobody issued is refused to every member as unknown, to
 * viewers as too low, to other workspaces' people as not theirs; the app secrets, states, verifiers and codes live in
 * private tables no API role reads. The world seeds one connection the owner started (tests/support/workspaces.ts);
 * the private tables are checked in tests/integration/social-mastodon-oauth-contract.test.ts.
 */
export function socialOAuthOperations(world: World): Record<string, Operation> {
  return {
    'start_mastodon_connection(): in workspace 1': {
      run: (a) => a.client.rpc('start_mastodon_connection', { workspace_id: world().workspace1, instance: 'mastodon.example', redirect_uri: REDIRECT }),
      answer: (data) => `${(data as { instance_origin: string; status: string }).instance_origin} ${(data as { status: string }).status}`,
      cells: [
        'ok https://mastodon.example registering → mastodon_connections +1',
        'ok https://mastodon.example registering → mastodon_connections +1',
        'ok https://mastodon.example registering → mastodon_connections +1',
        TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON,
      ],
    },
    'start_mastodon_connection(): workspace 1, back to another site': {
      run: (a) => a.client.rpc('start_mastodon_connection', { workspace_id: world().workspace1, instance: 'mastodon.example', redirect_uri: 'https://evil.example/steal' }),
      answer: 'ok',
      cells: ['400 P0001 redirect_uri_invalid', '400 P0001 redirect_uri_invalid', '400 P0001 redirect_uri_invalid', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    // The owner's seeded connection (its authorize URL carries the state): the owner reads it, nobody else does.
    'mastodon_connections: read workspace 1 (each member only the one they started)': {
      run: (a) => a.client.from('mastodon_connections').select('id, authorize_url').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'finish_mastodon_connection(): a state nobody issued, in workspace 1': {
      run: (a) => a.client.rpc('finish_mastodon_connection', { workspace_id: world().workspace1, state: 'Zm9yZ2VkLXN0YXRl', code: 'forged-code' }),
      answer: 'ok',
      cells: ['400 P0001 state_unknown', '400 P0001 state_unknown', '400 P0001 state_unknown', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'mastodon_connections: insert into workspace 1 directly': {
      run: (a) => a.client.from('mastodon_connections').insert({ organization_id: world().workspace1, created_by: a.user?.id ?? world().workspace1, instance_origin: 'https://evil.example', redirect_uri: REDIRECT, status: 'connected' } as never).select('id'),
      answer: 'rows',
      cells: ['403 42501', '403 42501', '403 42501', '403 42501', '403 42501', '403 42501', '403 42501', DENY_ANON],
    },
  };
}
