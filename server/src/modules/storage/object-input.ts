import type { ListOptions, ListV2Options, SortColumn } from './object-listing';
import { invalidRequest } from './storage-errors';

/**
 * Request bodies of the object calls, checked as Storage's route schemas check them (src/http/routes/object/*.ts).
 * Pure: the routes pass the parsed JSON, these return the options or throw Storage's 400.
 */

function integer(value: unknown, name: string, min: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw invalidRequest(`body/${name} must be integer >= ${min}`);
  return value;
}

function text(value: unknown, name: string, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw invalidRequest(`body/${name} must be string`);
  return value;
}

function sortBy<T extends string>(value: unknown, columns: readonly T[]): { column: T; order: 'asc' | 'desc' } {
  if (value === undefined || value === null) return { column: columns[0]!, order: 'asc' };
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('body/sortBy must be object');
  const { column = columns[0], order = 'asc' } = value as { column?: unknown; order?: unknown };
  if (typeof column !== 'string' || !(columns as readonly string[]).includes(column)) {
    throw invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  if (order !== 'asc' && order !== 'desc') throw invalidRequest('body/sortBy/order must be equal to one of the allowed values');
  return { column: column as T, order };
}

/** `list`: prefix (required), limit, offset, search, sortBy { column: name | updated_at | created_at | last_accessed_at, order }. */
export function parseListOptions(body: Record<string, unknown>): ListOptions {
  if (typeof body.prefix !== 'string') throw invalidRequest("body must have required property 'prefix'");
  const sort = sortBy<SortColumn>(body.sortBy, ['name', 'updated_at', 'created_at', 'last_accessed_at']);
  return {
    prefix: body.prefix,
    limit: integer(body.limit, 'limit', 0, 100),
    offset: integer(body.offset, 'offset', 0, 0),
    search: text(body.search, 'search', ''),
    sortColumn: sort.column,
    sortOrder: sort.order,
  };
}

/** `listV2`: prefix, limit, cursor, with_delimiter, sortBy { column: name | updated_at | created_at, order }. */
export function parseListV2Options(body: Record<string, unknown>): ListV2Options {
  const sort = sortBy(body.sortBy, ['name', 'updated_at', 'created_at'] as const);
  if (body.with_delimiter !== undefined && typeof body.with_delimiter !== 'boolean') throw invalidRequest('body/with_delimiter must be boolean');
  const cursor = text(body.cursor, 'cursor', '');
  return {
    prefix: text(body.prefix, 'prefix', ''),
    delimiter: body.with_delimiter === true,
    limit: integer(body.limit, 'limit', 1, 1000),
    cursor: cursor || undefined,
    sortColumn: sort.column,
    sortOrder: sort.order,
  };
}

/** A non-empty array of strings of at most `max` entries (`prefixes`, `paths`). */
export function stringList(value: unknown, name: string, max: number): string[] {
  if (!Array.isArray(value)) throw invalidRequest(`body must have required property '${name}'`);
  if (value.length === 0) throw invalidRequest(`body/${name} must NOT have fewer than 1 items`);
  if (value.length > max) throw invalidRequest(`body/${name} must NOT have more than ${max} items`);
  if (value.some((entry) => typeof entry !== 'string')) throw invalidRequest(`body/${name} must be an array of strings`);
  return value as string[];
}
