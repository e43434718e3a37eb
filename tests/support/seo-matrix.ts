import type { Json } from '../../src/types/database';
import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';
import { ids } from './workspaces';

const readers = (rows: string): Operation['cells'] => [rows, rows, rows, rows, 'rows 0', 'rows 0', 'rows 0', DENY_ANON];
const AUDIT_NOT_FOUND = '400 P0001 audit_not_found';

/**
 * The tenant matrix's rows for the SEO Toolkit (issue 31): every member reads a site, its audits, pages, issues and
 * Search Console data; members add, change and remove sites, ask for and stop audits, delete finished ones and
 * import search data; viewers only read; nobody outside workspace 1 reads, starts or deletes anything of it; nobody
 * writes audits, pages or issues directly (the job runner does, through private functions).
 */
export function seoOperations(world: World): Record<string, Operation> {
  const search = [{ date_from: '2026-01-02', date_to: '2026-01-02', query: 'planted', page: '', clicks: 1, impressions: 10, ctr: 0.1, position: 3 }];
  return {
    'seo_sites: read workspace 1': {
      run: (a) => a.client.from('seo_sites').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'seo_sites: read the agency site (site admins only)': {
      run: (a) => a.client.from('seo_sites').select('id').is('organization_id', null),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'seo_sites: add a site to workspace 1': {
      run: (a) => a.client.from('seo_sites').insert({ organization_id: world().workspace1, name: 'Planted', start_url: 'https://planted.example/', created_by: a.user?.id ?? null }).select('id'),
      answer: 'rows',
      cells: ['rows 1 → seo_sites +1', 'rows 1 → seo_sites +1', 'rows 1 → seo_sites +1', REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'seo_sites: point workspace 1’s site at another address': {
      run: (a) => a.client.from('seo_sites').update({ start_url: 'https://elsewhere.example/' }).eq('id', ids.seoSite).select('id'),
      answer: 'rows',
      cells: ['rows 1 → seo_sites ~1', 'rows 1 → seo_sites ~1', 'rows 1 → seo_sites ~1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'seo_sites: move workspace 1’s site to another workspace': {
      run: (a) => a.client.from('seo_sites').update({ organization_id: world().workspace2 } as never).eq('id', ids.seoSite),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'seo_sites: remove workspace 1’s site (its audits and search data go with it)': {
      run: (a) => a.client.from('seo_sites').delete().eq('id', ids.seoSite).select('id'),
      answer: 'rows',
      cells: [
        'rows 1 → seo_sites -1, seo_audits -1, seo_search_performance -1',
        'rows 1 → seo_sites -1, seo_audits -1, seo_search_performance -1',
        'rows 1 → seo_sites -1, seo_audits -1, seo_search_performance -1',
        'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON,
      ],
    },
    'seo_audits: read workspace 1’s audits': {
      run: (a) => a.client.from('seo_audits').select('id').eq('site_id', ids.seoSite),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'seo_pages: read workspace 1’s audited pages': {
      run: (a) => a.client.from('seo_pages').select('id').eq('audit_id', ids.seoAudit),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'seo_issues: read workspace 1’s issues': {
      run: (a) => a.client.from('seo_issues').select('id').eq('audit_id', ids.seoAudit),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'seo_audits: forge a finished audit': {
      run: (a) => a.client.from('seo_audits').insert({ site_id: ids.seoSite, status: 'done', health_score: 100 } as never),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'seo_issues: forge an issue': {
      run: (a) => a.client.from('seo_issues').insert({ audit_id: ids.seoAudit, site_id: ids.seoSite, url: 'https://one.example/', check_id: 'http_error', severity: 'error' } as never),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'seo_audits: mark workspace 1’s audit perfect': {
      run: (a) => a.client.from('seo_audits').update({ health_score: 100 } as never).eq('id', ids.seoAudit),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'request_seo_audit(): start an audit of workspace 1’s site': {
      run: (a) => a.client.rpc('request_seo_audit', { site_id: ids.seoSite }),
      answer: 'ok',
      cells: ['ok → seo_audits +1', 'ok → seo_audits +1', 'ok → seo_audits +1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'cancel_seo_audit(): stop workspace 1’s (finished) audit': {
      run: (a) => a.client.rpc('cancel_seo_audit', { audit_id: ids.seoAudit }),
      answer: 'ok',
      cells: ['400 P0001 audit_finished', '400 P0001 audit_finished', '400 P0001 audit_finished', TOO_LOW, AUDIT_NOT_FOUND, AUDIT_NOT_FOUND, AUDIT_NOT_FOUND, DENY_ANON],
    },
    'seo_audits: delete workspace 1’s finished audit': {
      run: (a) => a.client.from('seo_audits').delete().eq('id', ids.seoAudit).select('id'),
      answer: 'rows',
      cells: ['rows 1 → seo_audits -1', 'rows 1 → seo_audits -1', 'rows 1 → seo_audits -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'seo_issue_summary(): workspace 1’s audit': {
      run: (a) => a.client.rpc('seo_issue_summary', { audit_id: ids.seoAudit }),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'seo_audit_changes(): workspace 1’s audit': {
      run: (a) => a.client.rpc('seo_audit_changes', { audit_id: ids.seoAudit }),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'seo_search_performance: read workspace 1’s search data': {
      run: (a) => a.client.from('seo_search_performance').select('id').eq('site_id', ids.seoSite),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'seo_keywords(): workspace 1’s keywords': {
      run: (a) => a.client.rpc('seo_keywords', { site_id: ids.seoSite, day_from: '2026-01-01', day_to: '2026-01-31' }),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'seo_site_figures(): workspace 1’s site': {
      run: (a) => a.client.rpc('seo_site_figures', { site_id: ids.seoSite }),
      answer: 'rows',
      cells: readers('rows 1'),
    },
    'import_seo_search_rows(): into workspace 1’s site': {
      run: (a) => a.client.rpc('import_seo_search_rows', { site_id: ids.seoSite, rows: search as unknown as Json }),
      answer: 'ok',
      cells: ['ok → seo_search_performance +1', 'ok → seo_search_performance +1', 'ok → seo_search_performance +1', TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'seo_search_performance: delete workspace 1’s search data': {
      run: (a) => a.client.from('seo_search_performance').delete().eq('site_id', ids.seoSite).select('id'),
      answer: 'rows',
      cells: ['rows 1 → seo_search_performance -1', 'rows 1 → seo_search_performance -1', 'rows 1 → seo_search_performance -1', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
  };
}
