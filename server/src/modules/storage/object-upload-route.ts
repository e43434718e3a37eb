import { randomBytes, randomUUID } from 'node:crypto';
import { link, lstat, mkdir, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { apiKeyGate } from '../../plugins/api-key';
import { isMimeTypeAllowed } from './bucket-input';
import { findBucket } from './buckets';
import { parseObjectPath } from './object-path';
import { accessDenied, duplicate, entityTooLarge, invalidKey, invalidMimeType, invalidRequest, noSuchBucket, noSuchKey } from './storage-errors';
import { storageCaller } from './storage-caller';

/**
 * Uploads (`POST /storage/v1/object/<bucket>/<path>`, `PUT` to replace): the service key only, as Storage's RLS on
 * storage.objects decides without policies. The body is the file (storage-js sends a Buffer or string so); `x-upsert:
 * true` replaces an existing object. The bucket's size limit and allowed types apply. The file is written beside its
 * final name and moved there in one step, so a reader never sees half an object.
 */

/** Storage's global upload limit (FILE_SIZE_LIMIT, 50 MB on hosted Supabase's free plan). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

const OBJECT_PREFIX = '/storage/v1/object/';

async function targetFile(root: string, bucket: string, segments: string[]): Promise<string> {
  const bucketDir = path.resolve(root, bucket);
  const target = path.resolve(bucketDir, ...segments);
  if (!target.startsWith(bucketDir + path.sep)) throw invalidKey();
  await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
  // A symbolic link anywhere on the way must not lead out of the bucket's folder.
  const [realBucket, realParent] = await Promise.all([realpath(bucketDir), realpath(path.dirname(target))]);
  if (realParent !== realBucket && !realParent.startsWith(realBucket + path.sep)) throw invalidKey();
  return target;
}

async function existing(file: string): Promise<'file' | 'none' | 'other'> {
  try {
    return (await lstat(file)).isFile() ? 'file' : 'other';
  } catch {
    return 'none';
  }
}

export function registerObjectUploadRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const root = ctx.config.storageDir;

  const upload = async (request: FastifyRequest, mode: 'create' | 'update') => {
    const caller = await storageCaller(request.headers.authorization, ctx.keys, ctx.jwtKeys);
    const rawPath = (request.raw.url ?? '').split('?')[0]!.slice(OBJECT_PREFIX.length);
    const parsed = parseObjectPath(rawPath);
    if (!parsed.ok) throw invalidKey();
    const contentType = String(request.headers['content-type'] ?? 'application/octet-stream');
    if (/^multipart\//i.test(contentType)) {
      throw invalidRequest('Multipart uploads are not supported by this server: send the file as the body with its Content-Type');
    }
    if (caller !== 'service_role') throw accessDenied();
    const bucket = await findBucket(ctx.sql, parsed.bucket);
    if (!bucket) throw noSuchBucket();
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (bucket.file_size_limit !== null && body.length > bucket.file_size_limit) throw entityTooLarge();
    if (!isMimeTypeAllowed(bucket.allowed_mime_types, contentType)) throw invalidMimeType(contentType.split(';')[0]!);

    const target = await targetFile(root, parsed.bucket, parsed.segments);
    const state = await existing(target);
    if (state === 'other') throw invalidKey(parsed.key);
    const upsert = mode === 'update' || request.headers['x-upsert'] === 'true';
    if (mode === 'update' && state === 'none') throw noSuchKey();
    if (!upsert && state === 'file') throw duplicate('KeyAlreadyExists');

    const temporary = `${target}.${randomBytes(6).toString('hex')}.upload`;
    await writeFile(temporary, body, { flag: 'wx', mode: 0o644 });
    try {
      if (upsert) {
        await rename(temporary, target);
      } else {
        // Fails when another upload created the object meanwhile (no silent overwrite without x-upsert).
        await link(temporary, target).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? duplicate('KeyAlreadyExists') : error;
        });
      }
    } finally {
      await unlink(temporary).catch(() => {});
    }
    return { Id: randomUUID(), Key: `${parsed.bucket}/${parsed.key}` };
  };

  const options = { preHandler: apiKeyGate(ctx.keys, ctx.jwtKeys), bodyLimit: MAX_UPLOAD_BYTES };
  app.post('/object/*', options, async (request, reply) => reply.send(await upload(request, 'create')));
  app.put('/object/*', options, async (request, reply) => reply.send(await upload(request, 'update')));
}
