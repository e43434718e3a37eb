import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';

const NOBODY_WRITES: Operation['cells'] = [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON];

/**
 * The tenant matrix's rows for the composer's link cards before a post is saved (issue 30 point 2, session 8):
 * members, admins and owners ask request_social_link_preview for their workspace (a pending card and a job);
 * viewers are refused (they do not compose), other workspaces' people and anonymous callers too; nobody writes the
 * cache directly. Reading is per workspace (RLS): tests/integration/social-link-preview-composer.test.ts.
 */
export function socialLinkPreviewOperations(world: World): Record<string, Operation> {
  return {
    'request_social_link_preview(): a card for workspace 1': {
      run: (a) => a.client.rpc('request_social_link_preview', { p_workspace_id: world().workspace1, p_url: 'https://example.com/spring' }),
      answer: (data) => (data as { status: string }).status,
      cells: [
        'ok pending → social_link_preview_cache +1', 'ok pending → social_link_preview_cache +1', 'ok pending → social_link_preview_cache +1',
        TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON,
      ],
    },
    'social_link_preview_cache: plant a card for workspace 1 directly': {
      run: (a) => a.client.from('social_link_preview_cache').insert({ organization_id: world().workspace1, url: 'https://evil.example', status: 'ready', title: 'Planted' } as never).select('url'),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
  };
}
