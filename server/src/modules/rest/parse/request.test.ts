import { describe, expect, it } from 'vitest';
import { RestError } from '../errors';
import type { ApiRequest } from '../request-types';
import { failure } from '../testing/failure';
import { parseRequest, type RequestInput } from './request';

function parse(query: string, overrides: Partial<RequestInput> = {}): ApiRequest {
  return parseRequest({ method: 'GET', path: '/content_items', query, headers: {}, ...overrides });
}

const eq = (name: string, value: string, path: string[] = []) => ({
  path,
  condition: { kind: 'filter', field: { name, jsonPath: [] }, negated: false, operation: { kind: 'quant', operator: 'eq', value } },
});

describe('target and method', () => {
  it.each([
    ['/content_items', { kind: 'table', name: 'content_items' }],
    ['/content_items/', { kind: 'table', name: 'content_items' }],
    ['/rpc/reset_menu_items', { kind: 'function', name: 'reset_menu_items' }],
    ['/', { kind: 'root' }],
    ['', { kind: 'root' }],
    ['/weird%20name', { kind: 'table', name: 'weird name' }],
  ])('%s', (path, target) => {
    expect(parse('', { path }).target).toEqual(target);
  });

  it.each(['/a/b', '/rpc/a/b', '/a//b', '/%E0%A4%A'])('refuses the path %s with 404 PGRST125', (path) => {
    expect([failure(() => parse('', { path })).status, failure(() => parse('', { path })).code]).toEqual([404, 'PGRST125']);
  });

  it.each([
    ['GET', 'read'],
    ['HEAD', 'read'],
    ['POST', 'insert'],
    ['PATCH', 'update'],
    ['DELETE', 'delete'],
  ])('%s on a table is %s; any method on /rpc is a call', (method, action) => {
    expect(parse('', { method }).action).toBe(action);
    expect(parse('', { method, path: '/rpc/f' }).action).toBe('call');
  });

  it('refuses PUT and other methods with 405 PGRST117', () => {
    const error = failure(() => parse('', { method: 'PUT' }));
    expect([error.status, error.code, error.message]).toEqual([405, 'PGRST117', 'Unsupported HTTP method: PUT']);
  });
});

describe('parameters', () => {
  it('select, columns and on_conflict: the first wins; no select is null (all columns)', () => {
    expect(parse('').select).toBeNull();
    expect(parse('select=id&select=title').select).toEqual([{ kind: 'field', field: { name: 'id', jsonPath: [] } }]);
    const write = parse('columns=%22title%22%2C%22tags%22&on_conflict=id&columns=x', { method: 'POST' });
    expect([write.columns, write.onConflict]).toEqual([['title', 'tags'], ['id']]);
  });

  it('filters (repeated ones kept), decoded like URLSearchParams; apikey ignored', () => {
    expect(parse('title=eq.hello+world&status=eq.a%26b&title=eq.x&apikey=k').conditions).toEqual([
      eq('title', 'hello world'),
      eq('status', 'a&b'),
      eq('title', 'x'),
    ]);
  });

  it('parameters of embedded resources go to their path: filters, order, limit, offset, logic trees', () => {
    const request = parse(
      'select=*,films(*,roles(*))&films.year=eq.1&films.order=year.desc&films.limit=2&films.offset=1&films.roles.character=eq.x&films.or=(a.eq.1,b.eq.2)&limit=5&offset=10',
    );
    expect(request.conditions.map(({ path }) => path)).toEqual([['films'], ['films', 'roles'], ['films']]);
    expect(request.orders).toEqual([{ path: ['films'], terms: [{ field: { name: 'year', jsonPath: [] }, direction: 'desc' }] }]);
    expect(request.embedRanges).toEqual([{ path: ['films'], range: { offset: 1, limit: 2 } }]);
    expect(request.range).toEqual({ offset: 10, limit: 5 });
  });

  it('GET /rpc: a value without an operator is an argument, one with an operator a filter of the result', () => {
    const request = parse('a=1&b=eq.2&c=x.y&v=1&v=2', { path: '/rpc/f' });
    expect(request.rpcArgs).toEqual([
      ['a', '1'],
      ['c', 'x.y'],
      ['v', '1'],
      ['v', '2'],
    ]);
    expect(request.conditions).toEqual([eq('b', '2')]);
  });

  it('the Range header narrows the top level on reads only', () => {
    expect(parse('limit=100&offset=2', { headers: { range: '5-9' } }).range).toEqual({ offset: 5, limit: 5 });
    expect(parse('id=eq.1', { method: 'PATCH', headers: { range: '0-1' } }).range).toEqual({ offset: 0, limit: null });
  });
});

describe('schemas (Accept-Profile / Content-Profile, PostgREST db-schemas)', () => {
  const schemas = ['public', 'api'];

  it('the first exposed schema by default; a profile header picks another exposed one', () => {
    expect(parse('', { schemas })).toMatchObject({ schema: 'public', negotiatedByProfile: true });
    expect(parse('')).toMatchObject({ schema: 'public', negotiatedByProfile: false });
    expect(parse('', { schemas, headers: { 'accept-profile': 'api' } }).schema).toBe('api');
    expect(parse('', { schemas, method: 'POST', headers: { 'content-profile': 'api', 'accept-profile': 'nope' } }).schema).toBe('api');
    expect(parse('', { headers: { 'accept-profile': 'public' } })).toMatchObject({ schema: 'public', negotiatedByProfile: true });
  });

  it('any other schema is 406 PGRST106 naming the exposed ones', () => {
    const read = failure(() => parse('', { schemas, headers: { 'accept-profile': 'auth' } }));
    expect([read.status, read.code, read.message, read.hint]).toEqual([406, 'PGRST106', 'Invalid schema: auth', 'Only the following schemas are exposed: public, api']);
    expect(failure(() => parse('', { method: 'POST', headers: { 'content-profile': 'private' } })).code).toBe('PGRST106');
  });
});

describe('hostile input', () => {
  it('parses a 10,000-item in list as one filter', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `v${i}`);
    expect(parse(`id=in.(${values.join(',')})`).conditions[0]!.condition).toMatchObject({ operation: { kind: 'in', values } });
  });

  it('answers a 1 MB URL with a result or a 4xx, quickly', () => {
    const big = 'x'.repeat(1024 * 1024);
    expect(parse(`title=eq.${big}`).conditions).toHaveLength(1);
    expect(parse(`select=${big}`).select).toEqual([{ kind: 'field', field: { name: big, jsonPath: [] } }]);
    expect(failure(() => parse(`or=(${'a.eq.1,'.repeat(150_000)}a.eq.2)`)).status).toBe(400);
    expect(failure(() => parse(`select=${';'.repeat(1024 * 1024)}`)).status).toBe(400);
    expect(failure(() => parse(`select=${'a('.repeat(200_000)}`)).status).toBe(400);
  });

  it.each([
    'select=%',
    'select=%ZZ',
    'order=%00',
    'or=(%00.eq.1)',
    '%00=eq.1',
    'limit=%00',
    'a=in.("unterminated',
    'or=((((',
    'select="',
    'select=a:',
    'select=:a',
    'select=a->',
    'select=a::',
    'a.b.c.=eq.1',
    'x.limit=-1',
    'x.order=a.b.c',
    'not.or=x',
  ])('only ever throws a 4xx RestError for %s', (query) => {
    try {
      parse(query);
    } catch (error) {
      expect(error).toBeInstanceOf(RestError);
      expect((error as RestError).status).toBeGreaterThanOrEqual(400);
      expect((error as RestError).status).toBeLessThan(500);
    }
  });
});
