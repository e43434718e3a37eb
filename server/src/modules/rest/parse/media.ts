import { notAcceptable } from '../errors';
import type { MediaType } from '../request-types';

/**
 * `Accept` → the body this server produces (PostgREST `MediaType.hs`): a JSON array, one JSON object
 * (`vnd.pgrst.object`), either with `nulls=stripped`, or CSV. Entries are tried by quality, then order;
 * when none can be produced the answer is 406 PGRST107.
 */

interface AcceptEntry {
  type: string;
  params: string[];
  weight: number;
  index: number;
}

function entries(value: string): AcceptEntry[] {
  return value
    .split(',')
    .map((part, index) => {
      const [type = '', ...rest] = part.split(';').map((item) => item.trim().toLowerCase());
      const q = rest.find((param) => param.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      const params = rest.filter((param) => param && !param.startsWith('q='));
      return { type, params, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.type && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
}

function mediaOf(entry: AcceptEntry): MediaType | null {
  const stripNulls = entry.params.length === 1 && entry.params[0] === 'nulls=stripped';
  switch (entry.type) {
    case 'application/json':
    case 'application/*':
    case '*/*':
      return { kind: 'json', stripNulls: false };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return { kind: 'json', stripNulls };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'object', stripNulls };
    case 'text/csv':
      return { kind: 'csv' };
    default:
      return null;
  }
}

export function parseAccept(value: string | undefined): MediaType {
  if (!value || !value.trim()) return { kind: 'json', stripNulls: false };
  for (const entry of entries(value)) {
    const media = mediaOf(entry);
    if (media) return media;
  }
  throw notAcceptable(value.split(',').map((part) => part.trim()).join(', '));
}

/** The `Content-Type` of a response in this media type (PostgREST `toContentType`). */
export function contentTypeOf(media: MediaType): string {
  switch (media.kind) {
    case 'json':
      return media.stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8';
    case 'object':
      return media.stripNulls
        ? 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8'
        : 'application/vnd.pgrst.object+json; charset=utf-8';
    case 'csv':
      return 'text/csv; charset=utf-8';
  }
}

/** What kind of body a request carries (`Content-Type`), for writes and the single unnamed parameter. */
export type BodyKind = 'json' | 'text' | 'xml' | 'binary' | 'unsupported';

export function bodyKindOf(contentType: string | undefined): BodyKind {
  const type = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return 'json';
  if (type === 'text/plain') return 'text';
  if (type === 'text/xml') return 'xml';
  if (type === 'application/octet-stream') return 'binary';
  return 'unsupported';
}
