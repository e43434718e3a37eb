import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { DEFAULT_CACHE_CONTROL, findBucket } from './buckets';
import { contentDisposition, contentTypeOf, etagMatches, parseByteRange, parseObjectPath } from './object-path';
import { invalidKey, noSuchBucket, noSuchKey, sendStorageError } from './storage-errors';

/**
 * `GET`/`HEAD /storage/v1/object/public/<bucket>/<path>` (contract §5.2): objects of public buckets, no key needed,
 * with ETag/304, Range/206/416 and Supabase's error bodies. Content-Type follows the object name's extension.
 */

const PUBLIC_PREFIX = '/storage/v1/object/public/';

/** The file of an object when it exists inside the bucket's folder (symbolic links out of it refused). */
export async function objectFile(root: string, bucket: string, segments: string[]) {
  const bucketDir = path.resolve(root, bucket);
  const candidate = path.resolve(bucketDir, ...segments);
  if (!candidate.startsWith(bucketDir + path.sep)) return undefined;
  try {
    const [realBucket, realFile] = await Promise.all([realpath(bucketDir), realpath(candidate)]);
    if (!realFile.startsWith(realBucket + path.sep)) return undefined;
    const info = await stat(realFile);
    return info.isFile() ? { file: realFile, info } : undefined;
  } catch {
    return undefined;
  }
}

export function registerPublicObjectRoute(app: FastifyInstance, ctx: ModuleContext): void {
  const root = ctx.config.storageDir;

  const servePublicObject = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '';
    const queryStart = url.indexOf('?');
    const rawPath = (queryStart < 0 ? url : url.slice(0, queryStart)).slice(PUBLIC_PREFIX.length);
    const parsed = parseObjectPath(rawPath);
    if (!parsed.ok) return sendStorageError(reply, invalidKey());

    const bucket = await findBucket(ctx.sql, parsed.bucket);
    if (!bucket || !bucket.public) return sendStorageError(reply, noSuchBucket());
    const found = await objectFile(root, parsed.bucket, parsed.segments);
    if (!found) return sendStorageError(reply, noSuchKey());

    const { info, file } = found;
    const size = info.size;
    const etag = `"${Math.floor(info.mtimeMs).toString(16)}-${size.toString(16)}"`;
    const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
    reply.headers({
      'Content-Type': contentTypeOf(parsed.key),
      ETag: etag,
      'Last-Modified': lastModified.toUTCString(),
      'Cache-Control': DEFAULT_CACHE_CONTROL,
      'Accept-Ranges': 'bytes',
      'X-Robots-Tag': 'none',
    });
    const query = new URLSearchParams(queryStart < 0 ? '' : url.slice(queryStart + 1));
    const download = query.get('download');
    if (download !== null) reply.header('Content-Disposition', contentDisposition(download));

    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const notModified =
      ifNoneMatch !== undefined
        ? etagMatches(ifNoneMatch, etag)
        : ifModifiedSince !== undefined && !Number.isNaN(Date.parse(ifModifiedSince)) && Date.parse(ifModifiedSince) >= lastModified.getTime();
    if (notModified) return reply.code(304).send();

    const range = parseByteRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply
        .code(416)
        .header('Content-Range', `bytes */${size}`)
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({ statusCode: '416', code: 'InvalidRange', error: 'invalid_range', message: 'The requested range is not satisfiable' });
    }
    const start = range ? range.start : 0;
    const end = range ? range.end : size - 1;
    if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
    reply.header('Content-Length', String(Math.max(0, end - start + 1)));
    if (request.method === 'HEAD' || size === 0) return reply.send();
    return reply.send(createReadStream(file, { start, end }));
  };

  app.route({ method: ['GET', 'HEAD'], url: '/object/public/*', compress: false, handler: servePublicObject });
}
