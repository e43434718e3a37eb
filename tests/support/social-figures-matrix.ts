import { DENY_ANON, NOT_MEMBER, REFUSED, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

const NO_SUCH_FUNCTION = '404 PGRST202 Searched for the function public.record_social_post_figures with parameters channel_id, likes, replies, reposts, workspace_id or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.';
const NOBODY_WRITES: Operation['cells'] = [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON];

/**
 * The tenant matrix's rows for the Social Hub's figures (issue 30, point 6): everyone in the workspace (viewers too)
 * reads its posts' figures; nobody writes them through the API (the fetch_social_figures job does, through
 * private.record_social_post_figures, which the API cannot call); other workspaces see nothing.
 */
export function socialFiguresOperations(world: World): Record<string, Operation> {
  return {
    'social_post_figures: read workspace 1': {
      run: (a) => a.client.from('social_post_figures').select('channel_id, likes').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'social_post_figures: insert figures into workspace 1 directly': {
      run: (a) => a.client.from('social_post_figures').insert({ channel_id: ids.socialChannelAwaiting, organization_id: world().workspace1, likes: 1000 } as never),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'social_post_figures: raise workspace 1’s likes directly': {
      run: (a) => a.client.from('social_post_figures').update({ likes: 1000 } as never).eq('channel_id', ids.socialChannel),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'social_post_figures: delete workspace 1’s figures directly': {
      run: (a) => a.client.from('social_post_figures').delete().eq('channel_id', ids.socialChannel),
      answer: 'rows',
      cells: NOBODY_WRITES,
    },
    'social_post_clicks(): workspace 1’s clicks through its posts’ UTM-tagged links (session 8)': {
      run: (a) => a.client.rpc('social_post_clicks', { workspace_id: world().workspace1 }),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'record_social_post_figures(): not callable through the API': {
      run: (a) => a.client.rpc('record_social_post_figures' as never, { workspace_id: world().workspace1, channel_id: ids.socialChannel, likes: 1000, reposts: 0, replies: 0 } as never),
      answer: 'rows',
      cells: Array(8).fill(NO_SUCH_FUNCTION) as Operation['cells'],
    },
  };
}
