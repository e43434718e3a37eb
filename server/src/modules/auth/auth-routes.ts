import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { apiKeyGate } from '../../plugins/api-key';

/** Supabase Auth (GoTrue) compatible endpoints under /auth/v1. */
export async function authModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('preHandler', apiKeyGate(ctx.keys));
  app.all('/*', async (_request, reply) =>
    reply
      .code(404)
      .header('X-Supabase-Api-Version', '2024-01-01')
      .send({ code: 'not_found', message: 'Not Found' }),
  );
}
