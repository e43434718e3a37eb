import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { apiKeyGate } from '../../plugins/api-key';

/** PostgREST-compatible data API under /rest/v1. */
export async function restModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('preHandler', apiKeyGate(ctx.keys));
  app.all('/*', async (_request, reply) =>
    reply.code(404).send({ code: 'PGRST205', details: null, hint: null, message: 'Not implemented yet' }),
  );
}
