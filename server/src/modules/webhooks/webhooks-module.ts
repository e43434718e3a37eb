import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { createOutboundClient, type OutboundClient } from '../../lib/outbound/outbound-client';
import { syncOutboundSettings } from '../../lib/outbound/outbound-settings';

/**
 * Outgoing webhooks, with the HTTP server: the outbound settings mirrored into the database when the app is ready
 * (saves of endpoint URLs check them there), and the outbound client that deliveries use. No routes: endpoints and
 * the delivery log are tables and functions behind the data API; deliveries are sent by `deliverWebhooks`.
 */
export async function webhooksModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const client = createOutboundClient({ policy: ctx.config.outbound });
  let retry: NodeJS.Timeout | undefined;
  // Never holds the start up: while the database is away the settings are written once it is back.
  const sync = async (): Promise<void> => {
    try {
      await syncOutboundSettings(ctx.sql, ctx.config.outbound);
    } catch (error) {
      app.log.warn({ err: error }, 'outbound settings not written to the database yet; trying again in 5 s');
      retry = setTimeout(() => void sync(), 5_000).unref();
    }
  };
  app.addHook('onReady', async () => {
    await sync();
  });
  app.addHook('onClose', async () => {
    clearTimeout(retry);
    await client.close();
  });
  app.decorate('outboundClient', client);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's one outbound HTTP client (server/src/lib/outbound). */
    outboundClient?: OutboundClient;
  }
}
