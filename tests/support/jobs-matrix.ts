import { DENY_ANON, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

const NOT_SITE_ADMIN = '403 42501 not_site_admin';
const ADMINS_ONLY: Operation['cells'] = [NOT_SITE_ADMIN, NOT_SITE_ADMIN, NOT_SITE_ADMIN, NOT_SITE_ADMIN, NOT_SITE_ADMIN, NOT_SITE_ADMIN, NOT_SITE_ADMIN, DENY_ANON];

/**
 * The tenant matrix's rows for issue 26: scheduling a content item to publish follows the content rules (members
 * and up of the workspace; viewers and strangers change nothing; nobody schedules into the past), and the
 * background-work functions of the admin
 * area answer site admins only (none of the actors is one; tests/integration/background-work-admin.test.ts has the
 * site admin's side).
 */
export function jobOperations(world: World): Record<string, Operation> {
  const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
  return {
    'content_items: schedule workspace 1’s item to publish': {
      run: (a) => a.client.from('content_items').update({ planned_publish_at: nextWeek(), publish_on_schedule: true }).eq('id', ids.contentItem).select('id'),
      answer: 'rows',
      cells: ['rows 1 → content_items ~1', 'rows 1 → content_items ~1', 'rows 1 → content_items ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'content_items: schedule workspace 1’s item to publish yesterday (it would publish at once)': {
      run: (a) => a.client.from('content_items').update({ planned_publish_at: new Date(Date.now() - 86_400_000).toISOString(), publish_on_schedule: true }).eq('id', ids.contentItem).select('id'),
      answer: 'rows',
      cells: ['400 23514 schedule_in_past', '400 23514 schedule_in_past', '400 23514 schedule_in_past', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'content_items: add an item of workspace 1 scheduled to publish': {
      run: (a) =>
        a.client
          .from('content_items')
          .insert({ organization_id: world().workspace1, user_id: a.user?.id ?? null, title: 'Scheduled', planned_publish_at: nextWeek(), publish_on_schedule: true })
          .select('id'),
      answer: 'rows',
      cells: ['rows 1 → content_items +1', 'rows 1 → content_items +1', 'rows 1 → content_items +1', '403 42501', '403 42501', '403 42501', '403 42501', DENY_ANON],
    },
    'admin_background_work_summary(): the job counts': {
      run: (a) => a.client.rpc('admin_background_work_summary'),
      answer: 'rows',
      cells: ADMINS_ONLY,
    },
    'admin_background_jobs(): every job': {
      run: (a) => a.client.rpc('admin_background_jobs', { job_state: 'all', max_rows: 100 }),
      answer: 'rows',
      cells: ADMINS_ONLY,
    },
    'admin_retry_background_job(): a failed job': {
      run: (a) => a.client.rpc('admin_retry_background_job', { job_id: 'failed:1' }),
      answer: 'ok',
      cells: ADMINS_ONLY,
    },
    'admin_cancel_background_job(): a queued job': {
      run: (a) => a.client.rpc('admin_cancel_background_job', { job_id: 'backlog:1' }),
      answer: 'ok',
      cells: ADMINS_ONLY,
    },
  };
}
