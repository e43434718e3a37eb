import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyGate } from '../../plugins/api-key';
import { checkExpiresIn, SIGNED_UPLOAD_URL_EXPIRY, signUrlToken, verifyUrlToken } from './signed-urls';
import { callerOf, objectAfter, queryOf, type StorageContext } from './storage-context';
import { invalidRequest } from './storage-errors';
import { uploadSource, type UploadRequest } from './uploads';

/**
 * Uploads, as Storage's routes take them (src/http/routes/object/createObject.ts, updateObject.ts,
 * getSignedUploadURL.ts, uploadSignedObject.ts):
 *   POST /object/<bucket>/<name>              a new object (`x-upsert: true` replaces); raw body or multipart form
 *   PUT  /object/<bucket>/<name>              replace (an upsert)
 *   POST /object/upload/sign/<bucket>/<name>  a signed upload URL, if the caller's policies allow the upload now
 *   PUT  /object/upload/sign/<bucket>/<name>?token=…  the upload itself, for that one object, no key needed
 * The answer is `{ Id, Key }` (`{ Key }` for a signed upload).
 */

async function receive(ctx: StorageContext, request: FastifyRequest, upload: UploadRequest) {
  const limits = await ctx.uploads.limitsOf(upload.bucketId);
  const source = await uploadSource(request, limits.fileSizeLimit);
  return ctx.uploads.upload(upload, source, limits);
}

export function registerUploadRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const gate = apiKeyGate(ctx.keys, ctx.jwtKeys);

  const upload = (mode: 'create' | 'update') => async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await callerOf(ctx, request);
    const target = objectAfter(request, '/object/');
    const row = await receive(ctx, request, {
      auth,
      bucketId: target.bucket,
      name: target.key,
      owner: auth.owner,
      upsert: mode === 'update' || request.headers['x-upsert'] === 'true',
    });
    return reply.send({ Id: row.id, Key: `${target.bucket}/${target.key}` });
  };
  app.post('/object/*', { preHandler: gate }, upload('create'));
  app.put('/object/*', { preHandler: gate }, upload('update'));

  app.post('/object/upload/sign/*', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const { bucket, key } = objectAfter(request, '/object/upload/sign/');
    const upsert = request.headers['x-upsert'] === 'true';
    await ctx.uploads.limitsOf(bucket);
    const contentLength = Number(request.headers['content-length']);
    await ctx.uploads.canUpload(
      { auth, bucketId: bucket, name: key, owner: auth.owner, upsert },
      { mimetype: request.headers['content-type'], contentLength: Number.isFinite(contentLength) ? contentLength : undefined },
    );
    const url = `${bucket}/${key}`;
    const token = await signUrlToken({ owner: auth.owner, url, upsert, scope: 'upload' }, ctx.config.jwtSecret, checkExpiresIn(SIGNED_UPLOAD_URL_EXPIRY));
    return reply.send({ url: `/object/upload/sign/${url}?token=${token}`, token });
  });

  app.put('/object/upload/sign/*', async (request, reply) => {
    const token = queryOf(request).get('token');
    if (!token) throw invalidRequest("querystring must have required property 'token'");
    const target = objectAfter(request, '/object/upload/sign/');
    const payload = await verifyUrlToken(token, ctx.config.jwtSecret, target.bucket, target.key, 'upload');
    await receive(ctx, request, {
      auth: null,
      bucketId: target.bucket,
      name: target.key,
      owner: payload.owner,
      upsert: payload.upsert === true,
    });
    return reply.send({ Key: `${target.bucket}/${target.key}` });
  });
}
