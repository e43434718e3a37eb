import { parseError, rangeNotSatisfiable } from '../errors';
import type { Range } from '../request-types';

/** `limit` / `offset` values and the `Range` header (PostgREST `RangeQuery.hs`). */

export function parseNonNegative(name: string, value: string): number {
  if (/^-\d+$/.test(value.trim()) && name.endsWith('limit')) {
    throw rangeNotSatisfiable('Limit should be greater than or equal to zero.');
  }
  if (!/^\d{1,15}$/.test(value.trim())) {
    throw parseError(name, value, 1, `unexpected ${JSON.stringify(value.charAt(0) || 'end of input')} expecting a non-negative integer`);
  }
  return Number(value.trim());
}

/** `Range: 0-9` (items). Malformed headers are ignored, as PostgREST does. */
export function parseRangeHeader(value: string | undefined): { lower: number; upper: number | null } | null {
  if (!value) return null;
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(value);
  if (!match) return null;
  const lower = Number(match[1]);
  const upper = match[2] ? Number(match[2]) : null;
  if (upper !== null && lower > upper) {
    throw rangeNotSatisfiable('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  return { lower, upper };
}

/** The top level's range: `offset`/`limit` intersected with the `Range` header. */
export function topLevelRange(offset: number, limit: number | null, header: ReturnType<typeof parseRangeHeader>): Range {
  let lower = offset;
  let upper = limit === null ? null : offset + limit - 1;
  if (header) {
    lower = Math.max(lower, header.lower);
    if (header.upper !== null) upper = upper === null ? header.upper : Math.min(upper, header.upper);
  }
  return { offset: lower, limit: upper === null ? null : Math.max(0, upper - lower + 1) };
}
