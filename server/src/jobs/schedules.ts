import type { CronItem } from 'graphile-worker';
import type { JobServices } from './define-task';

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
];

/**
 * Repeating jobs below a minute: one job per entry, keyed `repeat:<task>`, that queues its next run `everySeconds`
 * after each run (and once more whenever a worker starts); 0 turns it off.
 */
export interface RepeatingJob {
  task: string;
  everySeconds(services: Pick<JobServices, 'analyticsRollupSeconds'>): number;
}

export const repeatingJobs: RepeatingJob[] = [{ task: 'refresh_analytics_rollups', everySeconds: (services) => services.analyticsRollupSeconds }];

export const repeatingJobKey = (task: string) => `repeat:${task}`;
