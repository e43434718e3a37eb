import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Upload } from '@tus/utils';
import { Server, type ServerOptions } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyGate } from '../../plugins/api-key';
import { isValidBucketName, objectKeyProblem } from './object-path';
import type { StorageAuth } from './storage-auth';
import { callerOf, STORAGE_PREFIX, type StorageContext } from './storage-context';
import { isConnectionFailure } from '../../db/availability';
import { databaseUnavailable, invalidKey, noSuchUpload, StorageError } from './storage-errors';

/**
 * Resumable uploads over TUS at /storage/v1/upload/resumable, as Storage serves them (src/http/routes/tus/index.ts
 * and lifecycle.ts) with @tus/server and its file store: the client (tus-js-client, 6 MB chunks as Supabase's guide
 * says) creates an upload with `Upload-Metadata` bucketName, objectName, contentType, cacheControl, metadata; the
 * Location is `…/upload/resumable/<base64url(bucket/name/upload id)>`. Every request that writes is checked against
 * the caller's policies (Storage's canUpload); when the last byte arrives, the file becomes the object's version and
 * its row is written, as for any upload. An interrupted upload resumes from its offset (HEAD, then PATCH).
 */

interface TusContext {
  auth: StorageAuth;
  upsert: boolean;
  bucket?: string;
  objectName?: string;
  contentType?: string;
}

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

const contexts = new WeakMap<IncomingMessage, TusContext>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RESUMABLE_PATH = '/upload/resumable';
/** How long an unfinished upload can be resumed (Storage: TUS_URL_EXPIRY_MS, an hour; here a day). */
const UPLOAD_EXPIRY_MS = 24 * 3600 * 1000;

/** How long a finished upload still answers HEAD (and the creation request that carried all its bytes). */
const FINISHED_MEMORY_MS = 60_000;

/**
 * @tus/file-store, remembering uploads that finished: their file became an object's version (renamed away) and their
 * record was removed, but @tus/server asks for the upload once more after a creation request that brought every
 * byte (the Upload-Expires header) and a client may ask HEAD after a lost answer. Both get the finished upload
 * (offset = size) instead of "not found".
 */
class ObjectFileStore extends FileStore {
  private readonly finished = new Map<string, Upload>();

  rememberFinished(upload: Upload): void {
    this.finished.set(upload.id, new Upload({ id: upload.id, size: upload.size, offset: upload.size ?? upload.offset, metadata: upload.metadata, creation_date: upload.creation_date }));
    setTimeout(() => this.finished.delete(upload.id), FINISHED_MEMORY_MS).unref();
  }

  override async getUpload(id: string): Promise<Upload> {
    return this.finished.get(id) ?? super.getUpload(id);
  }
}

function contextOf(request: TusRequest): TusContext {
  const node = request.runtime?.node?.req as IncomingMessage | undefined;
  const context = node && contexts.get(node);
  if (!context) throw new StorageError(500, 'InternalError', 'Internal', 'Request object is missing');
  return context;
}

/** The bucket and name of a new upload's metadata, checked as any object name. */
function target(metadata: Record<string, string | null> | undefined): { bucket: string; objectName: string } {
  const bucket = metadata?.bucketName ?? '';
  const objectName = metadata?.objectName ?? '';
  if (!isValidBucketName(bucket) || objectKeyProblem(objectName)) throw invalidKey(objectName);
  return { bucket, objectName };
}

function parseMetadata(json: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = json ? JSON.parse(json) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function registerTusRoutes(app: FastifyInstance, ctx: StorageContext): { close(): void } {
  const store = new ObjectFileStore({ directory: ctx.files.resumableDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const limitOf = async (bucket: string | undefined) => (bucket ? (await ctx.uploads.limitsOf(bucket)).fileSizeLimit : ctx.uploads.globalLimit);

  const server = new Server({
    path: STORAGE_PREFIX + RESUMABLE_PATH,
    datastore: store,
    disableTerminationForFinishedUploads: true,
    allowedHeaders: ['Authorization', 'X-Upsert', 'Upload-Expires', 'ApiKey', 'x-signature'],
    namingFunction: (request, metadata) => {
      const context = contextOf(request);
      Object.assign(context, target(metadata), { contentType: metadata?.contentType ?? undefined });
      return randomUUID();
    },
    generateUrl: (request, { proto, host, path: base, id }) => {
      const context = contextOf(request);
      return `${proto}://${host}${base}/${Buffer.from(`${context.bucket}/${context.objectName}/${id}`).toString('base64url')}`;
    },
    getFileIdFromRequest: (request, lastPath) => {
      if (!lastPath) return undefined;
      const decoded = Buffer.from(lastPath, 'base64url').toString('utf8');
      const slash = decoded.lastIndexOf('/');
      const id = decoded.slice(slash + 1);
      if (slash < 0 || !UUID.test(id)) return undefined;
      const context = contextOf(request);
      const [bucket = '', ...rest] = decoded.slice(0, slash).split('/');
      context.bucket = bucket;
      context.objectName = rest.join('/');
      return id;
    },
    maxSize: async (request) => limitOf(contextOf(request).bucket),
    onIncomingRequest: async (request, id) => {
      const context = contextOf(request);
      if (request.method === 'OPTIONS') return;
      let contentType: string | null | undefined;
      let size: number | undefined;
      if (request.method === 'POST') {
        size = Number(request.headers.get('upload-length') ?? Number.NaN);
        contentType = context.contentType;
      } else {
        const upload = await store.getUpload(id).catch(() => undefined);
        // The URL names the upload's object: another one's upload is not found.
        if (!upload || upload.metadata?.bucketName !== context.bucket || upload.metadata?.objectName !== context.objectName) throw noSuchUpload();
        if (request.method === 'HEAD') return;
        contentType = upload.metadata?.contentType;
        size = upload.size;
      }
      await ctx.uploads.limitsOf(context.bucket!);
      await ctx.uploads.canUpload(
        { auth: context.auth, bucketId: context.bucket!, name: context.objectName!, owner: context.auth.owner, upsert: context.upsert },
        { mimetype: contentType ?? undefined, contentLength: Number.isFinite(size) ? size : undefined },
      );
    },
    onUploadCreate: async (request, upload) => {
      const context = contextOf(request);
      const metadata = { ...(upload.metadata ?? {}) };
      metadata.cacheControl = /^-?\d+$/.test(metadata.cacheControl ?? '') ? `max-age=${metadata.cacheControl}` : 'no-cache';
      ctx.uploads.checkMimeType(await ctx.uploads.limitsOf(context.bucket!), metadata.contentType ?? undefined);
      return { metadata };
    },
    onUploadFinish: async (request, upload) => {
      const context = contextOf(request);
      const file = path.join(ctx.files.resumableDir, upload.id);
      const digest = await ctx.files.digest(file);
      const meta = upload.metadata ?? {};
      const metadata = await ctx.uploads.describe(digest.head, meta.contentType ?? undefined, meta.cacheControl ?? 'no-cache', digest.size, digest.eTag);
      const request_ = { auth: null, bucketId: context.bucket!, name: context.objectName!, owner: context.auth.owner, upsert: context.upsert };
      await ctx.uploads.complete(request_, file, metadata, parseMetadata(meta.metadata)).catch(async (error: unknown) => {
        await rm(`${file}.json`, { force: true });
        throw error;
      });
      store.rememberFinished(upload);
      await rm(`${file}.json`, { force: true });
      return { headers: { 'Tus-Complete': '1' } };
    },
    onResponseError: (_request, error) => {
      if (error instanceof StorageError) return { status_code: error.statusCode, body: error.message };
      if (isConnectionFailure(error)) {
        ctx.database?.reportConnectionFailure();
        // tus-js-client retries a 5xx after its retry delays: the upload goes on once the database is back.
        return { status_code: 503, body: databaseUnavailable().message };
      }
      return undefined;
    },
  });

  const gate = apiKeyGate(ctx.keys, ctx.jwtKeys);
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = request.method === 'OPTIONS' ? null : await callerOf(ctx, request);
    contexts.set(request.raw, { auth: auth!, upsert: request.headers['x-upsert'] === 'true' });
    reply.hijack();
    await server.handle(request.raw, reply.raw);
  };
  for (const url of [RESUMABLE_PATH, `${RESUMABLE_PATH}/*`]) {
    app.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE'], url, preHandler: gate, compress: false, exposeHeadRoute: false, handler: handle });
    app.route({ method: 'OPTIONS', url, handler: handle });
  }
  const sweep = setInterval(() => void server.cleanUpExpiredUploads().catch(() => {}), 3600 * 1000);
  sweep.unref();
  return { close: () => clearInterval(sweep) };
}
