import { describe, expect, it } from 'vitest';
import { parseRequest } from './parse/request';
import { buildStatement } from './sql/build';
import { createStatementCache, readKey } from './statement-cache';
import { fixtureCatalogue } from './testing/fixture-catalogue';

const catalogue = fixtureCatalogue();
const config = {};
const entry = (query: string, from = catalogue) => {
  const request = parseRequest({ method: 'GET', path: '/films', query, headers: {} });
  return { catalogue: from, config, request, statement: buildStatement(request, from) };
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
    expect(cache.get('k', catalogue, config)).toBe(built);
    expect(cache.get('k', fixtureCatalogue(), config)).toBeUndefined();
    expect(cache.get('k', catalogue, config)).toBeUndefined();
  });

  it('answers only for the configuration it was built with (a config reload starts over: aggregates, max rows)', () => {
    const cache = createStatementCache();
    const built = entry('select=title');
    cache.set('k', built);
    expect(cache.get('k', catalogue, { ...config })).toBeUndefined();
    expect(cache.get('k', catalogue, config)).toBeUndefined();
  });

  it('keeps the most recently used entries', () => {
    const cache = createStatementCache(2);
    cache.set('a', entry('select=id'));
    cache.set('b', entry('select=title'));
    cache.get('a', catalogue, config);
    cache.set('c', entry('select=year'));
    expect([cache.get('a', catalogue, config) !== undefined, cache.get('b', catalogue, config) !== undefined, cache.get('c', catalogue, config) !== undefined]).toEqual([true, false, true]);
  });
});
