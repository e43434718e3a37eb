import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { JwtKeys } from '../../lib/jwt-keys';
import type { ObjectFiles } from './object-files';
import { parseStoragePath } from './object-path';
import { storageAuth, type StorageAuth } from './storage-auth';
import { invalidKey, invalidRequest } from './storage-errors';
import type { Uploads } from './uploads';

/** What the storage module needs of the app's context: with the keys that verify callers' tokens. */
export type StorageModuleContext = AppContext & { jwtKeys: JwtKeys };

/** What the storage routes share: the app's context, the object files and the upload pipeline. */
export interface StorageContext extends StorageModuleContext {
  files: ObjectFiles;
  uploads: Uploads;
}

export const STORAGE_PREFIX = '/storage/v1';

/** The caller of a request (Storage's jwt plugin). */
export function callerOf(ctx: StorageContext, request: FastifyRequest, options: { allowInvalidJwt?: boolean } = {}): Promise<StorageAuth> {
  return storageAuth(request.headers.authorization, ctx.keys, ctx.jwtKeys, options);
}

/** The still-encoded path after `<prefix>` (e.g. `/object/public/`), without the query string. */
export function rawPathAfter(request: FastifyRequest, prefix: string): string {
  const url = request.raw.url ?? '';
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)).slice(STORAGE_PREFIX.length + prefix.length);
}

/** `<bucket>/<key>` after `prefix`, checked (traversal, Storage's key rule); InvalidKey otherwise. */
export function objectAfter(request: FastifyRequest, prefix: string): { bucket: string; key: string } {
  const raw = rawPathAfter(request, prefix);
  const parsed = parseStoragePath(raw);
  if (!parsed.ok) throw invalidKey(safeDecode(raw.slice(raw.indexOf('/') + 1)));
  return { bucket: parsed.bucket, key: parsed.key };
}

function safeDecode(text: string): string {
  try {
    return [...decodeURIComponent(text)].filter((char) => char >= ' ').join('');
  } catch {
    return text;
  }
}

/** The query string's parameters. */
export function queryOf(request: FastifyRequest): URLSearchParams {
  const url = request.raw.url ?? '';
  const query = url.indexOf('?');
  return new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
}

/** The JSON object body of a request (parsed by the module's JSON parser). */
export function objectBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidRequest('body must be object');
  return body as Record<string, unknown>;
}
