import type { TaskDefinition } from './define-task';
import { cleanUpJobs } from './tasks/clean-up-jobs';
import { cleanUpWebhooks } from './tasks/clean-up-webhooks';
import { deliverWebhooksTask } from './tasks/deliver-webhooks';
import { publishContent } from './tasks/publish-content';
import { refreshAnalyticsRollups } from './tasks/refresh-analytics-rollups';
import { renderContentHtml } from './tasks/render-content-html';
import { renderStaleContentHtmlTask } from './tasks/render-stale-content-html';
import { sendEmail } from './tasks/send-email';
import { sendEmailCampaign } from './tasks/send-email-campaign';
import { sendEmailDelivery } from './tasks/send-email-delivery';
import { sendLeadDigests } from './tasks/send-lead-digests';
import { sweepWebhookDeliveries } from './tasks/sweep-webhook-deliveries';

/**
 * Every task the job runner runs: one line per task. A task the runner does not list is never fetched (its jobs
 * wait, visible to site admins as queued), so a worker of an older version leaves newer tasks to newer workers.
 */
export const taskRegistry = [
  sendEmail,
  sendEmailCampaign,
  sendEmailDelivery,
  publishContent,
  refreshAnalyticsRollups,
  cleanUpJobs,
  sendLeadDigests,
  deliverWebhooksTask,
  sweepWebhookDeliveries,
  cleanUpWebhooks,
  renderContentHtml,
  renderStaleContentHtmlTask,
] as const satisfies readonly TaskDefinition[];

export type RegisteredTask = (typeof taskRegistry)[number];
export type TaskName = RegisteredTask['name'];
