import { DENY_ANON, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

const FOREIGN_ACCOUNT = '409 23503 Key is not present in table "social_accounts".';
const UNKNOWN_POST = '400 P0001 unknown_post';
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

/**
 * The tenant matrix's rows for the Social Hub's calendar and queue (issue 30, point 3): everyone in a workspace reads
 * its accounts' posting slots; members, admins and owners add and remove them; viewers, other workspaces and
 * anonymous callers do neither; a slot never points at another workspace's account; reschedule_social_post moves
 * only a post of the caller's workspace, for members and up.
 */
export function socialCalendarOperations(world: World): Record<string, Operation> {
  return {
    'social_account_slots: read workspace 2’s slot': {
      run: (a) => a.client.from('social_account_slots').select('id').eq('account_id', ids.socialAccountOfWorkspace2),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 1', 'rows 0', 'rows 0', DENY_ANON],
    },
    'social_account_slots: add a slot to workspace 1’s account': {
      run: (a) => a.client.from('social_account_slots').insert({ organization_id: world().workspace1, account_id: ids.socialAccount, weekday: 2, local_time: '09:00' }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → social_account_slots +1', 'rows 1 → social_account_slots +1', 'rows 1 → social_account_slots +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'social_account_slots: a slot of workspace 1 on workspace 2’s account': {
      run: (a) => a.client.from('social_account_slots').insert({ organization_id: world().workspace1, account_id: ids.socialAccountOfWorkspace2, weekday: 2, local_time: '09:00' }).select('id'),
      answer: 'rows',
      cells: [FOREIGN_ACCOUNT, FOREIGN_ACCOUNT, FOREIGN_ACCOUNT, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'social_account_slots: remove workspace 2’s slot': {
      run: (a) => a.client.from('social_account_slots').delete().eq('account_id', ids.socialAccountOfWorkspace2).select('id'),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 1', 'rows 0', 'rows 0', DENY_ANON],
    },
    'reschedule_social_post(): workspace 1’s post awaiting approval (a draft: no moment yet)': {
      run: (a) => a.client.rpc('reschedule_social_post', { post_id: ids.socialPostAwaiting, scheduled_at: inADay() }),
      answer: 'ok',
      cells: ['400 P0001 not_scheduled', '400 P0001 not_scheduled', '400 P0001 not_scheduled', TOO_LOW, UNKNOWN_POST, UNKNOWN_POST, UNKNOWN_POST, DENY_ANON],
    },
  };
}
