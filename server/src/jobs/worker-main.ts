// `npm run worker`: the job runner alone, against DATABASE_URL (a hosted Supabase project's database included) or
// the embedded PostgreSQL of a running `npm start`. Any number of workers share one queue. SIGTERM/SIGINT stop it
// gracefully: running jobs finish (or are handed back), its heartbeat goes.
import { ConfigError, loadConfig } from '../config';
import { applyAssetSettings } from '../lib/asset-settings';
import { createMailTransport } from '../lib/mailer';
import { resolveSocialTokenKeys } from '../data-dir';
import { createOutboundClient } from '../lib/outbound/outbound-client';
import { syncOutboundSettings } from '../lib/outbound/outbound-settings';
import { startJobRunner, type JobRunner } from './job-runner';
import { maskedUrl, openWorkerDatabase } from './worker-database';
import { workerObjectStore } from './worker-object-store';

const levels = ['debug', 'info', 'warn', 'error'] as const;
let runner: JobRunner | undefined;
let stopping = false;

try {
  const config = loadConfig();
  const threshold = Math.max(0, levels.indexOf(config.logLevel as (typeof levels)[number]));
  const at = (level: (typeof levels)[number]) => (message: string) => {
    if (config.logLevel === 'silent' || levels.indexOf(level) < threshold) return;
    (level === 'error' || level === 'warn' ? console.error : console.log)(`${new Date().toISOString()} ${level} ${message}`);
  };
  const log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  const { url, sql, joinsLocalServer } = await openWorkerDatabase(config, {
    onBusy: (reason) => log.warn(`the database cannot take the worker yet (${reason}); trying again`),
  });
  await applyAssetSettings(sql, config.assetQuotaBytes);
  const storage = await workerObjectStore(config, joinsLocalServer);
  if (storage) log.info(`asset jobs reach Storage at ${storage.url}`);
  else log.info('asset jobs are left to other workers: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY to run them here');
  const mail = createMailTransport({
    dataDir: config.dataDir,
    smtpUrl: config.smtpUrl,
    from: config.smtpFrom,
    log: { info: (message: string) => log.info(message), error: (_details: unknown, message: string) => log.error(message) } as never,
    maxConnections: config.email.smtpConnections,
  });
  const outbound = createOutboundClient({ policy: config.outbound });
  // Saving a webhook URL through the data API checks these (on hosted Supabase, where no server of ours runs).
  await syncOutboundSettings(sql, config.outbound);
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: forcing exit`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal} received: finishing running jobs…`);
    await runner?.stop();
    mail.close();
    await outbound.close();
    await sql.end({ timeout: 3 });
    log.info('Worker stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  runner = await startJobRunner({
    databaseUrl: url,
    services: {
      sql,
      mail,
      siteUrl: config.siteUrl,
      analyticsRollupSeconds: config.analyticsRollupSeconds,
      objects: storage?.store,
      automationLogDays: config.automationLogDays,
      outbound,
      socialTokenKeys: await resolveSocialTokenKeys(config.dataDir, config.socialTokenKeys),
      email: { publicUrl: config.email.publicUrl, ratePerSecond: config.email.ratePerSecond, concurrency: config.email.smtpConnections },
    },
    log,
    concurrency: config.jobConcurrency,
  });
  console.log(`Worker ${runner.workerId} working for ${maskedUrl(url)}`);
  if (config.email.workerHttpPort !== undefined) {
    // Loaded only when its port is set: most workers serve no HTTP (fastify stays out of their memory).
    const { startEmailHttpServer } = await import('../modules/email/email-http-server');
    const http = await startEmailHttpServer({ sql, host: config.host, port: config.email.workerHttpPort, https: config.email.publicUrl.startsWith('https:') });
    process.on('exit', () => void http.close());
    console.log(`E-mail links (unsubscribe, tracking, webhooks) served on ${config.host}:${config.email.workerHttpPort} for ${config.email.publicUrl}`);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Worker failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
