import { contactSorts, type ContactSort } from '@/config/contact-options';

/** Where a page of the contacts list ends: the last row's sort value and id. */
export interface ContactCursor {
  value: string | number;
  id: string;
}

export interface ContactKeysetRow {
  id: string;
  created_at: string;
  lead_score: number;
  sort_name: string | null;
}

function quote(value: string | number): string {
  return `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * The filters selecting the rows after `cursor` in a sort's order (column, then id, both in the sort's direction):
 * `column <= v` (desc) or `>= v` (asc), which bounds the index scan, and `column < v or id < i` (desc; `>` asc),
 * which skips the rows already shown. Values quoted for PostgREST's `or` grammar.
 */
export function contactsAfter(sort: ContactSort, cursor: ContactCursor): { column: string; bound: 'lte' | 'gte'; value: string | number; or: string } {
  const { column, ascending } = contactSorts.find((option) => option.value === sort)!;
  const past = ascending ? 'gt' : 'lt';
  return {
    column,
    bound: ascending ? 'gte' : 'lte',
    value: cursor.value,
    or: `${column}.${past}.${quote(cursor.value)},id.${past}.${quote(cursor.id)}`,
  };
}

/** The cursor after `row` for a sort. */
export function contactCursor(sort: ContactSort, row: ContactKeysetRow): ContactCursor {
  const { column } = contactSorts.find((option) => option.value === sort)!;
  return { value: row[column as keyof Omit<ContactKeysetRow, 'id'>] ?? '', id: row.id };
}
