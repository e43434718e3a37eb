import type { TaskDefinition } from './define-task';
import { automationEnroll } from './tasks/automation-enroll';
import { automationEnrollDueDates } from './tasks/automation-enroll-due-dates';
import { automationStep } from './tasks/automation-step';
import { cleanUpAutomationLog } from './tasks/clean-up-automation-log';
import { cleanUpJobs } from './tasks/clean-up-jobs';
import { makeAssetVariants } from './tasks/make-asset-variants';
import { publishAssetImage } from './tasks/publish-asset-image';
import { publishContent } from './tasks/publish-content';
import { queueDueSeoAudits } from './tasks/queue-due-seo-audits';
import { refreshAnalyticsRollups } from './tasks/refresh-analytics-rollups';
import { removeAssetObjects } from './tasks/remove-asset-objects';
import { sendEmail } from './tasks/send-email';
import { sweepAssetUploads } from './tasks/sweep-asset-uploads';
import { sweepStorageFiles } from './tasks/sweep-storage-files';
import { cleanUpWebhooks } from './tasks/clean-up-webhooks';
import { connectSocialAccount } from './tasks/connect-social-account';
import { deliverWebhooksTask } from './tasks/deliver-webhooks';
import { publishSocialPost } from './tasks/publish-social-post';
import { fetchSocialFigures } from './tasks/fetch-social-figures';
import { queueSocialFigureFetches } from './tasks/queue-social-figure-fetches';
import { finishMastodonConnectionTask } from './tasks/finish-mastodon-connection';
import { refreshMastodonTokenTask } from './tasks/refresh-mastodon-token';
import { startMastodonConnectionTask } from './tasks/start-mastodon-connection';
import { fetchSocialLinkPreview } from './tasks/fetch-social-link-preview';
import { renderContentHtml } from './tasks/render-content-html';
import { renderStaleContentHtmlTask } from './tasks/render-stale-content-html';
import { sendEmailCampaign } from './tasks/send-email-campaign';
import { sendEmailDelivery } from './tasks/send-email-delivery';
import { runSeoAudit } from './tasks/run-seo-audit';
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
  makeAssetVariants,
  publishAssetImage,
  removeAssetObjects,
  sweepAssetUploads,
  sweepStorageFiles,
  sendLeadDigests,
  deliverWebhooksTask,
  sweepWebhookDeliveries,
  cleanUpWebhooks,
  renderContentHtml,
  renderStaleContentHtmlTask,
  runSeoAudit,
  queueDueSeoAudits,
  connectSocialAccount,
  publishSocialPost,
  fetchSocialFigures,
  queueSocialFigureFetches,
  startMastodonConnectionTask,
  finishMastodonConnectionTask,
  refreshMastodonTokenTask,
  fetchSocialLinkPreview,
  automationEnroll,
  automationEnrollDueDates,
  automationStep,
  cleanUpAutomationLog,
] as const satisfies readonly TaskDefinition[];

export type RegisteredTask = (typeof taskRegistry)[number];
export type TaskName = RegisteredTask['name'];
