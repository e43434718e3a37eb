import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { createMailTransport } from '../../lib/mailer';
import { startMailWorker, type MailWorker } from './mail-worker';

/**
 * The outgoing e-mail queue's worker, running with the HTTP server: started when the app is ready, stopped (its
 * heartbeat row removed) when it closes. No routes: e-mails are queued by database functions. Called on the root
 * instance (not registered as an encapsulated plugin), so `app.mailWorker()` is visible to the tests.
 */
export async function mailModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const transport = createMailTransport({ dataDir: ctx.config.dataDir, smtpUrl: ctx.config.smtpUrl, from: ctx.config.smtpFrom, log: app.log });
  let worker: MailWorker | undefined;
  app.addHook('onReady', async () => {
    worker = await startMailWorker({
      sql: ctx.sql,
      transport,
      siteUrl: ctx.config.siteUrl,
      log: app.log,
      isDatabaseAvailable: () => ctx.database.isAvailable(),
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    transport.close();
  });
  app.decorate('mailWorker', () => worker);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The running mail worker (undefined before ready or when disabled): tests drain it. */
    mailWorker?: () => MailWorker | undefined;
  }
}
