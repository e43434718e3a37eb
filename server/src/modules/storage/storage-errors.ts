import type { FastifyReply } from 'fastify';

/**
 * Supabase Storage's errors (src/internal/errors/codes.ts): the body names the real status in `statusCode`, the
 * HTTP status is 400 for every client error (Storage's `userStatusCode`), 500 otherwise. storage-js reads both.
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
export const invalidKey = (key = '') => new StorageError(400, 'InvalidKey', 'Invalid key', key ? `Invalid key: ${key}` : 'Invalid key');
export const invalidJwt = (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message);
/** What Storage answers when row-level security refuses the caller (only the service key may manage buckets here). */
export const accessDenied = () =>
  new StorageError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy');
export const duplicate = (code: 'BucketAlreadyExists' | 'KeyAlreadyExists') =>
  new StorageError(409, code, 'Duplicate', 'The resource already exists');
export const invalidBucketName = () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid');
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message);
export const invalidMimeType = (type: string) =>
  new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`);
export const entityTooLarge = () =>
  new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');

export function sendStorageError(reply: FastifyReply, error: StorageError): FastifyReply {
  return reply
    .code(error.statusCode >= 500 ? 500 : 400)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(error.body());
}
