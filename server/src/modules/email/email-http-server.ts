import Fastify, { type FastifyInstance } from 'fastify';
import type { Sql } from '../../db/client';
import { registerSecurityHeaders } from '../../plugins/security-headers';
import { emailRoutes } from './email-routes';

/**
 * The e-mail links served by `npm run worker` itself (WORKER_HTTP_PORT): on hosted Supabase no server of ours runs,
 * so the worker that sends the messages also answers their unsubscribe, open, click and webhook addresses
 * (EMAIL_PUBLIC_URL points at it, behind the operator's HTTPS proxy).
 */
export async function startEmailHttpServer(options: { sql: Sql; host: string; port: number; https: boolean }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024, trustProxy: false });
  await registerSecurityHeaders(app, { https: options.https });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return reply.code(status).send({ message: status >= 500 ? 'Internal server error' : error.message });
  });
  await app.register(emailRoutes, { sql: options.sql });
  app.get('/e/health', async () => ({ status: 'ok' }));
  await app.listen({ host: options.host, port: options.port });
  return app;
}
