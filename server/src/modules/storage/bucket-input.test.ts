import { describe, expect, it } from 'vitest';
import { isMimeTypeAllowed, parseCreateBucket, parseFileSizeLimit, parseUpdateBucket } from './bucket-input';
import { StorageError } from './storage-errors';

function failure(run: () => unknown): { statusCode: string; code: string; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof StorageError) return { statusCode: String(error.statusCode), code: error.code, message: error.message };
    throw error;
  }
}

describe('parseFileSizeLimit (Storage: decimal units)', () => {
  it.each([
    [1000, 1000],
    [0, 0],
    ['3B', 3],
    ['30KB', 30_000],
    ['20MB', 20_000_000],
    ['1.5mb', 1_500_000],
    ['2GB', 2_000_000_000],
    [null, null],
  ])('%j → %j', (value, bytes) => {
    expect(parseFileSizeLimit(value)).toBe(bytes);
  });

  it.each([-1, 1.5, '20 MB', 'MB', '10TB', '', true, {}, Number.MAX_VALUE])('refuses %j', (value) => {
    expect(failure(() => parseFileSizeLimit(value))).toMatchObject({ code: 'InvalidRequest', message: expect.stringContaining('Invalid file size format') });
  });
});

describe('parseCreateBucket', () => {
  it('takes the id, else the name, and defaults to private without limits', () => {
    expect(parseCreateBucket({ name: 'audio' })).toEqual({ id: 'audio', name: 'audio', public: false, fileSizeLimit: null, allowedMimeTypes: null });
    expect(parseCreateBucket({ id: 'audio', name: 'audio', public: true, file_size_limit: '10MB', allowed_mime_types: ['audio/mpeg', ''] })).toEqual({
      id: 'audio',
      name: 'audio',
      public: true,
      fileSizeLimit: 10_000_000,
      allowedMimeTypes: ['audio/mpeg'],
    });
  });

  it.each([
    [undefined, 'InvalidRequest'],
    [[], 'InvalidRequest'],
    [{}, 'InvalidRequest'],
    [{ name: 5 }, 'InvalidRequest'],
    [{ name: 'ok', public: 'yes' }, 'InvalidRequest'],
    [{ name: 'ok', type: 'ANALYTICS' }, 'InvalidRequest'],
    [{ name: 'ok', allowed_mime_types: 'audio/mpeg' }, 'InvalidRequest'],
    [{ name: 'ok', allowed_mime_types: ['not a type'] }, 'InvalidRequest'],
    [{ name: '../etc' }, 'InvalidBucketName'],
    [{ name: '.hidden' }, 'InvalidBucketName'],
    [{ name: 'a/b' }, 'InvalidBucketName'],
    [{ name: '' }, 'InvalidBucketName'],
    [{ name: 'x'.repeat(64) }, 'InvalidBucketName'],
    [{ id: '..', name: 'fine' }, 'InvalidBucketName'],
  ])('refuses %j with %s', (body, code) => {
    expect(failure(() => parseCreateBucket(body))?.code).toBe(code);
  });
});

describe('parseUpdateBucket', () => {
  it('keeps only what is given', () => {
    expect(parseUpdateBucket({ public: true })).toEqual({ public: true });
    expect(parseUpdateBucket({ file_size_limit: null, allowed_mime_types: null })).toEqual({ fileSizeLimit: null, allowedMimeTypes: null });
    expect(parseUpdateBucket({ id: 'ignored', name: 'ignored' })).toEqual({});
  });
});

describe('isMimeTypeAllowed', () => {
  it.each([
    [null, 'audio/mpeg', true],
    [[], 'audio/mpeg', true],
    [['audio/mpeg'], 'audio/mpeg', true],
    [['audio/mpeg'], 'Audio/MPEG; charset=binary', true],
    [['audio/*'], 'audio/ogg', true],
    [['audio/mpeg'], 'text/html', false],
    [['image/*'], 'audio/mpeg', false],
  ])('%j allows %s: %s', (allowed, type, result) => {
    expect(isMimeTypeAllowed(allowed, type)).toBe(result);
  });
});
