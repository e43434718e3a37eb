import type { FastifyReply } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../db/availability';

/**
 * Supabase Storage's errors (src/internal/errors/codes.ts, storage-error.ts, http/error-handler.ts): the body names the
 * real status in `statusCode` and the error's `error` (else its code); the HTTP status is 400 for every client error
 * (Storage's `userStatusCode`), 500 otherwise. storage-js reads both.
 */
export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  body() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const noSuchBucket = () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const noSuchKey = () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found');
export const noSuchUpload = () => new StorageError(404, 'NoSuchUpload', 'NoSuchUpload', 'Upload not found');
export const invalidKey = (key = '') => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`);
export const invalidJwt = (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message);
/** Storage's AccessDenied: a token that does not verify, or row-level security refusing the caller. */
export const accessDenied = (message = 'new row violates row-level security policy') =>
  new StorageError(403, 'AccessDenied', 'Unauthorized', message);
export const keyAlreadyExists = () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists');
export const bucketAlreadyExists = () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists');
export const resourceAlreadyExists = () => new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists');
export const bucketNotEmpty = () => new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty');
export const invalidBucketName = () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid');
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message);
export const invalidParameter = (name: string) => new StorageError(400, 'InvalidParameter', 'InvalidParameter', `Invalid Parameter ${name}`);
export const invalidSignature = (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', 'InvalidSignature', message);
export const invalidMimeType = (type: string) =>
  new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`);
export const entityTooLarge = () =>
  new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
export const noContentProvided = (message = 'No content provided') => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message);
export const relatedResourceNotFound = () => new StorageError(404, 'InvalidRequest', 'InvalidRequest', 'The related resource does not exist');
export const internalError = () => new StorageError(500, 'InternalError', 'Internal', 'Internal server error');
/** The database cannot be reached (it restarts, or DATABASE_URL is away): 503 with Retry-After, as /rest and /auth. */
export const databaseUnavailable = () =>
  new StorageError(503, 'DatabaseError', 'DatabaseError', 'The database cannot be reached at the moment: try again in a few seconds.');

/** PostgreSQL's error → Storage's (src/storage/database/errors.ts, DBError.fromDBError). */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case '42501':
      return accessDenied(message.includes('row-level security') ? 'new row violates row-level security policy' : message);
    case '23505':
      return resourceAlreadyExists();
    case '23503':
      return relatedResourceNotFound();
    case '22P02':
      return new StorageError(400, 'InvalidParameter', 'InvalidParameter', 'Invalid value format or type conversion failed');
    case '57014':
      return new StorageError(544, 'DatabaseTimeout', 'DatabaseTimeout', 'The connection to the database timed out');
    default:
      return undefined;
  }
}

export function sendStorageError(reply: FastifyReply, error: StorageError): FastifyReply {
  if (error.statusCode === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return reply
    .code(error.statusCode === 503 ? 503 : error.statusCode >= 500 ? 500 : 400)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(error.body());
}
