import { describe, expect, it } from 'vitest';
import { afterCursor, toKeysetPage } from '@/lib/keyset';

const row = (n: number) => ({ id: `id-${n}`, created_at: `2026-06-01T00:00:0${n}+00:00` });

describe('toKeysetPage', () => {
  it('an empty answer is an empty last page', () => {
    expect(toKeysetPage([], 3)).toEqual({ items: [], nextCursor: null });
  });

  it('up to pageSize rows: all of them, and no next page', () => {
    expect(toKeysetPage([row(1), row(2), row(3)], 3)).toEqual({ items: [row(1), row(2), row(3)], nextCursor: null });
  });

  it('the extra row only says another page exists; the cursor is the last row kept', () => {
    expect(toKeysetPage([row(1), row(2), row(3), row(4)], 3)).toEqual({
      items: [row(1), row(2), row(3)],
      nextCursor: { createdAt: row(3).created_at, id: 'id-3' },
    });
  });
});

describe('afterCursor', () => {
  it('bounds created_at and skips the rows of the same instant already shown, values quoted', () => {
    expect(afterCursor({ createdAt: '2026-06-01T10:00:00.123456+00:00', id: 'b2c1' })).toEqual({
      createdAtLte: '2026-06-01T10:00:00.123456+00:00',
      or: 'created_at.lt."2026-06-01T10:00:00.123456+00:00",id.lt."b2c1"',
    });
  });

  it('escapes quotes and backslashes inside values', () => {
    expect(afterCursor({ createdAt: 'a"b', id: 'c\\d' }).or).toBe('created_at.lt."a\\"b",id.lt."c\\\\d"');
  });
});
