import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { appliedTransformations, imageProcessingError, MAX_SOURCE_PIXELS, planRender, sourceProblem, UNSUPPORTED_SOURCE, type TransformOptions } from './image-transform';
import type { ObjectFiles } from './object-files';
import { contentDisposition } from './object-path';
import { notFound, OBJECT_CSP } from './object-response';
import type { ObjectRow } from './objects-table';

/**
 * Storage's ImageRenderer (src/storage/renderer/image.ts, renderer.ts) with sharp in place of imgproxy: the object's
 * version file is read by sharp from disk (its header first: a non-image or a source above Supabase's limits is
 * refused before anything is decoded), resized and encoded as a stream to the response. Headers as Storage's
 * renderer sets them: the output's Content-Type, the object's ETag and Cache-Control (or `Expires` for a signed URL),
 * Last-Modified, X-Transformations, X-Robots-Tag, `download` as an attachment; and, as every object here,
 * `nosniff` and the sandboxing CSP. Unlike Storage, no `Accept-Ranges: bytes`: a render is not served by ranges.
 */

/** A transformation taking longer than this is abandoned (imgproxy's IMGPROXY_TIMEOUT is 10 s; Storage waits 15). */
const RENDER_TIMEOUT_SECONDS = 15;

export interface ImageRenderOptions {
  transform: TransformOptions;
  download?: string | undefined;
  /** A signed URL's expiry, sent as `Expires` instead of Cache-Control. */
  expires?: Date;
}

async function readHeader(file: string): Promise<Metadata> {
  try {
    // The header only: `limitInputPixels: false` so the size can be judged here, with Storage's message.
    return await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw imageProcessingError(UNSUPPORTED_SOURCE);
  }
}

export async function renderImage(request: FastifyRequest, reply: FastifyReply, files: ObjectFiles, row: ObjectRow, options: ImageRenderOptions) {
  const file = row.version ? files.fileOf(row.version) : undefined;
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  if (!file || !info?.isFile()) return notFound(reply);

  const header = await readHeader(file);
  const problem = sourceProblem({ width: header.width, height: header.height, bytes: info.size });
  if (problem) throw imageProcessingError(problem);

  const plan = planRender(options.transform, { format: header.format, compression: header.compression }, request.headers.accept);
  const image = sharp(file, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error', sequentialRead: true })
    .rotate()
    .timeout({ seconds: RENDER_TIMEOUT_SECONDS });
  if (plan.width || plan.height) image.resize({ width: plan.width, height: plan.height, fit: plan.fit, withoutEnlargement: true });
  if (plan.format === 'jpeg' || plan.format === 'webp' || plan.format === 'avif') image.toFormat(plan.format, { quality: plan.quality });
  else image.toFormat(plan.format);
  image.on('error', (error: Error) => request.log.warn({ err: error, object: `${row.bucket_id}/${row.name}` }, 'image render failed while streaming'));

  const metadata = row.metadata ?? ({} as Partial<NonNullable<ObjectRow['metadata']>>);
  const lastModified = new Date(metadata.lastModified ?? row.updated_at);
  reply.code(200).headers({
    'Content-Type': plan.contentType,
    'X-Robots-Tag': 'none',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': OBJECT_CSP,
  });
  if (metadata.eTag) reply.header('ETag', metadata.eTag);
  if (!Number.isNaN(lastModified.getTime())) reply.header('Last-Modified', lastModified.toUTCString());
  if (options.expires) reply.header('Expires', options.expires.toUTCString());
  else reply.header('Cache-Control', metadata.cacheControl || 'no-cache');
  if (plan.variesByAccept) reply.header('Vary', 'Accept');
  const applied = appliedTransformations(options.transform);
  if (applied.length > 0) reply.header('X-Transformations', applied.join(','));
  if (options.download !== undefined) reply.header('Content-Disposition', contentDisposition(options.download));
  return reply.send(image);
}
