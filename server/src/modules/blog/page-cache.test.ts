import { describe, expect, it } from 'vitest';
import { blogEtag, matchesIfNoneMatch, PageCache } from './page-cache';

describe('PageCache', () => {
  it('keeps the most recently used entries up to its size', () => {
    const cache = new PageCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });
});

describe('blogEtag and matchesIfNoneMatch', () => {
  const etag = blogEtag('version-1', 'page');
  it('changes with any part', () => {
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(blogEtag('version-2', 'page')).not.toBe(etag);
    expect(blogEtag('version-1', 'other')).not.toBe(etag);
  });

  it.each([
    [undefined, false],
    ['', false],
    [etag, true],
    [etag.replace('W/', ''), true],
    [`"other", ${etag}`, true],
    ['*', true],
    ['W/"other"', false],
  ])('If-None-Match %j → %s', (header, matches) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(matches);
  });
});
