import { describe, expect, it } from 'vitest';
import { parseRequest } from './parse/request';
import { buildStatement } from './sql/build';
import { createStatementCache, readKey } from './statement-cache';
import { fixtureCatalogue } from './testing/fixture-catalogue';

const catalogue = fixtureCatalogue();
const entry = (query: string, from = catalogue) => {
  const request = parseRequest({ method: 'GET', path: '/films', query, headers: {} });
  return { catalogue: from, request, statement: buildStatement(request, from) };
};

describe('the statement cache', () => {
  it('keys reads by method, URL and the headers the grammar reads; writes are never kept', () => {
    const key = readKey('GET', '/rest/v1/films?select=*', { accept: 'text/csv', prefer: 'count=exact', 'accept-profile': 'public', range: '0-9', authorization: 'x' });
    expect(key).toBe('GET\n/rest/v1/films?select=*\ntext/csv\ncount=exact\npublic\n0-9');
    expect(readKey('GET', '/a', {})).not.toBe(readKey('HEAD', '/a', {}));
    expect(readKey('GET', '/a', { authorization: 'one' })).toBe(readKey('GET', '/a', { authorization: 'two' }));
    for (const method of ['POST', 'PATCH', 'DELETE']) expect(readKey(method, '/a', {})).toBeNull();
  });

  it('answers only for the catalogue it was built on (a schema reload starts over)', () => {
    const cache = createStatementCache();
    const built = entry('select=title');
    cache.set('k', built);
    expect(cache.get('k', catalogue)).toBe(built);
    expect(cache.get('k', fixtureCatalogue())).toBeUndefined();
    expect(cache.get('k', catalogue)).toBeUndefined();
  });

  it('keeps the most recently used entries', () => {
    const cache = createStatementCache(2);
    cache.set('a', entry('select=id'));
    cache.set('b', entry('select=title'));
    cache.get('a', catalogue);
    cache.set('c', entry('select=year'));
    expect([cache.get('a', catalogue) !== undefined, cache.get('b', catalogue) !== undefined, cache.get('c', catalogue) !== undefined]).toEqual([true, false, true]);
  });
});
