import type { FastifyInstance } from 'fastify';
import { apiKeyGate } from '../../plugins/api-key';
import { parseListOptions, parseListV2Options, stringList } from './object-input';
import { listObjects, listObjectsV2 } from './object-listing';
import { isValidBucketName, objectKeyProblem } from './object-path';
import { checkExpiresIn, signUrlToken } from './signed-urls';
import { callerOf, objectAfter, objectBody, rawPathAfter, type StorageContext } from './storage-context';
import { withScope } from './storage-db';
import { invalidKey, invalidRequest, noSuchKey } from './storage-errors';
import { copyObject, moveObject, removeObjects } from './object-changes';
import { findObject, findObjectNames } from './objects-table';
import { checkTransform, transformationsString, type TransformOptions } from './image-transform';

/**
 * The object calls with JSON bodies, each run as the caller so row-level security decides (Storage's
 * src/http/routes/object/listObjects.ts, listObjectsV2.ts, deleteObjects.ts, deleteObject.ts, moveObject.ts,
 * copyObject.ts, getSignedURL.ts, getSignedURLs.ts):
 *   POST   /object/list/<bucket>      POST /object/list-v2/<bucket>
 *   DELETE /object/<bucket> { prefixes }   DELETE /object/<bucket>/<name>
 *   POST   /object/move, /object/copy { bucketId, sourceKey, destinationKey, destinationBucket? }
 *   POST   /object/sign/<bucket>/<name> { expiresIn, transform? }   POST /object/sign/<bucket> { expiresIn, paths }
 */

const MAX_OBJECTS_PER_REQUEST = 1000;

function bucketAfter(raw: string): string {
  let bucket: string;
  try {
    bucket = decodeURIComponent(raw);
  } catch {
    throw invalidRequest('Bucket name invalid');
  }
  if (!isValidBucketName(bucket)) throw invalidKey(bucket);
  return bucket;
}

function keyOf(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalidRequest(`body must have required property '${field}'`);
  if (objectKeyProblem(value)) throw invalidKey(value);
  return value;
}

function transformOfBody(value: unknown): TransformOptions | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('body/transform must be object');
  return checkTransform(value as Record<string, unknown>, 'body/transform');
}

export function registerObjectRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const gate = apiKeyGate(ctx.keys, ctx.jwtKeys);

  app.post('/object/list/*', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const bucket = bucketAfter(rawPathAfter(request, '/object/list/'));
    const options = parseListOptions(objectBody(request));
    return reply.send(await withScope(ctx.sql, auth, (tx) => listObjects(tx, bucket, options)));
  });

  app.post('/object/list-v2/*', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const bucket = bucketAfter(rawPathAfter(request, '/object/list-v2/'));
    const options = parseListV2Options(objectBody(request));
    return reply.send(await withScope(ctx.sql, auth, (tx) => listObjectsV2(tx, bucket, options)));
  });

  app.delete('/object/*', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const raw = rawPathAfter(request, '/object/');
    if (!raw.includes('/')) {
      const bucket = bucketAfter(raw);
      const prefixes = stringList(objectBody(request).prefixes, 'prefixes', MAX_OBJECTS_PER_REQUEST);
      return reply.send(await removeObjects(ctx, auth, bucket, prefixes));
    }
    const { bucket, key } = objectAfter(request, '/object/');
    const removed = await removeObjects(ctx, auth, bucket, [key]);
    if (removed.length === 0) throw noSuchKey();
    return reply.send({ message: 'Successfully deleted' });
  });

  app.post('/object/move', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const body = objectBody(request);
    const bucketId = bucketAfter(String(body.bucketId ?? ''));
    const destinationBucket = body.destinationBucket ? bucketAfter(String(body.destinationBucket)) : bucketId;
    const moved = await moveObject(ctx, auth, { bucketId, key: keyOf(body.sourceKey, 'sourceKey') }, { bucketId: destinationBucket, key: keyOf(body.destinationKey, 'destinationKey') });
    return reply.send({ message: 'Successfully moved', Id: moved.id, Key: moved.name });
  });

  app.post('/object/copy', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const body = objectBody(request);
    const bucketId = bucketAfter(String(body.bucketId ?? ''));
    const destinationBucket = body.destinationBucket ? bucketAfter(String(body.destinationBucket)) : bucketId;
    const destinationKey = keyOf(body.destinationKey, 'destinationKey');
    const copied = await copyObject(ctx, auth, { bucketId, key: keyOf(body.sourceKey, 'sourceKey') }, { bucketId: destinationBucket, key: destinationKey }, {
      upsert: request.headers['x-upsert'] === 'true',
      copyMetadata: body.copyMetadata !== false,
    });
    return reply.send({ Id: copied.id, Key: `${destinationBucket}/${destinationKey}`, ...copied });
  });

  app.post('/object/sign/*', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const raw = rawPathAfter(request, '/object/sign/');
    const target = raw.includes('/') ? objectAfter(request, '/object/sign/') : undefined;
    const body = objectBody(request);
    const expiresIn = checkExpiresIn(body.expiresIn);
    const secret = ctx.config.jwtSecret;
    if (!target) {
      const bucket = bucketAfter(raw);
      const paths = stringList(body.paths, 'paths', MAX_OBJECTS_PER_REQUEST);
      const visible = new Set(await withScope(ctx.sql, auth, (tx) => findObjectNames(tx, bucket, paths)));
      const signed = await Promise.all(
        paths.map(async (path) => {
          if (!visible.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
          const url = `${bucket}/${path}`;
          const token = await signUrlToken({ url, scope: 'download' }, secret, expiresIn);
          return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
        }),
      );
      return reply.send(signed);
    }
    const { bucket, key } = target;
    const row = await withScope(ctx.sql, auth, (tx) => findObject(tx, bucket, key));
    if (!row) throw noSuchKey();
    const url = `${bucket}/${key}`;
    // Storage's getSignedURL.ts: a `transform` is signed into the token and the URL renders the image.
    const transform = transformOfBody(body.transform);
    const transformations = transform ? transformationsString(transform) : '';
    const extra = transformations ? { transformations, ...(transform?.format ? { format: transform.format } : {}) } : {};
    const token = await signUrlToken({ ...extra, url, scope: 'download' }, secret, expiresIn);
    return reply.send({ signedURL: `/${transformations ? 'render/image' : 'object'}/sign/${url}?token=${token}` });
  });
}
