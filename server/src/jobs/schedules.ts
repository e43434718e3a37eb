import type { CronItem } from 'graphile-worker';
import type { JobServices } from './define-task';

/** The key of the sweep of blog HTML (render_stale_content_html): one pending sweep however many ask for it. */
export const RENDER_SWEEP_KEY = 'sweep:render_stale_content_html';
/** How often the sweep looks for deliveries due whose wake-up was lost (a killed worker's claims, a lost job). */
export const WEBHOOK_SWEEP_SECONDS = 30;

/**
 * Everything that runs on a schedule rather than on demand, in one place.
 *
 * cronItems: graphile-worker's cron (minute resolution, UTC, run once per moment across all workers, missed runs
 * not backfilled unless `backfillPeriod` says so).
 */
export const cronItems: CronItem[] = [
  { task: 'clean_up_jobs', match: '17 3 * * *', identifier: 'clean_up_jobs' },
  { task: 'sweep_asset_uploads', match: '41 * * * *', identifier: 'sweep_asset_uploads' },
  // Only runners with the storage files (the server's own) schedule it: job-runner.ts filters cron items by task.
  { task: 'sweep_storage_files', match: '29 4 * * *', identifier: 'sweep_storage_files' },
  // The hourly digest of contact-form leads beyond a few an hour (decision 0016): looked at every five minutes.
  { task: 'send_lead_digests', match: '*/5 * * * *', identifier: 'send_lead_digests' },
  { task: 'clean_up_webhooks', match: '27 3 * * *', identifier: 'clean_up_webhooks' },
  { task: 'clean_up_automation_log', match: '41 3 * * *', identifier: 'clean_up_automation_log' },
  // Automation's "a date is reached" trigger (decision 0023): contacts whose date has come, every five minutes.
  { task: 'automation_enroll_due_dates', match: '*/5 * * * *', identifier: 'automation_enroll_due_dates' },
  // Blog HTML a per-item job missed (decision 0014): hourly.
  { task: 'render_stale_content_html', match: '23 * * * *', identifier: 'render_stale_content_html' },
  // Scheduled SEO audits (weekly by default): the sites whose moment has come, looked at every ten minutes.
  { task: 'queue_due_seo_audits', match: '*/10 * * * *', identifier: 'queue_due_seo_audits' },
  // The Social Hub's figures (decision 0022): every workspace with posts of the last 30 days, hourly.
  { task: 'queue_social_figure_fetches', match: '37 * * * *', identifier: 'queue_social_figure_fetches' },
];

/**
 * Jobs queued whenever a worker starts, under their key (so several workers starting make one job): work a deploy
 * may bring, such as a new Markdown renderer whose HTML every public item needs.
 */
export const startupJobs: { task: string; jobKey: string }[] = [{ task: 'render_stale_content_html', jobKey: RENDER_SWEEP_KEY }];

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
