import { DENY_ANON, REFUSED, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

/**
 * The tenant matrix's rows for web analytics (issue 20): every member reads a site and its figures, members add,
 * change and remove sites, nobody writes figures directly, the agency site is for site admins only, and the
 * ingestion function refuses a call without the site's origin whoever makes it (anon included).
 */
export function analyticsOperations(world: World): Record<string, Operation> {
  return {
    'analytics_sites: read workspace 1': {
      run: (a) => a.client.from('analytics_sites').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'analytics_sites: read the agency site (site admins only)': {
      run: (a) => a.client.from('analytics_sites').select('id').is('organization_id', null),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'analytics_sites: add a site to workspace 1': {
      run: (a) => a.client.from('analytics_sites').insert({ organization_id: world().workspace1, name: 'Planted', domain: 'planted.example', created_by: a.user?.id ?? null }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → analytics_sites +1', 'rows 1 → analytics_sites +1', 'rows 1 → analytics_sites +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'analytics_sites: point workspace 1’s site at another domain': {
      run: (a) => a.client.from('analytics_sites').update({ domain: 'taken.example' }).eq('id', ids.analyticsSite).select('id'),
      answer: 'rows',
      cells: ['rows 1 → analytics_sites ~1', 'rows 1 → analytics_sites ~1', 'rows 1 → analytics_sites ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'analytics_sites: move workspace 1’s site to another workspace': {
      run: (a) => a.client.from('analytics_sites').update({ organization_id: world().workspace2 } as never).eq('id', ids.analyticsSite),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'analytics_sites: remove workspace 1’s site (its figures go with it)': {
      run: (a) => a.client.from('analytics_sites').delete().eq('id', ids.analyticsSite).select('id'),
      answer: 'rows',
      cells: ['rows 1 → analytics_sites -1, analytics_rollups -1', 'rows 1 → analytics_sites -1, analytics_rollups -1', 'rows 1 → analytics_sites -1, analytics_rollups -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'analytics_rollups: read workspace 1’s figures': {
      run: (a) => a.client.from('analytics_rollups').select('visitors').eq('site_id', ids.analyticsSite),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'analytics_daily_rollups: read workspace 1’s figures': {
      run: (a) => a.client.from('analytics_daily_rollups').select('visitors').eq('site_id', ids.analyticsSite),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'analytics_rollups: forge a figure': {
      run: (a) => a.client.from('analytics_rollups').insert({ site_id: ids.analyticsSite, dimension: 'total', hour: '2026-01-02T00:00:00Z', value: '', visitors: 999 }),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'analytics_daily_rollups: forge a figure': {
      run: (a) => a.client.from('analytics_daily_rollups').insert({ site_id: ids.analyticsSite, dimension: 'total', day_start: '2026-01-02T00:00:00Z', value: '', visitors: 999 }),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'analytics_report(): workspace 1’s site on 2026-01-01': {
      run: (a) => a.client.rpc('analytics_report', { site_id: ids.analyticsSite, period_start: '2026-01-01T00:00:00Z', period_end: '2026-01-02T00:00:00Z' }),
      answer: (data) => `visitors ${(data as { totals: { visitors: number } }).totals.visitors}`,
      cells: ['ok visitors 3', 'ok visitors 3', 'ok visitors 3', 'ok visitors 3', '400 P0001 unknown_site', '400 P0001 unknown_site', '400 P0001 unknown_site', DENY_ANON],
    },
    'analytics_current_visitors(): workspace 1’s site': {
      run: (a) => a.client.rpc('analytics_current_visitors', { site_id: ids.analyticsSite }),
      answer: (data) => String(data),
      cells: ['ok 0', 'ok 0', 'ok 0', 'ok 0', '400 P0001 unknown_site', '400 P0001 unknown_site', '400 P0001 unknown_site', DENY_ANON],
    },
    'workspace_site_figures(): workspace 1 on 2026-01-01': {
      run: (a) => a.client.rpc('workspace_site_figures', { workspace_id: world().workspace1, from_day: '2026-01-01', to_day: '2026-01-01' }),
      answer: (data) => (data as { period: string; sites: number; visitors: number }[]).map((row) => `${row.period} ${row.sites}/${row.visitors}`).join(' '),
      cells: [
        'ok current 1/3 previous 1/0', 'ok current 1/3 previous 1/0', 'ok current 1/3 previous 1/0', 'ok current 1/3 previous 1/0',
        'ok current 0/0 previous 0/0', 'ok current 0/0 previous 0/0', 'ok current 0/0 previous 0/0', DENY_ANON,
      ],
    },
    'record_analytics_event(): for workspace 1’s site without its origin': {
      run: (a) => a.client.rpc('record_analytics_event', { site_id: ids.analyticsSite, name: 'pageview', url: 'https://one.example/' }),
      answer: 'ok',
      cells: Array(8).fill('400 P0001 origin_mismatch') as Operation['cells'],
    },
    'record_analytics_events(): a batch for workspace 1’s site without its origin': {
      run: (a) => a.client.rpc('record_analytics_events', { site_id: ids.analyticsSite, events: [{ name: 'pageview', url: 'https://one.example/' }] }),
      answer: 'ok',
      cells: Array(8).fill('400 P0001 origin_mismatch') as Operation['cells'],
    },
  };
}
