import type { FastifyInstance } from 'fastify';
import { apiKeyGate } from '../../plugins/api-key';
import { downloadOf, findAsCaller, findPublic, findSigned } from './download-routes';
import { transformFromQuery, transformFromString } from './image-transform';
import { renderImage } from './render-image';
import { callerOf, objectAfter, queryOf, type StorageContext } from './storage-context';

/**
 * Image transformations, as Storage's routes (src/http/routes/render/renderAuthenticatedImage.ts,
 * renderPublicImage.ts, renderSignedImage.ts):
 *   GET /render/image/authenticated/<bucket>/<name>?width&height&resize&format&quality[&download]  (a valid token)
 *   GET /render/image/public/<bucket>/<name>?…                                                     (public buckets)
 *   GET /render/image/sign/<bucket>/<name>?token=…[&download]   (the transformation is the token's, not the query's)
 * The object is found exactly as its download finds it (download-routes.ts): row-level security decides for a
 * private bucket; not found and not allowed answer the same. The query is checked before any lookup.
 */

export function registerRenderRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const gate = apiKeyGate(ctx.keys, ctx.jwtKeys);
  const route = { compress: false, exposeHeadRoute: false } as const;

  app.get('/render/image/authenticated/*', { ...route, preHandler: gate }, async (request, reply) => {
    const transform = transformFromQuery(queryOf(request));
    const auth = await callerOf(ctx, request);
    const { bucket, key } = objectAfter(request, '/render/image/authenticated/');
    const row = await findAsCaller(ctx, auth, bucket, key);
    return renderImage(request, reply, ctx.files, row, { transform, download: downloadOf(request) });
  });

  app.get('/render/image/public/*', route, async (request, reply) => {
    const transform = transformFromQuery(queryOf(request));
    const { bucket, key } = objectAfter(request, '/render/image/public/');
    const row = await findPublic(ctx, bucket, key);
    return renderImage(request, reply, ctx.files, row, { transform, download: downloadOf(request) });
  });

  app.get('/render/image/sign/*', route, async (request, reply) => {
    const { row, token } = await findSigned(ctx, request, '/render/image/sign/');
    const transform = transformFromString(typeof token.transformations === 'string' ? token.transformations : '');
    return renderImage(request, reply, ctx.files, row, { transform, download: downloadOf(request), expires: new Date(token.exp * 1000) });
  });
}
