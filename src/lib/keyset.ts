/**
 * Keyset pagination for lists shown newest first (`order=created_at.desc,id.desc`): a page ends at a cursor (the
 * last row's created_at and id) and the next page asks for the rows after it. Unlike an offset, the cursor still
 * points at the right place when other members add or remove rows meanwhile, and the database reads one page of
 * its (organization_id, created_at desc, id desc) index whatever the depth.
 */

/** Rows per page of the Content Hub and Ad Console lists. */
export const LIST_PAGE_SIZE = 50;

export interface KeysetCursor {
  /** created_at exactly as the API returned it (microseconds kept). */
  createdAt: string;
  id: string;
}

export interface KeysetRow {
  created_at: string;
  id: string;
}

export interface KeysetPage<T> {
  items: T[];
  /** Where the next page starts; null on the last page. */
  nextCursor: KeysetCursor | null;
}

/**
 * The filters selecting the rows after `cursor` in `created_at desc, id desc` order:
 * `created_at <= c` (which bounds the index scan) and `(created_at < c or id < i)` (which skips the rows of the
 * same instant already shown). Values are quoted for PostgREST's `or` grammar.
 */
export function afterCursor(cursor: KeysetCursor): { createdAtLte: string; or: string } {
  const quote = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return {
    createdAtLte: cursor.createdAt,
    or: `created_at.lt.${quote(cursor.createdAt)},id.lt.${quote(cursor.id)}`,
  };
}

/**
 * A page from the rows of a request for `pageSize + 1` rows: the extra row, when it came, only says that
 * another page exists.
 */
export function toKeysetPage<T extends KeysetRow>(rows: readonly T[], pageSize: number): KeysetPage<T> {
  if (rows.length <= pageSize) return { items: [...rows], nextCursor: null };
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1]!;
  return { items, nextCursor: { createdAt: last.created_at, id: last.id } };
}
