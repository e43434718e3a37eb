import { seoCopy } from '@/config/seo-copy';
import type { SeoAudit } from '@/features/seo/api/get-seo-audits';

const copy = seoCopy.audit;

/** What to say about a site's latest audit: under way (with progress), finished, failed, stopped, or none yet. */
export function auditStatusLines(latest: SeoAudit | undefined, formatWhen: (timestamp: string) => string): string[] {
  if (!latest) return [copy.none];
  switch (latest.status) {
    case 'queued':
      return [copy.queued];
    case 'running':
      return [copy.progress(latest.pages_crawled, Math.max(latest.pages_discovered, latest.pages_crawled))];
    case 'failed':
      return [copy.failed(latest.error ?? '')];
    case 'cancelled':
      return [copy.wasCancelled];
    default: {
      const lines = [copy.doneAt(formatWhen(latest.finished_at ?? latest.created_at), latest.pages_crawled)];
      if (latest.truncated === 'pages') lines.push(copy.truncatedPages);
      if (latest.truncated === 'time') lines.push(copy.truncatedTime);
      return lines;
    }
  }
}

/** Progress of a running crawl in percent of the pages found so far (never 100 before it ends), or null. */
export function auditProgress(latest: SeoAudit | undefined): number | null {
  if (latest?.status !== 'running') return null;
  const known = Math.max(latest.pages_discovered, latest.pages_crawled, 1);
  return Math.min(99, Math.round((latest.pages_crawled / known) * 100));
}
