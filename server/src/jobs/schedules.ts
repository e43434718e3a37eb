import type { CronItem } from 'graphile-worker';
import type { JobServices } from './define-task';
import { WEBHOOK_SWEEP_SECONDS } from './tasks/sweep-webhook-deliveries';

/**
 * Everything that runs on a schedule rather than on demand, in one place.
 *
 * cronItems: graphile-worker's cron (minute resolution, UTC, run once per moment across all workers, missed runs
 * not backfilled unless `backfillPeriod` says so).
 */
export const cronItems: CronItem[] = [
  { task: 'clean_up_jobs', match: '17 3 * * *', identifier: 'clean_up_jobs' },
  // The hourly digest of contact-form leads beyond a few an hour (decision 0016): looked at every five minutes.
  { task: 'send_lead_digests', match: '*/5 * * * *', identifier: 'send_lead_digests' },
  { task: 'clean_up_webhooks', match: '27 3 * * *', identifier: 'clean_up_webhooks' },
  // Scheduled SEO audits (weekly by default): the sites whose moment has come, looked at every ten minutes.
  { task: 'queue_due_seo_audits', match: '*/10 * * * *', identifier: 'queue_due_seo_audits' },
];

/**
 * Repeating jobs below a minute: one job per entry, keyed `repeat:<task>`, that queues its next run `everySeconds`
 * after each run (and once more whenever a worker starts); 0 turns it off.
 */
export interface RepeatingJob {
  task: string;
  everySeconds(services: Pick<JobServices, 'analyticsRollupSeconds'>): number;
}

export const repeatingJobs: RepeatingJob[] = [
  { task: 'refresh_analytics_rollups', everySeconds: (services) => services.analyticsRollupSeconds },
  { task: 'sweep_webhook_deliveries', everySeconds: () => WEBHOOK_SWEEP_SECONDS },
];

export const repeatingJobKey = (task: string) => `repeat:${task}`;
