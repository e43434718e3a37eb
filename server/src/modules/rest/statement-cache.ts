import type { Catalogue } from './catalogue/types';
import type { ApiRequest } from './request-types';
import type { Statement } from './sql/statement';

/**
 * Parsed and built reads, by everything they are built from: method, URL and the headers the grammar reads
 * (Accept, Prefer, Accept-Profile, Range). A page that loads the same list again skips parsing and building
 * (a fifth of the server's CPU per request, docs/decisions/0007). Only reads are kept (no body); an entry
 * built on an older catalogue or configuration is not used; the least recently used leaves first.
 */

export const STATEMENT_CACHE_SIZE = 256;

interface Entry {
  catalogue: Catalogue;
  /** The configuration it was built with (`db-aggregates-enabled`, `db-max-rows`): replaced on reload. */
  config: object;
  request: ApiRequest;
  statement: Statement;
}

export interface StatementCache {
  get(key: string, catalogue: Catalogue, config: object): Entry | undefined;
  set(key: string, entry: Entry): void;
}

type Headers = Record<string, string | string[] | undefined>;

// Module-level, not a closure made per request (tsx's keepNames would also name it on every call).
function headerText(headers: Headers, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

export function readKey(method: string, url: string, headers: Headers): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  return `${method}\n${url}\n${headerText(headers, 'accept')}\n${headerText(headers, 'prefer')}\n${headerText(headers, 'accept-profile')}\n${headerText(headers, 'range')}`;
}

export function createStatementCache(size = STATEMENT_CACHE_SIZE): StatementCache {
  const entries = new Map<string, Entry>();
  return {
    get(key, catalogue, config) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.catalogue !== catalogue || entry.config !== config) return undefined;
      entries.set(key, entry);
      return entry;
    },
    set(key, entry) {
      entries.delete(key);
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    },
  };
}
