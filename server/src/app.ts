import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppContext, ModuleContext } from './app-context';
import { createAvailability } from './db/availability';
import { addEncryptionKey } from './lib/encryption-keys';
import { parseJwtKeys, rotateJwtKeysText } from './lib/jwt-keys';
import { analyticsModule } from './modules/analytics/analytics-module';
import { authModule } from './modules/auth/auth-routes';
import { healthModule } from './modules/health/health-routes';
import { mailModule } from './modules/mail/mail-module';
import { restModule } from './modules/rest/rest-routes';
import { staticModule } from './modules/static/static-routes';
import { storageModule } from './modules/storage/storage-routes';
import { registerCors } from './plugins/cors';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerSecurityHeaders } from './plugins/security-headers';
import { MIGRATIONS_DIR } from './project-paths';

export interface BuildOptions {
  /** Fastify logger option; tests pass false. */
  logger?: boolean | { level: string };
  /** Run the outgoing e-mail queue's worker (default true); tests that count queue rows turn it off. */
  mailWorker?: boolean;
  /** Run the web analytics rollup worker (default true, every ANALYTICS_ROLLUP_SECONDS). */
  rollupWorker?: boolean;
}

const API_PREFIXES = ['/auth/v1', '/rest/v1', '/storage/v1'];

/** The whole HTTP server, apart from listening: used by main.ts and by the tests. */
export async function buildApp(appContext: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ctx: ModuleContext = {
    ...appContext,
    database: appContext.database ?? createAvailability(() => appContext.sql`select 1`),
    jwtKeys: appContext.jwtKeys ?? parseJwtKeys(await rotateJwtKeysText(undefined), appContext.config.jwtSecret),
    encryptionKeys: appContext.encryptionKeys ?? addEncryptionKey(undefined),
  };
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel },
    // One reverse proxy: the client is the address it appended (the last X-Forwarded-For entry); entries before it
    // come from the client and could be anything.
    trustProxy: ctx.config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 1024 * 1024,
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 2000, ignoreTrailingSlash: true },
  });

  if (!appContext.database) app.addHook('onClose', async () => ctx.database.close());

  registerJsonBodyParser(app);
  registerSecurityHeaders(app, { https: ctx.config.siteUrl.startsWith('https:') });
  await registerCors(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // One handler that never leaks details of an unexpected failure; modules map their own errors first.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ message: status >= 500 ? 'Internal server error' : error.message });
  });

  await app.register(healthModule, { sql: ctx.sql, database: ctx.database, migrationsDir: MIGRATIONS_DIR });
  await app.register(authModule, { prefix: '/auth/v1', ...ctx });
  await app.register(restModule, { prefix: '/rest/v1', ...ctx });
  await app.register(storageModule, { prefix: '/storage/v1', ...ctx });
  if (options.mailWorker ?? true) await mailModule(app, ctx);
  if (options.rollupWorker ?? true) await analyticsModule(app, ctx);
  await staticModule(app, { staticDir: ctx.config.staticDir, anonKey: ctx.keys.anonKey, apiPrefixes: API_PREFIXES });

  return app;
}
