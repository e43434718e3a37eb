import type { Tx } from './storage-db';
import { invalidParameter } from './storage-errors';

/**
 * `list` (POST /object/list/<bucket>, Storage's storage.search) and `listV2` (POST /object/list-v2/<bucket>,
 * storage.search_v2), run as the caller so row-level security decides what is listed, and folders are only derived
 * from objects the caller may see. Column names and orders come from fixed lists; every value is a bound parameter.
 */

export type SortColumn = 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortColumn: SortColumn;
  sortOrder: 'asc' | 'desc';
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

/** LIKE pattern of a literal text (`\` escapes). */
export const likePattern = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Storage's searchObjects: a prefix is a folder (`a` means `a/`); names relative to it; folders have no id. */
export async function listObjects(tx: Tx, bucketId: string, options: ListOptions): Promise<ListEntry[]> {
  const prefix = options.prefix.length > 0 && !options.prefix.endsWith('/') ? `${options.prefix}/` : options.prefix;
  const pattern = `${likePattern((prefix + options.search).toLowerCase())}%`;
  const order = options.sortOrder === 'desc' ? 'desc' : 'asc';
  const orderBy =
    options.sortColumn === 'name'
      ? `lower(name) collate "C" ${order}, name collate "C" ${order}`
      : `(id is null) desc, ${options.sortColumn} ${order} nulls first, name collate "C" ${order}`;
  return tx.unsafe<ListEntry[]>(
    `with matched as (
       select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, substr(o.name, $2::int + 1) as rest
       from storage.objects o
       where o.bucket_id = $1 and lower(o.name) like $3
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata from (
       select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
         null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from matched where strpos(rest, '/') > 0 group by 1
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata from matched where strpos(rest, '/') = 0
     ) entries
     order by ${orderBy}
     limit $4 offset $5`,
    [bucketId, prefix.length, pattern, Math.min(options.limit, 1500), options.offset],
  );
}

export interface ListV2Options {
  prefix: string;
  delimiter: boolean;
  limit: number;
  cursor: string | undefined;
  sortColumn: 'name' | 'updated_at' | 'created_at';
  sortOrder: 'asc' | 'desc';
}

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

const CURSOR_PARTS: [string, keyof Cursor][] = [['l', 'startAfter'], ['o', 'sortOrder'], ['c', 'sortColumn'], ['a', 'sortColumnAfter']];

/** Storage's continuation token: base64 of `l:<name>\no:<order>\nc:<column>\na:<after>` (src/storage/object.ts). */
export function encodeCursor(cursor: Cursor): string {
  const lines = CURSOR_PARTS.filter(([, key]) => cursor[key]).map(([letter, key]) => `${letter}:${cursor[key]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

export function decodeCursor(token: string): Cursor {
  const result: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)$/.exec(part);
    const key = match && CURSOR_PARTS.find(([letter]) => letter === match[1])?.[1];
    if (!match || !key) throw invalidParameter('continuation token');
    result[key] = match[2]!;
  }
  return result;
}

interface V2Row extends ListEntry {
  key: string;
  bucket_id: string;
}

export interface ListV2Result {
  hasNext: boolean;
  nextCursor?: string;
  nextCursorKey?: string;
  folders: { key: string; name: string; id: null; bucket_id: string }[];
  objects: V2Row[];
}

export async function listObjectsV2(tx: Tx, bucketId: string, options: ListV2Options): Promise<ListV2Result> {
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const column = (cursor?.sortColumn ?? options.sortColumn) as ListV2Options['sortColumn'];
  if (!['name', 'updated_at', 'created_at'].includes(column)) throw invalidParameter('continuation token');
  const order = (cursor?.sortOrder ?? options.sortOrder) === 'desc' ? 'desc' : 'asc';
  const limit = Math.max(1, Math.min(options.limit || 1000, 1000));
  const level = options.prefix.split('/').length;
  const after = cursor?.startAfter ?? null;
  const afterValue = cursor?.sortColumnAfter ?? null;
  const comparison = order === 'asc' ? '>' : '<';
  // The cursor carries the time to the millisecond (an ISO string), so rows compare at that precision.
  const sortKey = column === 'name' ? `'-infinity'::timestamptz` : `date_trunc('milliseconds', coalesce(${column}, '-infinity'))`;
  const keyset =
    column === 'name'
      ? `($5::text is null or name collate "C" ${comparison} $5) and ($6::timestamptz is null or true)`
      : `($5::text is null or (${sortKey}, name collate "C") ${comparison} (coalesce($6::timestamptz, '-infinity'), $5 collate "C"))`;
  const rows = await tx.unsafe<V2Row[]>(
    `with matched as (
       select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, substr(o.name, length($2) + 1) as rest
       from storage.objects o
       where o.bucket_id = $1 and o.name like $3
     ), entries as (
       select $2 || split_part(rest, '/', 1) || '/' as name, null::uuid as id, null::timestamptz as updated_at,
         null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from matched where $4 and strpos(rest, '/') > 0 group by 1
       union all
       select name, id, updated_at, created_at, last_accessed_at, metadata from matched where not $4 or strpos(rest, '/') = 0
     )
     select split_part(name, '/', $8) as key, $1 as bucket_id, * from entries
     where ${keyset}
     order by ${sortKey} ${order}, name collate "C" ${order}
     limit $7`,
    [bucketId, options.prefix, `${likePattern(options.prefix)}%`, options.delimiter, after, afterValue, limit + 1, level],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNext = rows.length > limit;
  const result: ListV2Result = { hasNext, folders: [], objects: [] };
  for (const row of page) {
    if (row.id === null) result.folders.push({ key: row.key, name: row.name, id: null, bucket_id: bucketId });
    else result.objects.push(row);
  }
  if (hasNext && last) {
    const lastAt = column === 'name' ? undefined : (last[column] as Date | null);
    result.nextCursor = encodeCursor({ startAfter: last.name, sortOrder: order, sortColumn: column, sortColumnAfter: lastAt ? lastAt.toISOString() : undefined });
    result.nextCursorKey = last.name;
  }
  return result;
}
