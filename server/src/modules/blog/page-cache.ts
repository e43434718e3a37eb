import { createHash } from 'node:crypto';

/**
 * What our server keeps of the blog's pages between requests (pure, per process): each rendered body under its URL
 * and the blog's version, so a page is built once per change of its blog; the oldest entries go first beyond `max`.
 * Several servers each keep their own: the version comes from the database, so none serves a stale page.
 */
export class PageCache<T> {
  readonly #entries = new Map<string, T>();
  constructor(private readonly max: number) {}

  get(key: string): T | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value); // most recently used last
    }
    return value;
  }

  set(key: string, value: T): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** A weak validator (the body is sent compressed or not) from the blog's version and what else shapes the page. */
export function blogEtag(...parts: string[]): string {
  return `W/"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}"`;
}

/** Whether the client's If-None-Match names this validator (a list, weak or strong, or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
