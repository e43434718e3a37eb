import { describe, expect, it } from 'vitest';
import { parseListOptions, parseListV2Options, stringList } from './object-input';
import { decodeCursor, encodeCursor } from './object-listing';
import { StorageError } from './storage-errors';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof StorageError) return `${error.statusCode} ${error.code}`;
    throw error;
  }
  return 'accepted';
};

describe('parseListOptions (Storage: listObjects.ts body schema, storage-js defaults)', () => {
  it('takes storage-js’s body', () => {
    expect(parseListOptions({ prefix: 'ws/a', limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } })).toEqual({
      prefix: 'ws/a', limit: 100, offset: 0, search: '', sortColumn: 'name', sortOrder: 'asc',
    });
    expect(parseListOptions({ prefix: '', search: 'lo', sortBy: { column: 'created_at' } })).toMatchObject({ search: 'lo', sortColumn: 'created_at', sortOrder: 'asc' });
  });

  it.each([
    [{}],
    [{ prefix: 5 }],
    [{ prefix: '', limit: -1 }],
    [{ prefix: '', limit: 1.5 }],
    [{ prefix: '', offset: '3' }],
    [{ prefix: '', sortBy: { column: 'size' } }],
    [{ prefix: '', sortBy: { column: 'name', order: 'up' } }],
    [{ prefix: '', sortBy: 'name' }],
    [{ prefix: '', search: ['x'] }],
  ])('refuses %j with 400 InvalidRequest', (body) => {
    expect(refusal(() => parseListOptions(body as Record<string, unknown>))).toBe('400 InvalidRequest');
  });
});

describe('parseListV2Options', () => {
  it('defaults as Storage does', () => {
    expect(parseListV2Options({})).toEqual({ prefix: '', delimiter: false, limit: 1000, cursor: undefined, sortColumn: 'name', sortOrder: 'asc' });
  });
  it.each([[{ with_delimiter: 'yes' }], [{ limit: 0 }], [{ sortBy: { column: 'last_accessed_at' } }]])('refuses %j', (body) => {
    expect(refusal(() => parseListV2Options(body as Record<string, unknown>))).toBe('400 InvalidRequest');
  });
});

describe('stringList', () => {
  it.each([[undefined], [[]], [[1]], [Array.from({ length: 1001 }, () => 'x')], ['a']])('refuses %j', (value) => {
    expect(refusal(() => stringList(value, 'paths', 1000))).toBe('400 InvalidRequest');
  });
});

describe('list-v2 cursors (Storage’s continuation token)', () => {
  it('round-trip, and a tampered one is InvalidParameter', () => {
    const cursor = { startAfter: 'ws/a.txt', sortOrder: 'desc', sortColumn: 'created_at', sortColumnAfter: '2026-01-01T00:00:00.000Z' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(Buffer.from(encodeCursor({ startAfter: 'x' }), 'base64').toString()).toBe('l:x');
    expect(refusal(() => decodeCursor(Buffer.from('z:nope').toString('base64')))).toBe('400 InvalidParameter');
  });
});
