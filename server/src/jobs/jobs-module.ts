import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../app-context';
import { createMailTransport } from '../lib/mailer';
import { resolveSocialTokenKeys } from '../data-dir';
import { createOutboundClient } from '../lib/outbound/outbound-client';
import { ObjectFiles } from '../modules/storage/object-files';
import { storageApiObjectStore } from './assets/object-store';
import type { TaskDefinition } from './define-task';
import { startJobRunner, type JobRunner } from './job-runner';

export interface JobsModuleOptions {
  /** Seconds between analytics rollup runs (ANALYTICS_ROLLUP_SECONDS; 0: none). */
  analyticsRollupSeconds: number;
  /** Default: every registered task. */
  tasks?: readonly TaskDefinition[];
}

/**
 * The job runner inside the server (`npm start`): started when the app is ready, stopped (its heartbeat removed)
 * when it closes. `npm run worker` runs the same runner alone (server/src/jobs/worker-main.ts). Called on the root
 * instance, so `app.jobRunner()` is visible to the tests.
 */
export async function jobsModule(app: FastifyInstance, ctx: ModuleContext, options: JobsModuleOptions): Promise<void> {
  const mail = createMailTransport({ dataDir: ctx.config.dataDir, smtpUrl: ctx.config.smtpUrl, from: ctx.config.smtpFrom, log: app.log, maxConnections: ctx.config.email.smtpConnections });
  const outbound = createOutboundClient({ policy: ctx.config.outbound });
  let runner: JobRunner | undefined;
  // The asset jobs reach Storage through this server's own API (the address is known once it listens).
  const ownUrl = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address) throw new Error('the server is not listening yet');
    const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  };
  const objects = storageApiObjectStore(ownUrl, ctx.keys.serviceRoleKey);
  const storageFiles = new ObjectFiles(ctx.config.storageDir, ctx.config.storageEtagAlgorithm);
  app.addHook('onReady', async () => {
    if (!ctx.config.databaseUrl) throw new Error('the job runner needs the database URL');
    const socialTokenKeys = await resolveSocialTokenKeys(ctx.config.dataDir, ctx.config.socialTokenKeys);
    runner = await startJobRunner({
      databaseUrl: ctx.config.databaseUrl,
      services: {
        sql: ctx.sql,
        mail,
        siteUrl: ctx.config.siteUrl,
        analyticsRollupSeconds: options.analyticsRollupSeconds,
        objects,
        storageFiles,
        automationLogDays: ctx.config.automationLogDays,
        outbound,
        socialTokenKeys,
        email: { publicUrl: ctx.config.email.publicUrl, ratePerSecond: ctx.config.email.ratePerSecond, concurrency: ctx.config.email.smtpConnections },
      },
      log: {
        debug: (message) => app.log.debug(message),
        info: (message) => app.log.info(message),
        warn: (message) => app.log.warn(message),
        error: (message) => app.log.error(message),
      },
      tasks: options.tasks,
      concurrency: ctx.config.jobConcurrency,
      databaseAway: () => !ctx.database.isAvailable(),
    });
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
    mail.close();
    await outbound.close();
  });
  app.decorate('jobRunner', () => runner);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The running job runner (undefined before ready or when the server runs none): tests drain it. */
    jobRunner?: () => JobRunner | undefined;
  }
}
