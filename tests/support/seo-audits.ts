import type { TaskContext } from '../../server/src/jobs/define-task';
import { queueDueSeoAudits } from '../../server/src/jobs/tasks/queue-due-seo-audits';
import { runSeoAudit } from '../../server/src/jobs/tasks/run-seo-audit';
import type { CrawlFetcher } from '../../server/src/modules/seo/fetch-page';
import type { TestServer } from './test-server';

/** A task's context as the runner gives it, with the crawler's client. */
function context(server: TestServer, fetcher: CrawlFetcher, task: string): TaskContext {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  return {
    sql: server.sql,
    mail: undefined as never,
    siteUrl: server.url,
    analyticsRollupSeconds: 0,
    outbound: fetcher,
    job: { id: '1', task, key: null, attempts: 1, maxAttempts: 3, runAt: new Date(), poolId: null },
    log,
    signal: new AbortController().signal,
  } as TaskContext;
}

/**
 * Runs the queued `run_seo_audit` jobs (waiting in private.job_backlog: the test server runs no worker) through the
 * task itself, as the runner would, and removes them. Returns the audit ids run.
 */
export async function runQueuedSeoAudits(server: TestServer, fetcher: CrawlFetcher): Promise<string[]> {
  const jobs = await server.sql<{ id: number; payload: { workspace_id: string | null; site_id: string; audit_id: string } }[]>`
    delete from private.job_backlog where task = 'run_seo_audit' returning id, payload`;
  for (const job of jobs) await runSeoAudit.run(runSeoAudit.payload.parse(job.payload), context(server, fetcher, 'run_seo_audit'));
  return jobs.map((job) => job.payload.audit_id);
}

/** The scheduler's round, as its cron job runs it. */
export async function runSeoScheduler(server: TestServer): Promise<void> {
  await queueDueSeoAudits.run({}, context(server, { request: () => Promise.reject(new Error('no fetch')) }, 'queue_due_seo_audits'));
}
