import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Supabase Storage compatible public objects under /storage/v1. */
export async function storageModule(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  app.all('/*', async (_request, reply) =>
    reply
      .code(400)
      .header('Cache-Control', 'no-store')
      .send({ statusCode: '404', error: 'not_found', message: 'Object not found', code: 'NoSuchKey' }),
  );
}
