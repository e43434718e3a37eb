import { SEO_CHECKS } from '../../../../src/config/seo-checks';
import type { Sql } from '../../db/client';
import type { CrawledPage } from './crawled-page';
import type { CrawlResult } from './crawler';
import { pageScore } from './health-score';

/** Pages per call of private.store_seo_audit_pages (each call one statement, one transaction). */
const BATCH = 250;

interface AuditRef {
  workspace_id: string | null;
  site_id: string;
  audit_id: string;
}

export interface AuditSettings {
  start_url: string | null;
  page_limit: number;
  crawl_delay_ms: number;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** A page as private.store_seo_audit_pages takes it, its findings with their severities. */
export function pageRow(page: CrawledPage) {
  return {
    url: page.url,
    final_url: page.finalUrl,
    path: pathOf(page.url),
    status: page.status,
    fetch_error: page.fetchError,
    redirects: page.redirects,
    content_type: page.contentType,
    bytes: page.bytes,
    response_ms: Math.round(page.durationMs),
    depth: page.depth,
    found_via: page.foundVia,
    in_sitemap: page.inSitemap,
    inlinks: page.inlinks,
    indexable: page.indexable,
    title: page.title,
    description: page.description,
    h1: page.h1,
    canonical: page.canonical,
    lang: page.lang,
    score: Math.round(pageScore(page.findings.map((finding) => finding.check))),
    issues: page.findings.map((finding) => ({ check_id: finding.check, severity: SEO_CHECKS[finding.check].severity, detail: finding.detail })),
  };
}

/**
 * The audit's rows, written only through the private functions that check the audit is of the site and workspace
 * the job names. Each call is its own short transaction: none stays open while the crawler fetches.
 */
export class AuditStore {
  constructor(
    private readonly sql: Sql,
    private readonly ref: AuditRef,
  ) {}

  async start(): Promise<AuditSettings | null> {
    const [row] = await this.sql<{ settings: AuditSettings | null }[]>`
      select private.start_seo_audit(${this.ref.audit_id}, ${this.ref.site_id}, ${this.ref.workspace_id}) as settings`;
    return row?.settings ?? null;
  }

  /** Records progress; true when the audit is no longer running (cancelled): the crawl stops. */
  async progress(crawled: number, discovered: number): Promise<boolean> {
    const [row] = await this.sql<{ status: string }[]>`
      select private.record_seo_audit_progress(${this.ref.audit_id}, ${this.ref.site_id}, ${this.ref.workspace_id}, ${crawled}, ${discovered}) as status`;
    return row?.status !== 'running';
  }

  async finish(result: CrawlResult): Promise<void> {
    for (let index = 0; index < result.pages.length; index += BATCH) {
      const rows = result.pages.slice(index, index + BATCH).map(pageRow);
      await this.sql`select private.store_seo_audit_pages(${this.ref.audit_id}, ${this.ref.site_id}, ${this.ref.workspace_id}, ${this.sql.json(rows as never)})`;
    }
    const summary = { health_score: result.healthScore, truncated: result.truncated, robots: result.robots, sitemaps: result.sitemaps };
    const siteIssues = result.siteFindings.map((finding) => ({ url: finding.url, check_id: finding.check, severity: SEO_CHECKS[finding.check].severity, detail: finding.detail }));
    await this.sql`
      select private.finish_seo_audit(${this.ref.audit_id}, ${this.ref.site_id}, ${this.ref.workspace_id}, ${this.sql.json(summary as never)}, ${this.sql.json(siteIssues as never)})`;
  }

  async fail(message: string): Promise<void> {
    await this.sql`select private.fail_seo_audit(${this.ref.audit_id}, ${this.ref.site_id}, ${this.ref.workspace_id}, ${message})`;
  }
}
