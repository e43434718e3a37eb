import { isValidBucketName } from './object-path';
import { invalidBucketName, invalidRequest, StorageError } from './storage-errors';

/**
 * Request bodies of Storage's bucket API (createBucket / updateBucket of supabase/storage), checked as Storage checks
 * them. Pure: the routes pass the raw body, these return the settings or throw Storage's error.
 */

export interface CreateBucketInput {
  id: string;
  name: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

export type UpdateBucketInput = Partial<Pick<CreateBucketInput, 'public' | 'fileSizeLimit' | 'allowedMimeTypes'>>;

const invalidFileSizeLimit = () =>
  new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');

/** Storage's `parseFileSizeToBytes` (decimal units) for strings; whole non-negative numbers as bytes. */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw invalidFileSizeLimit();
    return value;
  }
  if (typeof value !== 'string') throw invalidFileSizeLimit();
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!match) throw invalidFileSizeLimit();
  const scale = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[match[2]!.toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
  return Math.round(Number(match[1]) * scale);
}

function parseMimeTypes(value: unknown): string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.some((type) => typeof type !== 'string' || type.length > 255)) {
    throw invalidRequest('body/allowed_mime_types must be an array of strings');
  }
  const types = (value as string[]).filter((type) => type !== '');
  if (types.some((type) => !/^[\w.+-]+\/(\*|[\w.+-]+)$/.test(type))) throw invalidRequest('body/allowed_mime_types holds an invalid mime type');
  return types;
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidRequest('body must be object');
  return body as Record<string, unknown>;
}

function parseSettings(source: Record<string, unknown>): UpdateBucketInput {
  const settings: UpdateBucketInput = {};
  if (source.public !== undefined) {
    if (typeof source.public !== 'boolean') throw invalidRequest('body/public must be boolean');
    settings.public = source.public;
  }
  if (source.file_size_limit !== undefined) settings.fileSizeLimit = parseFileSizeLimit(source.file_size_limit);
  if (source.allowed_mime_types !== undefined) settings.allowedMimeTypes = parseMimeTypes(source.allowed_mime_types);
  return settings;
}

export function parseCreateBucket(body: unknown): CreateBucketInput {
  const source = asObject(body);
  if (typeof source.name !== 'string') throw invalidRequest("body must have required property 'name'");
  if (source.id !== undefined && source.id !== null && typeof source.id !== 'string') throw invalidRequest('body/id must be string');
  if (source.type !== undefined && source.type !== null && source.type !== 'STANDARD') {
    throw invalidRequest('Only STANDARD buckets are supported by this server');
  }
  const id = typeof source.id === 'string' && source.id !== '' ? source.id : source.name;
  if (!isValidBucketName(id) || !isValidBucketName(source.name)) throw invalidBucketName();
  const settings = parseSettings(source);
  return {
    id,
    name: source.name,
    public: settings.public ?? false,
    fileSizeLimit: settings.fileSizeLimit ?? null,
    allowedMimeTypes: settings.allowedMimeTypes ?? null,
  };
}

export function parseUpdateBucket(body: unknown): UpdateBucketInput {
  return parseSettings(asObject(body));
}

/** Whether an upload's content type is allowed by the bucket (`image/*` style wildcards as Storage allows them). */
export function isMimeTypeAllowed(allowed: string[] | null, contentType: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
  });
}
