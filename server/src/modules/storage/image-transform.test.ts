import { describe, expect, it } from 'vitest';
import {
  appliedTransformations,
  checkTransform,
  MAX_SOURCE_BYTES,
  planRender,
  sourceProblem,
  transformationsString,
  transformFromQuery,
  transformFromString,
} from './image-transform';
import { StorageError } from './storage-errors';

function refusal(run: () => unknown): string {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (error instanceof StorageError) return `${error.statusCode} ${error.message}`;
    throw error;
  }
}

const query = (text: string) => transformFromQuery(new URLSearchParams(text));

describe('transformation query (Storage: schemas/transformations.ts, as Fastify coerces a query string)', () => {
  it('reads the five options', () => {
    expect(query('width=100&height=50&resize=contain&format=webp&quality=75')).toEqual({ width: 100, height: 50, resize: 'contain', format: 'webp', quality: 75 });
  });
  it('takes nothing from an empty query, and ignores what it does not know (download, token, gravity)', () => {
    expect(query('')).toEqual({});
    expect(query('download=a.png&cacheNonce=1')).toEqual({});
  });
  it('a width of 0 is allowed (and means no width), as Storage’s minimum 0', () => {
    expect(query('width=0')).toEqual({ width: 0 });
  });
  it('refuses what is not an integer, with Fastify’s words', () => {
    expect(refusal(() => query('width=abc'))).toBe('400 querystring/width must be integer');
    expect(refusal(() => query('height=1.5'))).toBe('400 querystring/height must be integer');
    expect(refusal(() => query('width='))).toBe('400 querystring/width must be integer');
    expect(refusal(() => query('width=1&width=2'))).toBe('400 querystring/width must be integer');
    expect(refusal(() => query('width=Infinity'))).toBe('400 querystring/width must be integer');
  });
  it('refuses a negative size, and a quality outside 20–100', () => {
    expect(refusal(() => query('width=-1'))).toBe('400 querystring/width must be >= 0');
    expect(refusal(() => query('quality=19'))).toBe('400 querystring/quality must be >= 20');
    expect(refusal(() => query('quality=101'))).toBe('400 querystring/quality must be <= 100');
    expect(query('quality=20&width=1e3')).toEqual({ quality: 20, width: 1000 });
  });
  it('refuses a resize or format not in Storage’s lists (a newline too)', () => {
    expect(refusal(() => query('resize=crop'))).toBe('400 querystring/resize must be equal to one of the allowed values');
    expect(refusal(() => query('format=png'))).toBe('400 querystring/format must be equal to one of the allowed values');
    expect(refusal(() => query('format=avif%0Amalicious'))).toBe('400 querystring/format must be equal to one of the allowed values');
  });
});

describe('transform of a signed URL’s body (getSignedURL.ts)', () => {
  it('takes JSON numbers, says where a bad one is', () => {
    expect(checkTransform({ width: 100, resize: 'fill' }, 'body/transform')).toEqual({ width: 100, resize: 'fill' });
    expect(refusal(() => checkTransform({ width: 'wide' }, 'body/transform'))).toBe('400 body/transform/width must be integer');
    expect(refusal(() => checkTransform({ resize: 3 }, 'body/transform'))).toBe('400 body/transform/resize must be string');
  });
});

describe('the token’s transformations string (image.ts applyTransformation, setTransformationsFromString)', () => {
  it('is written as Storage writes it, sizes clamped to 1–2000', () => {
    expect(transformationsString({ width: 100, height: 50, resize: 'cover', quality: 70, format: 'webp' })).toBe('height:50,width:100,resize:cover,quality:70,format:webp');
    expect(transformationsString({ width: 99999 })).toBe('width:2000,resize:undefined');
    expect(transformationsString({ format: 'origin' })).toBe('');
    expect(transformationsString({ width: 0 })).toBe('');
  });
  it('reads back to the same options; unknown or out-of-range values are dropped', () => {
    expect(transformFromString('height:50,width:100,resize:contain,quality:70,format:avif')).toEqual({ height: 50, width: 100, resize: 'contain', quality: 70, format: 'avif' });
    expect(transformFromString('width:2000,resize:undefined')).toEqual({ width: 2000 });
    expect(transformFromString('')).toEqual({});
    expect(transformFromString('width:-5,quality:5,format:exe,colour:red')).toEqual({});
  });
  it('X-Transformations names what imgproxy would apply', () => {
    expect(appliedTransformations({ width: 100, height: 100 })).toEqual(['height:100', 'width:100', 'resizing_type:fill']);
    expect(appliedTransformations({ width: 5000, resize: 'contain', format: 'origin' })).toEqual(['width:2000', 'resizing_type:fit']);
    expect(appliedTransformations({ height: 10, resize: 'fill', quality: 50 })).toEqual(['height:10', 'resizing_type:force', 'quality:50']);
  });
});

describe('planRender (imgproxy with WebP detection, in sharp’s words)', () => {
  const jpeg = { format: 'jpeg' };
  it('maps resize modes: cover crops, contain fits inside, fill stretches; cover by default', () => {
    expect(planRender({ width: 100, height: 100 }, jpeg, undefined)).toMatchObject({ width: 100, height: 100, fit: 'cover' });
    expect(planRender({ width: 100, resize: 'contain' }, jpeg, undefined)).toMatchObject({ width: 100, fit: 'inside' });
    expect(planRender({ height: 100, resize: 'fill' }, jpeg, undefined)).toMatchObject({ height: 100, fit: 'fill' });
  });
  it('clamps sizes to 1–2000 and treats 0 as no size', () => {
    const plan = planRender({ width: 5000, height: 0 }, jpeg, undefined);
    expect(plan.width).toBe(2000);
    expect(plan.height).toBeUndefined();
  });
  it('keeps the source’s format without an Accept for WebP, WebP when accepted, always for format=origin', () => {
    expect(planRender({}, jpeg, 'image/png,*/*')).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', variesByAccept: true });
    expect(planRender({}, jpeg, 'image/avif,image/webp,*/*;q=0.8')).toMatchObject({ format: 'webp', contentType: 'image/webp' });
    expect(planRender({}, jpeg, 'image/webp;q=0')).toMatchObject({ format: 'jpeg' });
    expect(planRender({ format: 'origin' }, jpeg, 'image/webp')).toMatchObject({ format: 'jpeg', variesByAccept: false });
  });
  it('an asked-for WebP or AVIF wins whatever the Accept', () => {
    expect(planRender({ format: 'avif' }, jpeg, 'image/webp')).toMatchObject({ format: 'avif', contentType: 'image/avif', variesByAccept: false });
    expect(planRender({ format: 'webp' }, { format: 'png' }, undefined)).toMatchObject({ format: 'webp' });
  });
  it('sources sharp cannot write (SVG, HEIC) come out as PNG; AVIF (heif/av1) stays AVIF', () => {
    expect(planRender({ format: 'origin' }, { format: 'svg' }, undefined).format).toBe('png');
    expect(planRender({ format: 'origin' }, { format: 'heif', compression: 'hevc' }, undefined).format).toBe('png');
    expect(planRender({ format: 'origin' }, { format: 'heif', compression: 'av1' }, undefined).format).toBe('avif');
  });
  it('quality is 80 unless asked', () => {
    expect(planRender({}, jpeg, undefined).quality).toBe(80);
    expect(planRender({ quality: 30 }, jpeg, undefined).quality).toBe(30);
  });
});

describe('sourceProblem (Supabase’s limits: 50 MP, 25 MB)', () => {
  it('lets a normal image through', () => {
    expect(sourceProblem({ width: 4000, height: 3000, bytes: 5_000_000 })).toBeUndefined();
  });
  it('refuses a decompression bomb by its header, a huge file, and a source without a size', () => {
    expect(sourceProblem({ width: 30000, height: 30000, bytes: 1000 })).toBe('The source image resolution is too large to process');
    expect(sourceProblem({ width: 100, height: 100, bytes: MAX_SOURCE_BYTES + 1 })).toBe('The source image file is too large to process');
    expect(sourceProblem({ width: 0, height: 100, bytes: 10 })).toBe('The source image is invalid or unsupported for rendering');
  });
});
