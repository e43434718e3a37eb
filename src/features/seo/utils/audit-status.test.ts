import { describe, expect, it } from 'vitest';
import type { SeoAudit } from '@/features/seo/api/get-seo-audits';
import { auditProgress, auditStatusLines } from '@/features/seo/utils/audit-status';

const base: SeoAudit = {
  id: 'a', site_id: 's', status: 'done', reason: 'manual', created_at: '2026-11-01T10:00:00Z', started_at: null, finished_at: '2026-11-01T10:05:00Z',
  pages_crawled: 40, pages_discovered: 40, health_score: 80, critical_count: 0, error_count: 1, warning_count: 2, notice_count: 3, truncated: null, error: null, start_url: null,
};
const when = (timestamp: string) => `at ${timestamp}`;

describe('auditStatusLines', () => {
  it.each([
    [undefined, ['No audit yet. Run the first one to see this site’s health and issues.']],
    [{ ...base, status: 'queued' }, ['Waiting for the crawler…']],
    [{ ...base, status: 'running', pages_crawled: 12, pages_discovered: 30 }, ['12 pages crawled of 30 found']],
    [{ ...base, status: 'failed', error: 'the host name does not resolve' }, ['The last audit failed: the host name does not resolve']],
    [{ ...base, status: 'cancelled' }, ['The last audit was stopped before it finished.']],
    [base, ['Last audit at 2026-11-01T10:05:00Z: 40 pages crawled.']],
    [{ ...base, truncated: 'pages' }, ['Last audit at 2026-11-01T10:05:00Z: 40 pages crawled.', 'It stopped at the page limit: raise it in the settings to crawl more.']],
  ] as const)('%j', (audit, lines) => expect(auditStatusLines(audit as SeoAudit | undefined, when)).toEqual(lines));
});

describe('auditProgress', () => {
  it('is the share of pages found so far, below 100 while running', () => {
    expect(auditProgress({ ...base, status: 'running', pages_crawled: 5, pages_discovered: 20 })).toBe(25);
    expect(auditProgress({ ...base, status: 'running', pages_crawled: 20, pages_discovered: 20 })).toBe(99);
    expect(auditProgress({ ...base, status: 'running', pages_crawled: 0, pages_discovered: 0 })).toBe(0);
    expect(auditProgress(base)).toBeNull();
  });
});
