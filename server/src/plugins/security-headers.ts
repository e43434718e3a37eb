import type { FastifyInstance } from 'fastify';
import { securityHeaders } from '../../../src/config/security-headers';

/**
 * The security headers on every response (API, pages, files). Their values live in src/config/security-headers.ts,
 * which the build also writes into the static hosts' configuration (scripts/static-host.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  const headers = securityHeaders({ https: options.https });
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
