import { lazyTask, type TaskSource } from './define-task';

/**
 * Every task the job runner runs: one line per task. A task the runner does not list is never fetched (its jobs
 * wait, visible to site admins as queued), so a worker of an older version leaves newer tasks to newer workers.
 *
 * Each task's module is imported when its first job runs, not when the runner starts: the modules bring sharp,
 * @atproto/api, react-dom/server, markdown-it, sanitize-html… (≈110 MB resident for all of them), and a worker or a
 * server whose jobs never need them should not carry them (issue 27's server memory, issue 28's worker memory). The
 * name and the services a task needs stay here, so the runner can list and filter its tasks without loading them;
 * task-registry.test.ts checks both against each module.
 */
export const taskRegistry = [
  lazyTask('send_email', async () => (await import('./tasks/send-email')).sendEmail),
  lazyTask('send_email_campaign', async () => (await import('./tasks/send-email-campaign')).sendEmailCampaign),
  lazyTask('send_email_delivery', async () => (await import('./tasks/send-email-delivery')).sendEmailDelivery),
  lazyTask('publish_content', async () => (await import('./tasks/publish-content')).publishContent),
  lazyTask('refresh_analytics_rollups', async () => (await import('./tasks/refresh-analytics-rollups')).refreshAnalyticsRollups),
  lazyTask('clean_up_jobs', async () => (await import('./tasks/clean-up-jobs')).cleanUpJobs),
  lazyTask('make_asset_variants', async () => (await import('./tasks/make-asset-variants')).makeAssetVariants, ['objects']),
  lazyTask('publish_asset_image', async () => (await import('./tasks/publish-asset-image')).publishAssetImage, ['objects']),
  lazyTask('remove_asset_objects', async () => (await import('./tasks/remove-asset-objects')).removeAssetObjects, ['objects']),
  lazyTask('sweep_asset_uploads', async () => (await import('./tasks/sweep-asset-uploads')).sweepAssetUploads),
  lazyTask('sweep_storage_files', async () => (await import('./tasks/sweep-storage-files')).sweepStorageFiles, ['storageFiles']),
  lazyTask('send_lead_digests', async () => (await import('./tasks/send-lead-digests')).sendLeadDigests),
  lazyTask('deliver_webhooks', async () => (await import('./tasks/deliver-webhooks')).deliverWebhooksTask),
  lazyTask('sweep_webhook_deliveries', async () => (await import('./tasks/sweep-webhook-deliveries')).sweepWebhookDeliveries),
  lazyTask('clean_up_webhooks', async () => (await import('./tasks/clean-up-webhooks')).cleanUpWebhooks),
  lazyTask('render_content_html', async () => (await import('./tasks/render-content-html')).renderContentHtml),
  lazyTask('render_stale_content_html', async () => (await import('./tasks/render-stale-content-html')).renderStaleContentHtmlTask),
  lazyTask('run_seo_audit', async () => (await import('./tasks/run-seo-audit')).runSeoAudit),
  lazyTask('queue_due_seo_audits', async () => (await import('./tasks/queue-due-seo-audits')).queueDueSeoAudits),
  lazyTask('connect_social_account', async () => (await import('./tasks/connect-social-account')).connectSocialAccount),
  lazyTask('publish_social_post', async () => (await import('./tasks/publish-social-post')).publishSocialPost),
  lazyTask('fetch_social_figures', async () => (await import('./tasks/fetch-social-figures')).fetchSocialFigures),
  lazyTask('queue_social_figure_fetches', async () => (await import('./tasks/queue-social-figure-fetches')).queueSocialFigureFetches),
  lazyTask('start_mastodon_connection', async () => (await import('./tasks/start-mastodon-connection')).startMastodonConnectionTask),
  lazyTask('finish_mastodon_connection', async () => (await import('./tasks/finish-mastodon-connection')).finishMastodonConnectionTask),
  lazyTask('refresh_mastodon_token', async () => (await import('./tasks/refresh-mastodon-token')).refreshMastodonTokenTask),
  lazyTask('fetch_social_link_preview', async () => (await import('./tasks/fetch-social-link-preview')).fetchSocialLinkPreview),
  lazyTask('automation_enroll', async () => (await import('./tasks/automation-enroll')).automationEnroll),
  lazyTask('automation_enroll_due_dates', async () => (await import('./tasks/automation-enroll-due-dates')).automationEnrollDueDates),
  lazyTask('automation_step', async () => (await import('./tasks/automation-step')).automationStep),
  lazyTask('clean_up_automation_log', async () => (await import('./tasks/clean-up-automation-log')).cleanUpAutomationLog),
] as const satisfies readonly TaskSource[];

export type TaskName = (typeof taskRegistry)[number]['name'];
