import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppContext, ModuleContext } from './app-context';
import { createAvailability } from './db/availability';
import { applyAssetSettings } from './lib/asset-settings';
import { addEncryptionKey } from './lib/encryption-keys';
import { parseJwtKeys, rotateJwtKeysText } from './lib/jwt-keys';
import { authModule } from './modules/auth/auth-routes';
import { blogModule } from './modules/blog/blog-routes';
import { emailRoutes } from './modules/email/email-routes';
import { jobsModule } from './jobs/jobs-module';
import type { TaskDefinition } from './jobs/define-task';
import { healthModule } from './modules/health/health-routes';
import { restModule } from './modules/rest/rest-routes';
import { staticModule } from './modules/static/static-routes';
import { storageModule } from './modules/storage/storage-routes';
import { webhooksModule } from './modules/webhooks/webhooks-module';
import { registerCors } from './plugins/cors';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerSecurityHeaders } from './plugins/security-headers';
import { MIGRATIONS_DIR } from './project-paths';

export interface BuildOptions {
  /** Fastify logger option; tests pass false. */
  logger?: boolean | { level: string };
  /**
   * Run the job runner in this process (default: JOB_RUNNER, true): e-mails, scheduled publishing, rollups. Tests
   * that count queue rows, or play hosted Supabase without a worker, turn it off.
   */
  jobRunner?: boolean;
  /** Repeat the analytics rollup job (default true, every ANALYTICS_ROLLUP_SECONDS). */
  rollupJob?: boolean;
  /** The runner's tasks (default: every registered task); tests add their own. */
  jobTasks?: readonly TaskDefinition[];
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
  app.addHook('onReady', async () => applyAssetSettings(ctx.sql, ctx.config.assetQuotaBytes));

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
  await blogModule(app, ctx);
  // The Email Platform's public links and provider webhooks (its own scope: bodies read as text for signatures).
  await app.register(emailRoutes, { sql: ctx.sql });
  if (options.jobRunner ?? ctx.config.jobRunner) {
    await jobsModule(app, ctx, { analyticsRollupSeconds: options.rollupJob === false ? 0 : ctx.config.analyticsRollupSeconds, tasks: options.jobTasks });
  }
  await webhooksModule(app, ctx);
  await staticModule(app, { staticDir: ctx.config.staticDir, anonKey: ctx.keys.anonKey, apiPrefixes: API_PREFIXES });

  return app;
}
