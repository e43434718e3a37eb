import type { FastifyInstance } from 'fastify';
import { securityHeaders } from '../../../src/config/security-headers';

/**
 * The security headers on every response (API, pages, files). Their values live in src/config/security-headers.ts,
 * which the build also writes into the static hosts' configuration (scripts/static-host.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  const headers = securityHeaders({ https: options.https });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
