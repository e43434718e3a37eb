import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isConnectionFailure } from '../../db/availability';
import { registerBucketRoutes } from './bucket-routes';
import { registerDownloadRoutes } from './download-routes';
import { ObjectFiles } from './object-files';
import { registerObjectRoutes } from './object-routes';
import { registerRenderRoutes } from './render-routes';
import type { StorageContext, StorageModuleContext } from './storage-context';
import { databaseUnavailable, entityTooLarge, internalError, invalidRequest, sendStorageError, StorageError } from './storage-errors';
import { registerTusRoutes } from './tus-routes';
import { registerUploadRoutes } from './upload-routes';
import { Uploads } from './uploads';

/**
 * Supabase Storage compatible routes under /storage/v1: every call supabase-js's storage client makes (buckets,
 * uploads raw and multipart, downloads, info, list, remove, move, copy, signed URLs, signed uploads), image
 * transformations (`/render/image/…`, with sharp) and resumable uploads over TUS, with access decided by row-level security on storage.objects and storage.buckets, as on
 * Supabase. Objects stream to STORAGE_DIR (object-files.ts); nothing holds a whole object in memory.
 */

/** Largest JSON body of the object and bucket calls (a list of 1000 paths fits). */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function storageModule(app: FastifyInstance, ctx: StorageModuleContext): Promise<void> {
  const files = new ObjectFiles(ctx.config.storageDir, ctx.config.storageEtagAlgorithm);
  await files.prepare();
  const storage: StorageContext = { ...ctx, files, uploads: new Uploads(ctx.sql, files, ctx.config.storageFileSizeLimit) };

  // JSON bodies are parsed; every other body (an upload, a TUS chunk) is left unread for its route to stream.
  // While the database is away, every call answers 503 at once (Retry-After) instead of waiting on connections that
  // cannot succeed; a connection lost during a call says the same and asks for a probe.
  const database = ctx.database;
  if (database) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'OPTIONS' && !database.isAvailable()) return sendStorageError(reply, databaseUnavailable());
    });
  }

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT }, (_request, body, done) => {
    const text = (body as Buffer).toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(invalidRequest('Body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  await app.register(multipart, { limits: { fields: 10, files: 1 }, throwFileSizeLimit: false });

  app.setErrorHandler((error: FastifyError | StorageError, request, reply) => {
    if (error instanceof StorageError) return sendStorageError(reply, error);
    if (isConnectionFailure(error)) {
      database?.reportConnectionFailure();
      return sendStorageError(reply, databaseUnavailable());
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendStorageError(reply, entityTooLarge());
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendStorageError(reply, invalidRequest(error.message));
    request.log.error({ err: error }, 'storage request failed');
    return sendStorageError(reply, internalError());
  });

  registerBucketRoutes(app, storage);
  registerDownloadRoutes(app, storage);
  registerUploadRoutes(app, storage);
  registerObjectRoutes(app, storage);
  registerRenderRoutes(app, storage);
  const tus = registerTusRoutes(app, storage);
  app.addHook('onClose', async () => tus.close());

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
