/**
 * `<bucket>/<path>` of an object URL → bucket and object key, refusing anything that could leave the
 * bucket's folder: `.`/`..` segments, encoded separators or dots, NUL, backslashes, empty segments.
 * Pure; the caller still checks that the resolved file lies inside the storage folder.
 */

export type ObjectPath = { ok: true; bucket: string; key: string; segments: string[] } | { ok: false; reason: string };

/** Bucket ids name folders here, so stricter than Storage's rule: letters, digits, `.`, `_`, `-`, up to 63. */
const BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
const MAX_KEY_LENGTH = 1024;

export function isValidBucketName(name: string): boolean {
  return BUCKET_NAME.test(name);
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** `rawPath` is the part after `/object/public/`, still percent-encoded, without the query string. */
export function parseObjectPath(rawPath: string): ObjectPath {
  const rawSegments = rawPath.split('/');
  if (rawSegments.length < 2) return { ok: false, reason: 'missing object name' };
  const decoded: string[] = [];
  for (const raw of rawSegments) {
    const segment = decodeSegment(raw);
    if (segment === undefined) return { ok: false, reason: 'malformed percent-encoding' };
    if (segment === '' || segment === '.' || segment === '..') return { ok: false, reason: 'empty or relative segment' };
    // After one decoding, nothing may still look like a separator, a dot segment or a control character.
    if (/[\\/]/.test(segment) || hasControlCharacter(segment)) return { ok: false, reason: 'separator or control character' };
    if (/%(2e|2f|5c|00)/i.test(segment)) return { ok: false, reason: 'doubly encoded character' };
    if (/^\.+$/.test(segment.trim())) return { ok: false, reason: 'relative segment' };
    decoded.push(segment);
  }
  const [bucket, ...segments] = decoded as [string, ...string[]];
  if (!BUCKET_NAME.test(bucket)) return { ok: false, reason: 'invalid bucket name' };
  const key = segments.join('/');
  if (key.length > MAX_KEY_LENGTH) return { ok: false, reason: 'object name too long' };
  return { ok: true, bucket, key, segments };
}

/** Storage's object key rule (src/storage/limits.ts isValidKey): S3-safe characters only. */
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;

/**
 * Why a key (from a JSON body, already decoded) cannot name an object, or undefined when it can: Storage's rule,
 * plus no empty, `.` or `..` segment and at most 1024 characters.
 */
export function objectKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key.length === 0) return 'missing object name';
  if (key.length > MAX_KEY_LENGTH) return 'object name too long';
  if (!VALID_OBJECT_KEY.test(key)) return 'character not allowed in a key';
  if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return 'empty or relative segment';
  return undefined;
}

/** A parsed path whose key also passes Storage's key rule. */
export function parseStoragePath(rawPath: string): ObjectPath {
  const parsed = parseObjectPath(rawPath);
  if (!parsed.ok) return parsed;
  const problem = objectKeyProblem(parsed.key);
  return problem ? { ok: false, reason: problem } : parsed;
}

export type ByteRange = { start: number; end: number };

/**
 * `Range: bytes=a-b | a- | -n` against an object of `size` bytes (RFC 9110 §14): `null` when the header is
 * absent or not a single bytes range (the whole object is sent), `'unsatisfiable'` for a range past the end.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}

/** Weak comparison of `If-None-Match` (a list, `*`, `W/` prefixes) with the object's ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/** `Content-Disposition` for `?download=` (contract §5.2). */
export function contentDisposition(download: string): string {
  if (!download) return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}
