import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFields } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../../db/client';
import { isMimeTypeAllowed } from './bucket-input';
import { findBucket } from './buckets';
import { decideContentType, normaliseDeclaredType, sniffType } from './content-type';
import type { ObjectFiles } from './object-files';
import { findObject, insertObject, upsertObject, type NewObject, type ObjectMetadata, type ObjectRow } from './objects-table';
import type { StorageAuth } from './storage-auth';
import { testPermission, withScope, type Tx } from './storage-db';
import { entityTooLarge, invalidMimeType, keyAlreadyExists, noContentProvided, noSuchBucket, StorageError } from './storage-errors';

/**
 * Storage's Uploader (src/storage/uploader.ts), streamed: the bucket and its limits are read first; the caller's
 * permission is tested by inserting (or upserting) the row as the caller and rolling back, so row-level security
 * decides before any byte is stored; the body streams to a part file, its type is sniffed from its first bytes; then
 * the file is put in place and the row written by the server in one transaction. A failure at any step leaves
 * neither a file nor a row.
 */

export interface UploadSource {
  body: Readable;
  declaredType: string | undefined;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  declaredLength: number | undefined;
}

export interface UploadRequest {
  /** The caller whose policies decide; null when a signed upload URL already decided. */
  auth: StorageAuth | null;
  bucketId: string;
  name: string;
  owner: string | undefined;
  upsert: boolean;
}

const MAX_USER_METADATA_BYTES = 1024 * 1024;

function parseUserMetadata(json: string | undefined): Record<string, unknown> | undefined {
  if (json === undefined) return undefined;
  if (Buffer.byteLength(json) > MAX_USER_METADATA_BYTES) throw new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The user_metadata exceeded the maximum allowed size');
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function fieldValue(fields: MultipartFields, name: string): string | undefined {
  const field = fields[name];
  const first = Array.isArray(field) ? field[0] : field;
  return first?.type === 'field' && typeof first.value === 'string' ? first.value : undefined;
}

/** Storage's fileUploadFromRequest: a multipart form (one file, fields before it) or the raw body. */
export async function uploadSource(request: FastifyRequest, limit: number): Promise<UploadSource> {
  const contentType = request.headers['content-type'];
  const declaredLength = Number(request.headers['content-length']);
  if (contentType?.startsWith('multipart/form-data')) {
    const part = await request.file({ limits: { fileSize: limit + 1, files: 1, fields: 10 } }).catch((error: Error) => {
      throw noContentProvided(error.message);
    });
    if (!part) throw noContentProvided();
    const cacheTime = fieldValue(part.fields, 'cacheControl');
    return {
      body: part.file,
      declaredType: fieldValue(part.fields, 'contentType') || part.mimetype,
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: parseUserMetadata(fieldValue(part.fields, 'metadata') ?? fieldValue(part.fields, 'userMetadata')),
      // As Storage: the request's Content-Length (the form's boundaries included) is what policies see as declared.
      declaredLength: Number.isFinite(declaredLength) ? declaredLength : undefined,
    };
  }
  if (Number.isFinite(declaredLength) && declaredLength > limit) throw entityTooLarge();
  if (request.raw.readableEnded || request.raw.destroyed) throw noContentProvided('Request stream closed before upload could begin');
  const metadataHeader = request.headers['x-metadata'];
  return {
    body: request.raw,
    declaredType: contentType || 'application/octet-stream',
    cacheControl: String(request.headers['cache-control'] ?? 'no-cache'),
    userMetadata: typeof metadataHeader === 'string' ? parseUserMetadata(Buffer.from(metadataHeader, 'base64').toString('utf8')) : undefined,
    declaredLength: Number.isFinite(declaredLength) ? declaredLength : undefined,
  };
}

/** An object's metadata before its version is known (the ETag may come from the version). */
export type PendingMetadata = Omit<ObjectMetadata, 'eTag'> & { eTag: string | undefined };

export interface BucketLimits {
  fileSizeLimit: number;
  allowedMimeTypes: string[] | null;
}

export class Uploads {
  constructor(
    private readonly sql: Sql,
    readonly files: ObjectFiles,
    readonly globalLimit: number,
  ) {}

  /** The bucket's limits (read by the server, as Storage reads them); NoSuchBucket when there is none. */
  async limitsOf(bucketId: string): Promise<BucketLimits> {
    const bucket = await findBucket(this.sql, bucketId);
    if (!bucket) throw noSuchBucket();
    const bucketLimit = bucket.file_size_limit;
    return {
      fileSizeLimit: bucketLimit !== null && bucketLimit > 0 ? Math.min(bucketLimit, this.globalLimit) : this.globalLimit,
      allowedMimeTypes: bucket.allowed_mime_types,
    };
  }

  checkMimeType(limits: BucketLimits, declaredType: string | undefined): void {
    if (!limits.allowedMimeTypes || limits.allowedMimeTypes.length === 0) return;
    const type = declaredType ?? 'application/octet-stream';
    if (!type.includes('/') || !isMimeTypeAllowed(limits.allowedMimeTypes, type)) throw invalidMimeType(type);
  }

  /** Storage's canUpload: the row the caller would write, inserted (or upserted) as the caller, then rolled back. */
  async canUpload(request: UploadRequest, metadata: Partial<ObjectMetadata>, userMetadata?: Record<string, unknown>): Promise<void> {
    if (request.auth === null) return;
    const row: NewObject = { bucketId: request.bucketId, name: request.name, owner: request.owner, version: '1', metadata, userMetadata };
    await testPermission(this.sql, request.auth, (tx) => (request.upsert ? upsertObject(tx, row) : insertObject(tx, row))).catch((error: unknown) => {
      throw error instanceof StorageError && error.code === 'ResourceAlreadyExists' ? keyAlreadyExists() : error;
    });
  }

  /** The whole upload of a request's body. */
  async upload(request: UploadRequest, source: UploadSource, limits: BucketLimits): Promise<ObjectRow> {
    this.checkMimeType(limits, source.declaredType);
    await this.canUpload(request, { mimetype: source.declaredType, contentLength: source.declaredLength }, source.userMetadata);
    const partFile = this.files.newPartFile();
    const received = await this.files.receive(source.body, partFile, limits.fileSizeLimit);
    const mimetype = decideContentType(source.declaredType, await sniffType(received.head));
    const metadata: PendingMetadata = {
      eTag: received.eTag,
      size: received.size,
      mimetype,
      cacheControl: source.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: received.size,
      httpStatusCode: 200,
    };
    return this.complete(request, partFile, metadata, source.userMetadata);
  }

  /**
   * Storage's completeUpload: the part file goes to its version's place, then the row is written by the server under
   * the object's lock; the replaced version's file is removed once the row no longer names it.
   */
  async complete(request: UploadRequest, partFile: string, pending: PendingMetadata, userMetadata: Record<string, unknown> | undefined): Promise<ObjectRow> {
    const version = randomUUID();
    // Without a hash, the ETag names the write: every upload, copy or replacement has a new version.
    const metadata: ObjectMetadata = { ...pending, eTag: pending.eTag ?? `"${version.replaceAll('-', '')}"` };
    await this.files.place(partFile, version);
    let replaced: string | null = null;
    try {
      const row = await withScope(this.sql, null, async (tx) => {
        await lockObject(tx, request.bucketId, request.name);
        const current = await findObject(tx, request.bucketId, request.name, { forUpdate: true });
        if (current && !request.upsert) throw keyAlreadyExists();
        replaced = current?.version ?? null;
        const object = { bucketId: request.bucketId, name: request.name, owner: request.owner, version, metadata, userMetadata };
        return current ? upsertObject(tx, object) : insertObject(tx, object);
      });
      if (replaced && replaced !== version) await this.files.remove([replaced]);
      return row;
    } catch (error) {
      await this.files.remove([version]);
      throw error instanceof StorageError && error.code === 'ResourceAlreadyExists' ? keyAlreadyExists() : error;
    }
  }

  /** The type of a finished resumable upload's file, and its metadata. */
  async describe(head: Buffer, declaredType: string | undefined, cacheControl: string, size: number, eTag: string | undefined): Promise<PendingMetadata> {
    return {
      eTag,
      size,
      mimetype: decideContentType(normaliseDeclaredType(declaredType), await sniffType(head)),
      cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: size,
      httpStatusCode: 200,
    };
  }
}

/** Storage's waitObjectLock: one writer of an object name at a time (transaction-scoped advisory lock). */
export async function lockObject(tx: Tx, bucketId: string, name: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`${bucketId}/${name}`}, 0))`;
}
