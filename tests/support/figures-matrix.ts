import { DENY_ANON, REFUSED, self, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

/**
 * Issue 18's rows of the tenant matrix: campaign results (read, insert, update, delete, the import function and its
 * dry run), rescheduling a content item, every figure function (results_summary, results_by_day, results_by_platform,
 * campaign_pacing, content_overview, platform_overview, executive_overview), remembered CSV mappings, and activity days
 * with note_workspace_activity(). Viewers read and see the figures; members, admins and owners write; everyone else
 * gets nothing of workspace 1.
 */
/** A figure function's rows in one line ('none' for no rows). */
function listed(data: unknown, describe: (row: Record<string, unknown>) => string): string {
  const rows = data as Record<string, unknown>[];
  return rows.length === 0 ? 'none' : rows.map(describe).join('; ');
}

/** Owner, admin, member and viewer get `seen`; outsider, invited and removed get `others`; anon is refused. */
function readersSee(seen: string, others: string): Operation['cells'] {
  return [seen, seen, seen, seen, others, others, others, DENY_ANON];
}

export function figuresOperations(world: World): Record<string, Operation> {
  return {
    // Campaign results, remembered CSV mappings and activity days (issue 18): viewers read, members write.
    'campaign_results: read workspace 1': {
      run: (a) => a.client.from('campaign_results').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'campaign_results: insert a day of workspace 1’s campaign': {
      run: (a) => a.client.from('campaign_results').insert({ campaign_id: ids.campaign, day: '2026-01-02', platform: 'Google Ads', clicks: 3, user_id: self(a) }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → campaign_results +1', 'rows 1 → campaign_results +1', 'rows 1 → campaign_results +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'campaign_results: update workspace 1’s result': {
      run: (a) => a.client.from('campaign_results').update({ spend: 99 }).eq('id', ids.campaignResult).select('id'),
      answer: 'rows',
      cells: ['rows 1 → campaign_results ~1', 'rows 1 → campaign_results ~1', 'rows 1 → campaign_results ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'campaign_results: delete workspace 1’s result': {
      run: (a) => a.client.from('campaign_results').delete().eq('id', ids.campaignResult).select('id'),
      answer: 'rows',
      cells: ['rows 1 → campaign_results -1', 'rows 1 → campaign_results -1', 'rows 1 → campaign_results -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'import_campaign_results(): a day of workspace 1’s campaign': {
      run: (a) => a.client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [{ day: '2026-01-03', platform: 'TikTok Ads', clicks: 1 }] }),
      answer: (data) => JSON.stringify(data),
      cells: [
        ...(Array(3).fill('ok {"added":1,"updated":0,"unchanged":0} → campaign_results +1') as string[]),
        REFUSED, '400 P0001 campaign_missing', '400 P0001 campaign_missing', '400 P0001 campaign_missing', DENY_ANON,
      ] as Operation['cells'],
    },
    'import_campaign_results(dry_run): checks a day of workspace 1’s campaign, keeps nothing': {
      run: (a) => a.client.rpc('import_campaign_results', { campaign_id: ids.campaign, results: [{ day: '2026-01-03', platform: 'TikTok Ads', clicks: 1 }], dry_run: true }),
      answer: (data) => JSON.stringify(data),
      cells: [
        ...(Array(3).fill('ok {"added":1,"updated":0,"unchanged":0,"refused":[]}') as string[]),
        REFUSED, '400 P0001 campaign_missing', '400 P0001 campaign_missing', '400 P0001 campaign_missing', DENY_ANON,
      ] as Operation['cells'],
    },
    'content_items: reschedule workspace 1’s item (planned_publish_at)': {
      run: (a) => a.client.from('content_items').update({ planned_publish_at: '2026-02-01T09:00:00Z' }).eq('id', ids.contentItem).select('id'),
      answer: 'rows',
      cells: ['rows 1 → content_items ~1', 'rows 1 → content_items ~1', 'rows 1 → content_items ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'campaign_results_daily: read workspace 1’s daily totals': {
      run: (a) => a.client.from('campaign_results_daily').select('day').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'campaign_results_daily: write workspace 1’s daily totals directly': {
      run: (a) => a.client.from('campaign_results_daily').update({ spend: 1 }).eq('organization_id', world().workspace1).select('day'),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'results_summary(): workspace 1’s January': {
      run: (a) => a.client.rpc('results_summary', { workspace_id: world().workspace1, from_day: '2026-01-01', to_day: '2026-01-31' }),
      answer: (data) => (data as { period: string; clicks: number }[]).map((row) => `${row.period} ${row.clicks}`).join(', '),
      cells: [...(Array(4).fill('ok current 10, previous 0') as string[]), ...(Array(3).fill('ok current 0, previous 0') as string[]), DENY_ANON] as Operation['cells'],
    },
    // The other figure functions: readers get workspace 1's figures, everyone else zeros (never an error that would
    // tell the workspace exists), anon nothing.
    'results_by_day(): workspace 1’s January': {
      run: (a) => a.client.rpc('results_by_day', { workspace_id: world().workspace1, from_day: '2026-01-01', to_day: '2026-01-31' }),
      answer: (data) => listed(data, (row) => `${row.day} ${row.clicks}`),
      cells: readersSee('ok 2026-01-01 10', 'ok none'),
    },
    'results_by_platform(): workspace 1’s January': {
      run: (a) => a.client.rpc('results_by_platform', { workspace_id: world().workspace1, from_day: '2026-01-01', to_day: '2026-01-31' }),
      answer: (data) => listed(data, (row) => `${row.platform} ${Number(row.spend)}`),
      cells: readersSee('ok Google Ads 5', 'ok none'),
    },
    'campaign_pacing(): workspace 1’s active campaigns': {
      // The seeded campaign has no start date: no period to pace, so no spend (figures.test.ts paces over dates).
      run: (a) => a.client.rpc('campaign_pacing', { workspace_id: world().workspace1, today: '2026-01-31' }),
      answer: (data) => listed(data, (row) => `${row.title}: ${row.spend === null ? 'no period' : Number(row.spend)} of ${Number(row.budget)}`),
      cells: readersSee('ok Workspace 1 campaign: no period of 100', 'ok none'),
    },
    'content_overview(): workspace 1 in January': {
      run: (a) =>
        a.client.rpc('content_overview', {
          workspace_id: world().workspace1, as_of: '2026-01-15T12:00:00Z', month_starts_at: '2026-01-01T00:00:00Z',
          previous_month_starts_at: '2025-12-01T00:00:00Z', previous_month_ends_at: '2025-12-16T00:00:00Z', week_ends_at: '2026-01-22T00:00:00Z',
        }),
      answer: (data) => listed(data, (row) => `drafts ${row.drafts}`),
      cells: readersSee('ok drafts 1', 'ok drafts 0'),
    },
    'platform_overview(): workspace 1, January so far against December': {
      run: (a) =>
        a.client.rpc('platform_overview', {
          workspace_id: world().workspace1, from_day: '2026-01-01', to_day: '2026-01-15',
          previous_from_day: '2025-12-01', previous_to_day: '2025-12-15', previous_ends_at: '2025-12-16T00:00:00Z',
        }),
      answer: (data) => listed(data, (row) => `campaigns ${row.campaigns}, clicks ${row.clicks}, active users ${row.active_users}`),
      cells: readersSee('ok campaigns 1, clicks 10, active users 1', 'ok campaigns 0, clicks 0, active users 0'),
    },
    'executive_overview(): workspace 1 on 15 January': {
      run: (a) => a.client.rpc('executive_overview', { workspace_id: world().workspace1, today: '2026-01-15' }),
      answer: (data) => listed(data, (row) => `budget ${Number(row.total_budget)}, active ${row.active_campaigns}, spend ${Number(row.spend)}, members ${row.members}`),
      cells: readersSee('ok budget 100, active 1, spend 5, members 4', 'ok budget 0, active 0, spend 0, members 0'),
    },
    'csv_column_mappings: read workspace 1': {
      run: (a) => a.client.from('csv_column_mappings').select('kind').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'csv_column_mappings: remember a mapping for workspace 1': {
      run: (a) => a.client.from('csv_column_mappings').upsert({ organization_id: world().workspace1, kind: 'campaign_results', mapping: { day: 'Date' }, updated_by: self(a) }).select('kind'),
      answer: 'rows',
      cells: ['rows 1 → csv_column_mappings ~1', 'rows 1 → csv_column_mappings ~1', 'rows 1 → csv_column_mappings ~1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'workspace_activity_days: read workspace 1': {
      run: (a) => a.client.from('workspace_activity_days').select('day').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: ['rows 1', 'rows 1', 'rows 1', 'rows 1', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'note_workspace_activity(): today in workspace 1': {
      run: (a) => a.client.rpc('note_workspace_activity', { workspace_id: world().workspace1 }),
      answer: 'ok',
      cells: [
        ...(Array(4).fill('ok → workspace_activity_days +1') as string[]),
        'ok', 'ok', 'ok', DENY_ANON,
      ] as Operation['cells'],
    },
  };
}
