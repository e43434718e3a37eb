import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isActiveContent } from './content-type';
import type { ObjectFiles } from './object-files';
import { contentDisposition, etagMatches, parseByteRange } from './object-path';
import type { ObjectRow } from './objects-table';

/**
 * Storage's asset, head and info renderers (src/storage/renderer/*.ts) over a version file: Content-Type (text/html
 * as text/plain, as Storage), ETag, Last-Modified, Cache-Control, Accept-Ranges, X-Robots-Tag, 304, Range 206/416,
 * `download` as an attachment, `Expires` for signed URLs. Beyond Storage, every object is served with
 * `X-Content-Type-Options: nosniff` and a sandboxing CSP, and a type a browser would run (HTML, SVG, XML, script) is
 * always an attachment: an uploaded file never runs script on this origin.
 */

export const OBJECT_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export interface RenderOptions {
  download?: string | undefined;
  /** A signed URL's expiry, sent as `Expires` instead of Cache-Control. */
  expires?: Date;
  method: 'GET' | 'HEAD';
}

/** Storage's renderer answer for an object whose bytes are missing (400, statusCode 404 NoSuchKey). */
export function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(400)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: 'Not found', message: 'The resource was not found', statusCode: '404', code: 'NoSuchKey' });
}

export function servedContentType(mimetype: string | undefined): string {
  const type = mimetype || 'application/octet-stream';
  return type.includes('text/html') ? 'text/plain' : type;
}

export async function renderObject(request: FastifyRequest, reply: FastifyReply, files: ObjectFiles, row: ObjectRow, options: RenderOptions) {
  const file = row.version ? files.fileOf(row.version) : undefined;
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  if (!file || !info?.isFile()) return notFound(reply);
  const metadata = row.metadata ?? ({} as Partial<NonNullable<ObjectRow['metadata']>>);
  const size = info.size;
  const etag = metadata.eTag ?? `"${Math.floor(info.mtimeMs).toString(16)}-${size.toString(16)}"`;
  const lastModified = new Date(metadata.lastModified ?? row.updated_at);
  const mimetype = metadata.mimetype ?? 'application/octet-stream';
  reply.headers({
    'Accept-Ranges': 'bytes',
    'Content-Type': servedContentType(mimetype),
    ETag: etag,
    'X-Robots-Tag': 'none',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': OBJECT_CSP,
  });
  if (!Number.isNaN(lastModified.getTime())) reply.header('Last-Modified', lastModified.toUTCString());
  if (options.expires) reply.header('Expires', options.expires.toUTCString());
  else reply.header('Cache-Control', metadata.cacheControl || 'no-cache');
  if (options.download !== undefined) reply.header('Content-Disposition', contentDisposition(options.download));
  else if (isActiveContent(mimetype)) reply.header('Content-Disposition', 'attachment');

  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const notModified =
    ifNoneMatch !== undefined
      ? etagMatches(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && !Number.isNaN(Date.parse(ifModifiedSince)) && Math.floor(lastModified.getTime() / 1000) * 1000 <= Date.parse(ifModifiedSince);
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
  if (options.method === 'HEAD' || size === 0) return reply.send();
  return reply.send(createReadStream(file, { start, end, highWaterMark: 256 * 1024 }));
}

/** Storage's info renderer (`/object/info/…`): the object as JSON, with its ETag and Cache-Control. */
export function renderInfo(reply: FastifyReply, row: ObjectRow) {
  const metadata = row.metadata ?? ({} as Partial<NonNullable<ObjectRow['metadata']>>);
  if (metadata.eTag) reply.header('ETag', metadata.eTag);
  if (metadata.cacheControl) reply.header('Cache-Control', metadata.cacheControl);
  return reply.code(200).type('application/json; charset=utf-8').send({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: metadata.size ?? null,
    content_type: metadata.mimetype ?? null,
    cache_control: metadata.cacheControl ?? null,
    etag: metadata.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
}
