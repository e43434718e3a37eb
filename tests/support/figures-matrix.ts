import { DENY_ANON, REFUSED, self, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

/**
 * Issue 18's rows of the tenant matrix: campaign results (read, insert, update, delete, the import function), a
 * figure function (results_summary), remembered CSV mappings, and activity days with note_workspace_activity().
 * Viewers read; members, admins and owners write; everyone else gets nothing of workspace 1.
 */
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
