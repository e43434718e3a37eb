import { StorageError, invalidRequest } from './storage-errors';

/**
 * Storage's image transformation options, checked and planned (supabase/storage src/http/schemas/transformations.ts,
 * src/storage/renderer/image.ts): what a `/render/image/…` query or a signed URL's `transform` asks for, the string a
 * signed render URL's token carries, and what sharp is asked to do in place of Storage's imgproxy.
 */

export type ResizeMode = 'cover' | 'contain' | 'fill';
export type RequestedFormat = 'origin' | 'avif' | 'webp';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: ResizeMode;
  format?: RequestedFormat;
  quality?: number;
}

/** Storage's IMAGE_TRANSFORMATION_LIMIT_MIN_SIZE / _MAX_SIZE defaults: a width or height is clamped to 1–2000. */
export const SIZE_LIMITS = { min: 1, max: 2000 } as const;
/** Supabase's documented limits of a source image: 50 megapixels, 25 MB. */
export const MAX_SOURCE_PIXELS = 50_000_000;
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
/** imgproxy's default quality. */
export const DEFAULT_QUALITY = 80;

const RESIZE_MODES: readonly string[] = ['cover', 'contain', 'fill'];
const FORMATS: readonly string[] = ['origin', 'avif', 'webp'];

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A value as Fastify's Ajv (coerceTypes) reads an integer: a number, or a string that is one. */
function integerOf(raw: unknown, field: string, minimum: number, maximum?: number): number {
  let value: number | undefined;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(raw)) value = Number(raw);
  if (value === undefined || !Number.isFinite(value) || !Number.isInteger(value)) throw invalidRequest(`${field} must be integer`);
  if (value < minimum) throw invalidRequest(`${field} must be >= ${minimum}`);
  if (maximum !== undefined && value > maximum) throw invalidRequest(`${field} must be <= ${maximum}`);
  return value;
}

function oneOf<T extends string>(raw: unknown, field: string, allowed: readonly string[]): T {
  if (typeof raw !== 'string') throw invalidRequest(`${field} must be string`);
  if (!allowed.includes(raw)) throw invalidRequest(`${field} must be equal to one of the allowed values`);
  return raw as T;
}

/**
 * Storage's transformationOptionsSchema: width and height integers ≥ 0, quality 20–100, resize and format from their
 * lists; anything else is ignored. `where` prefixes the message as Fastify does (`querystring`, `body/transform`).
 */
export function checkTransform(source: Record<string, unknown>, where: string): TransformOptions {
  const options: TransformOptions = {};
  if (source.width !== undefined) options.width = integerOf(source.width, `${where}/width`, 0);
  if (source.height !== undefined) options.height = integerOf(source.height, `${where}/height`, 0);
  if (source.resize !== undefined) options.resize = oneOf<ResizeMode>(source.resize, `${where}/resize`, RESIZE_MODES);
  if (source.format !== undefined) options.format = oneOf<RequestedFormat>(source.format, `${where}/format`, FORMATS);
  if (source.quality !== undefined) options.quality = integerOf(source.quality, `${where}/quality`, 20, 100);
  return options;
}

/** A render URL's query string (a repeated parameter is not one integer or string, as Ajv sees an array). */
export function transformFromQuery(query: URLSearchParams): TransformOptions {
  const source: Record<string, unknown> = {};
  for (const name of ['width', 'height', 'resize', 'format', 'quality']) {
    const values = query.getAll(name);
    if (values.length > 0) source[name] = values.length === 1 ? values[0] : values;
  }
  return checkTransform(source, 'querystring');
}

/**
 * What a signed render URL's token carries (Storage's `applyTransformation(options, keepOriginal = true)`):
 * `height:100,width:100,resize:cover,quality:80,format:webp`; empty when nothing is asked.
 */
export function transformationsString(options: TransformOptions): string {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height, SIZE_LIMITS.min, SIZE_LIMITS.max)}`);
  if (options.width) segments.push(`width:${clamp(options.width, SIZE_LIMITS.min, SIZE_LIMITS.max)}`);
  if (options.width || options.height) segments.push(`resize:${options.resize}`);
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`);
  return segments.join(',');
}

/** Storage's `setTransformationsFromString`: a token's transformations back to options (unknown values dropped). */
export function transformFromString(transformations: string): TransformOptions {
  const options: TransformOptions = {};
  for (const param of transformations.split(',')) {
    const [name, value] = param.split(':');
    if (value === undefined || value === '') continue;
    const number = Number.parseInt(value, 10);
    if (name === 'height' && number > 0) options.height = number;
    else if (name === 'width' && number > 0) options.width = number;
    else if (name === 'quality' && number >= 20 && number <= 100) options.quality = number;
    else if (name === 'resize' && RESIZE_MODES.includes(value)) options.resize = value as ResizeMode;
    else if (name === 'format' && FORMATS.includes(value)) options.format = value as RequestedFormat;
  }
  return options;
}

/** imgproxy's resizing types, as Storage names them in its `X-Transformations` header. */
const RESIZING_TYPE: Record<ResizeMode, string> = { cover: 'fill', contain: 'fit', fill: 'force' };

/** Storage's `X-Transformations` (applyTransformation without keepOriginal): what was applied, imgproxy's words. */
export function appliedTransformations(options: TransformOptions): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height, SIZE_LIMITS.min, SIZE_LIMITS.max)}`);
  if (options.width) segments.push(`width:${clamp(options.width, SIZE_LIMITS.min, SIZE_LIMITS.max)}`);
  if (options.width || options.height) segments.push(`resizing_type:${RESIZING_TYPE[options.resize ?? 'cover']}`);
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`);
  return segments;
}

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

export interface RenderPlan {
  width?: number;
  height?: number;
  /** sharp's fit: cover crops to the box (imgproxy fill), inside fits in it (fit), fill stretches (force). */
  fit: 'cover' | 'inside' | 'fill';
  format: OutputFormat;
  contentType: string;
  quality: number;
  /** The output depends on the Accept header (a cache must keep one copy per Accept). */
  variesByAccept: boolean;
}

const FIT: Record<ResizeMode, RenderPlan['fit']> = { cover: 'cover', contain: 'inside', fill: 'fill' };
const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

/** The source's format as sharp writes it; others (SVG, HEIC, PDF…) come out as PNG. */
export function originFormat(sharpFormat: string | undefined, compression?: string): OutputFormat {
  if (sharpFormat === 'jpeg' || sharpFormat === 'png' || sharpFormat === 'webp' || sharpFormat === 'gif' || sharpFormat === 'tiff') return sharpFormat;
  if (sharpFormat === 'heif' && compression === 'av1') return 'avif';
  return 'png';
}

/**
 * What to do with a source of `sourceFormat` (sharp's name) for these options and this Accept header: the size clamped
 * to Storage's limits, the resize mode, and the output format — WebP or AVIF when asked; the source's format for
 * `origin`; otherwise WebP when the client accepts it (Storage's imgproxy runs with WebP detection), else the source's.
 */
export function planRender(options: TransformOptions, source: { format?: string; compression?: string }, accept: string | undefined): RenderPlan {
  const plan: RenderPlan = {
    fit: FIT[options.resize ?? 'cover'],
    format: originFormat(source.format, source.compression),
    contentType: '',
    quality: options.quality ?? DEFAULT_QUALITY,
    variesByAccept: false,
  };
  if (options.width) plan.width = clamp(options.width, SIZE_LIMITS.min, SIZE_LIMITS.max);
  if (options.height) plan.height = clamp(options.height, SIZE_LIMITS.min, SIZE_LIMITS.max);
  if (options.format === 'webp' || options.format === 'avif') plan.format = options.format;
  else if (options.format !== 'origin') {
    plan.variesByAccept = true;
    if (acceptsWebp(accept)) plan.format = 'webp';
  }
  plan.contentType = CONTENT_TYPES[plan.format];
  return plan;
}

function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (type?.trim() !== 'image/webp') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Storage's ImageProcessingError for a source imgproxy cannot or will not read (HTTP 400, statusCode 400). */
export const imageProcessingError = (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message);
export const UNSUPPORTED_SOURCE = 'The source image is invalid or unsupported for rendering';
export const SOURCE_TOO_MANY_PIXELS = 'The source image resolution is too large to process';
export const SOURCE_TOO_LARGE = 'The source image file is too large to process';

/** A source's header against the limits: the problem's message, or undefined when it may be rendered. */
export function sourceProblem(source: { width?: number; height?: number; bytes: number }): string | undefined {
  if (source.bytes > MAX_SOURCE_BYTES) return SOURCE_TOO_LARGE;
  if (!source.width || !source.height) return UNSUPPORTED_SOURCE;
  if (source.width * source.height > MAX_SOURCE_PIXELS) return SOURCE_TOO_MANY_PIXELS;
  return undefined;
}
