import type { FastifyError, FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { registerBucketRoutes } from './bucket-routes';
import { MAX_UPLOAD_BYTES, registerObjectUploadRoutes } from './object-upload-route';
import { registerPublicObjectRoute } from './public-object-route';
import { entityTooLarge, invalidRequest, sendStorageError, StorageError } from './storage-errors';

/**
 * Supabase Storage compatible routes under /storage/v1: public objects of public buckets (the audio element's
 * recording), and for the service key the bucket API and uploads that `npm run hosted:setup` calls on either backend.
 */
export async function storageModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  // Bodies stay bytes: an upload is the file itself, whatever its type; bucket routes parse their JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError | StorageError, request, reply) => {
    if (error instanceof StorageError) return sendStorageError(reply, error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendStorageError(reply, entityTooLarge());
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendStorageError(reply, invalidRequest(error.message));
    request.log.error({ err: error }, 'storage request failed');
    return sendStorageError(reply, new StorageError(500, 'InternalError', 'Internal', 'Internal server error'));
  });

  registerPublicObjectRoute(app, ctx);
  registerBucketRoutes(app, ctx);
  registerObjectUploadRoutes(app, ctx);

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) =>
      reply
        .code(404)
        .type('application/json; charset=utf-8')
        .send({ statusCode: '404', error: 'Not Found', message: `Route ${request.method}:${request.url.split('?')[0]} not found` }),
  });
}
