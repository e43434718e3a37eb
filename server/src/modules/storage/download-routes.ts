import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyGate } from '../../plugins/api-key';
import { findBucket } from './buckets';
import { renderInfo, renderObject } from './object-response';
import { findObject, type ObjectRow } from './objects-table';
import { verifyUrlToken, type SignedToken } from './signed-urls';
import type { StorageAuth } from './storage-auth';
import { callerOf, objectAfter, queryOf, type StorageContext } from './storage-context';
import { withScope } from './storage-db';
import { invalidRequest, noSuchBucket, noSuchKey } from './storage-errors';

/**
 * Reading objects, as Storage's routes do (src/http/routes/object/getObject.ts, getObjectInfo.ts,
 * getPublicObject.ts, getSignedObject.ts):
 *   GET/HEAD  /object/<bucket>/<name>                (a missing or bad token reads as anon)
 *   GET/HEAD  /object/authenticated/<bucket>/<name>  (a valid token is required)
 *   GET       /object/info[/authenticated]/<bucket>/<name>, /object/info/public/<bucket>/<name>
 *   GET/HEAD  /object/public/<bucket>/<name>          (public buckets; no key needed)
 *   GET       /object/sign/<bucket>/<name>?token=…    (a signed URL; no key needed)
 * An object of a private bucket is found as the caller, so row-level security decides; one of a public bucket is
 * found by the server. Not found and not allowed answer the same (400, statusCode 404 NoSuchKey).
 */

type Mode = 'object' | 'info';

/** A private bucket's object found as the caller (row-level security decides); a public bucket's by the server. */
export async function findAsCaller(ctx: StorageContext, auth: StorageAuth, bucketId: string, key: string): Promise<ObjectRow> {
  const bucket = await findBucket(ctx.sql, bucketId);
  if (!bucket || (!auth.isAuthenticated && !bucket.public)) throw noSuchBucket();
  const row = await withScope(ctx.sql, bucket.public ? null : auth, (tx) => findObject(tx, bucketId, key));
  if (!row) throw noSuchKey();
  return row;
}

/** An object of a public bucket, found by the server; any other bucket is not found. */
export async function findPublic(ctx: StorageContext, bucketId: string, key: string): Promise<ObjectRow> {
  const bucket = await findBucket(ctx.sql, bucketId);
  if (!bucket?.public) throw noSuchBucket();
  const row = await withScope(ctx.sql, null, (tx) => findObject(tx, bucketId, key));
  if (!row) throw noSuchKey();
  return row;
}

/** The object a signed URL (`?token=`, scope download) names after `prefix`, found by the server, and its token. */
export async function findSigned(ctx: StorageContext, request: FastifyRequest, prefix: string): Promise<{ row: ObjectRow; token: SignedToken }> {
  const token = queryOf(request).get('token');
  if (!token) throw invalidRequest("querystring must have required property 'token'");
  const { bucket, key } = objectAfter(request, prefix);
  const payload = await verifyUrlToken(token, ctx.config.jwtSecret, bucket, key, 'download');
  const row = await withScope(ctx.sql, null, (tx) => findObject(tx, bucket, key));
  if (!row) throw noSuchKey();
  return { row, token: payload };
}

/** The `download` query parameter: the attachment's file name ('' for the object's own). */
export function downloadOf(request: FastifyRequest): string | undefined {
  return queryOf(request).get('download') ?? undefined;
}

function respond(ctx: StorageContext, request: FastifyRequest, reply: FastifyReply, row: ObjectRow, mode: Mode, expires?: Date) {
  if (mode === 'info') return renderInfo(reply, row);
  return renderObject(request, reply, ctx.files, row, { download: downloadOf(request), expires, method: request.method === 'HEAD' ? 'HEAD' : 'GET' });
}

export function registerDownloadRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const gate = apiKeyGate(ctx.keys, ctx.jwtKeys);

  const asCaller = (prefix: string, mode: Mode, allowInvalidJwt: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await callerOf(ctx, request, { allowInvalidJwt });
    const { bucket, key } = objectAfter(request, prefix);
    return respond(ctx, request, reply, await findAsCaller(ctx, auth, bucket, key), mode);
  };
  const asPublic = (prefix: string, mode: Mode) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { bucket, key } = objectAfter(request, prefix);
    return respond(ctx, request, reply, await findPublic(ctx, bucket, key), mode);
  };

  const object = { compress: false, exposeHeadRoute: false } as const;
  app.route({ method: ['GET', 'HEAD'], url: '/object/public/*', ...object, handler: asPublic('/object/public/', 'object') });
  app.get('/object/info/public/*', { compress: false }, asPublic('/object/info/public/', 'info'));
  app.get('/object/info/authenticated/*', { preHandler: gate, compress: false }, asCaller('/object/info/authenticated/', 'info', false));
  app.get('/object/info/*', { preHandler: gate, compress: false }, asCaller('/object/info/', 'info', true));
  app.route({ method: ['GET', 'HEAD'], url: '/object/authenticated/*', preHandler: gate, ...object, handler: asCaller('/object/authenticated/', 'object', false) });
  app.route({ method: ['GET', 'HEAD'], url: '/object/*', preHandler: gate, ...object, handler: asCaller('/object/', 'object', true) });

  app.get('/object/sign/*', { compress: false }, async (request, reply) => {
    const { row, token } = await findSigned(ctx, request, '/object/sign/');
    return respond(ctx, request, reply, row, 'object', new Date(token.exp * 1000));
  });
}
