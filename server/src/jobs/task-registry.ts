import type { TaskDefinition } from './define-task';
import { cleanUpJobs } from './tasks/clean-up-jobs';
import { publishContent } from './tasks/publish-content';
import { refreshAnalyticsRollups } from './tasks/refresh-analytics-rollups';
import { sendEmail } from './tasks/send-email';
import { sendEmailCampaign } from './tasks/send-email-campaign';
import { sendEmailDelivery } from './tasks/send-email-delivery';

/**
 * Every task the job runner runs: one line per task. A task the runner does not list is never fetched (its jobs
 * wait, visible to site admins as queued), so a worker of an older version leaves newer tasks to newer workers.
 */
export const taskRegistry = [sendEmail, sendEmailCampaign, sendEmailDelivery, publishContent, refreshAnalyticsRollups, cleanUpJobs] as const satisfies readonly TaskDefinition[];

export type RegisteredTask = (typeof taskRegistry)[number];
export type TaskName = RegisteredTask['name'];
