import { describe, expect, it } from 'vitest';
import { contentDisposition, etagMatches, objectKeyProblem, parseByteRange, parseObjectPath, parseStoragePath } from './object-path';

describe('parseObjectPath', () => {
  it.each([
    ['audio/beyond-brochures.mp3', 'audio', 'beyond-brochures.mp3'],
    ['audio/folder/file%20name.mp3', 'audio', 'folder/file name.mp3'],
    ['audio/%E6%97%A5%E6%9C%AC.mp3', 'audio', '日本.mp3'],
    ['audio/a..b.mp3', 'audio', 'a..b.mp3'],
  ])('%s → %s / %s', (raw, bucket, key) => {
    expect(parseObjectPath(raw)).toMatchObject({ ok: true, bucket, key });
  });

  it.each([
    'audio',
    'audio/',
    'audio/../secret',
    'audio/x/../../etc/passwd',
    '../audio/x',
    'audio/%2e%2e/x',
    'audio/%2E%2E%2Fx',
    'audio/%252e%252e/x',
    'audio/..%2fx',
    'audio/x%2F..%2F..%2Fetc',
    'audio/x%00.mp3',
    'audio/x\u0000.mp3',
    'audio/..\\x',
    'audio/%5c..%5cx',
    'audio/./x',
    'audio//x',
    'audio/%E0%A4%A',
    'audio/ .. /x',
    '.hidden/x',
    '%2e%2e/x',
  ])('refuses %j', (raw) => {
    expect(parseObjectPath(raw).ok).toBe(false);
  });
});

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=100-', 1000, { start: 100, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=0-5000', 1000, { start: 0, end: 999 }],
    ['bytes=999-999', 1000, { start: 999, end: 999 }],
  ])('%s of %i bytes', (header, size, range) => {
    expect(parseByteRange(header, size)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s of 1000 bytes is unsatisfiable', (header) => {
    expect(parseByteRange(header, 1000)).toBe('unsatisfiable');
  });

  it.each([undefined, '', 'items=0-1', 'bytes=a-b', 'bytes=0-1,5-6', 'bytes=5-1', 'bytes=-'])('%j is ignored (whole object)', (header) => {
    expect(parseByteRange(header, 1000)).toBeNull();
  });
});

describe('helpers', () => {
  it('etagMatches compares lists, * and weak tags', () => {
    expect(etagMatches('"a-1"', '"a-1"')).toBe(true);
    expect(etagMatches('"x", W/"a-1"', '"a-1"')).toBe(true);
    expect(etagMatches('*', '"a-1"')).toBe(true);
    expect(etagMatches('"b"', '"a-1"')).toBe(false);
    expect(etagMatches(undefined, '"a-1"')).toBe(false);
  });

  it('contentDisposition', () => {
    expect(contentDisposition('')).toBe('attachment;');
    expect(contentDisposition('my file.mp3')).toBe("attachment; filename=my%20file.mp3; filename*=UTF-8''my%20file.mp3");
  });
});

describe('objectKeyProblem and parseStoragePath (Storage: src/storage/limits.ts isValidKey)', () => {
  it.each(['a.png', 'ws/folder/my file (1).png', "it's!*.txt", 'a..b', 'x/y/z'])('takes %j', (key) => {
    expect(objectKeyProblem(key)).toBeUndefined();
  });

  it.each(['', '..', 'a/../b', './a', 'a//b', '/a', 'a/', 'a\\b', 'a\u0000b', 'café.png', 'a%2eb', '<script>', 'x'.repeat(1025), 5, null])(
    'refuses %j',
    (key) => {
      expect(objectKeyProblem(key)).toBeDefined();
    },
  );

  it('refuses in a URL what Storage refuses, besides traversal', () => {
    expect(parseStoragePath('assets/ws/ok.png')).toMatchObject({ ok: true, bucket: 'assets', key: 'ws/ok.png' });
    expect(parseStoragePath('assets/ws/%E6%97%A5.png').ok).toBe(false);
    expect(parseStoragePath('assets/ws/a%3Cb.png').ok).toBe(false);
  });
});
