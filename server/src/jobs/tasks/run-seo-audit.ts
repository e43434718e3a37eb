import { z } from 'zod';
import { crawlSite } from '../../modules/seo/crawler';
import { AuditStore } from '../../modules/seo/audit-store';
import { defineTask, PermanentJobError } from '../define-task';

export const runSeoAuditPayload = z.object({
  /** The site's workspace; null for the agency's own site. */
  workspace_id: z.uuid().nullable(),
  site_id: z.uuid(),
  audit_id: z.uuid(),
});

/**
 * Crawls a site for one audit (queued by public.request_seo_audit or the scheduler, keyed `seo-audit:<id>`): starts
 * it (an earlier attempt's pages are forgotten, a finished or cancelled audit is left alone), crawls through the
 * outbound client with the site's bounds, reports progress (and stops when the audit was cancelled), then stores the
 * pages and issues and finishes it. The database functions refuse an audit of another site or workspace than the
 * payload names (a permanent failure). No transaction is open while the crawler fetches.
 */
export const runSeoAudit = defineTask({
  name: 'run_seo_audit',
  payload: runSeoAuditPayload,
  maxAttempts: 3,
  async run(payload, { sql, log, job, signal, siteUrl, outbound }) {
    const store = new AuditStore(sql, payload);
    let settings;
    try {
      settings = await store.start();
    } catch (error) {
      if ((error as { code?: string }).code === '42501') throw new PermanentJobError((error as Error).message);
      throw error;
    }
    if (!settings) return log.info(`SEO audit ${payload.audit_id}: nothing to do`);
    let result;
    try {
      result = await crawlSite(outbound, {
        startUrl: settings.start_url ?? siteUrl,
        pageLimit: settings.page_limit,
        delayMs: settings.crawl_delay_ms,
        signal,
        onProgress: (progress) => store.progress(progress.crawled, progress.discovered),
      });
    } catch (error) {
      // The start page refused or unreachable: retrying soon seldom helps, the last attempt says why.
      if (job.attempts >= job.maxAttempts || (error as { code?: string }).code === 'address' || (error as { code?: string }).code === 'scheme' || (error as { code?: string }).code === 'port') {
        await store.fail(`the home page could not be loaded: ${(error as Error).message}`);
        return;
      }
      throw error;
    }
    if (result.cancelled) return log.info(`SEO audit ${payload.audit_id}: cancelled`);
    await store.finish(result);
    log.info(`SEO audit ${payload.audit_id}: ${result.pages.length} pages, health ${result.healthScore}`);
  },
});
