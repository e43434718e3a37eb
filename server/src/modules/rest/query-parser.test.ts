import { describe, expect, it } from 'vitest';
import { RestError } from './errors';
import {
  MAX_CONDITIONS,
  MAX_LOGIC_DEPTH,
  parseAccept,
  parseFilter,
  parsePreferences,
  parseRangeHeader,
  parseRequest,
  type ApiRequest,
  type RequestInput,
} from './query-parser';

function parse(query: string, overrides: Partial<RequestInput> = {}): ApiRequest {
  return parseRequest({ method: 'GET', path: '/content_items', query, headers: {}, ...overrides });
}

function failure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

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
    const error = failure(() => parse('', { path }));
    expect([error.status, error.code]).toEqual([404, 'PGRST125']);
  });

  it.each([
    ['GET', 'read'],
    ['HEAD', 'read'],
    ['POST', 'insert'],
    ['PATCH', 'update'],
    ['DELETE', 'delete'],
  ])('%s on a table is %s', (method, action) => {
    expect(parse('', { method }).action).toBe(action);
  });

  it('any method on /rpc is a call', () => {
    expect(parse('', { method: 'POST', path: '/rpc/f' }).action).toBe('call');
  });

  it('refuses PUT and other methods with 405 PGRST117', () => {
    const error = failure(() => parse('', { method: 'PUT' }));
    expect([error.status, error.code, error.message]).toEqual([405, 'PGRST117', 'Unsupported HTTP method: PUT']);
  });
});

describe('select', () => {
  it('defaults to null (all columns)', () => {
    expect(parse('').select).toBeNull();
  });

  it.each([
    ['*', [{ kind: 'star' }]],
    ['id,title', [{ kind: 'column', column: 'id' }, { kind: 'column', column: 'title' }]],
    ['id, title', [{ kind: 'column', column: 'id' }, { kind: 'column', column: 'title' }]],
    ['heading:title', [{ kind: 'column', column: 'title', alias: 'heading' }]],
    ['*,heading:title', [{ kind: 'star' }, { kind: 'column', column: 'title', alias: 'heading' }]],
    ['"weird col"', [{ kind: 'column', column: 'weird col' }]],
    ['%22a%2Cb%22', [{ kind: 'column', column: 'a,b' }]],
    ['"weird+col"', [{ kind: 'column', column: 'weird col' }]],
    ['"with \\"quote\\""', [{ kind: 'column', column: 'with "quote"' }]],
    ['naïve,日本', [{ kind: 'column', column: 'naïve' }, { kind: 'column', column: '日本' }]],
    ['my-col', [{ kind: 'column', column: 'my-col' }]],
    ['', []],
  ])('select=%s', (select, expected) => {
    expect(parse(`select=${select}`).select).toEqual(expected);
  });

  it('takes the first select when repeated', () => {
    expect(parse('select=id&select=title').select).toEqual([{ kind: 'column', column: 'id' }]);
  });

  it.each([
    ['organizations(*)', 'Embedding'],
    ['org:organizations!inner(name)', 'Embedding'],
    ['...organizations(name)', 'Spread'],
    ['count()', 'Embedding'],
    ['data->a', 'JSON path'],
    ['id::text', 'Cast'],
  ])('refuses %s with PGRST100 (not supported here)', (select, what) => {
    const error = failure(() => parse(`select=${encodeURIComponent(select)}`));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
    expect(error.message).toContain(what);
  });

  it.each(['id,,title', 'id;drop table x', ',id', 'id,'])('refuses malformed select %s with a position', (select) => {
    const error = failure(() => parse(`select=${encodeURIComponent(select)}`));
    expect(error.code).toBe('PGRST100');
    expect(error.message).toMatch(/^"failed to parse select parameter \(.*\)" \(line 1, column \d+\)$/);
    expect(error.details).toMatch(/^unexpected /);
  });
});

describe('filters', () => {
  it.each([
    ['eq.abc', { kind: 'op', column: 'c', negated: false, operator: 'eq', value: 'abc' }],
    ['neq.draft', { kind: 'op', column: 'c', negated: false, operator: 'neq', value: 'draft' }],
    ['gt.1', { kind: 'op', column: 'c', negated: false, operator: 'gt', value: '1' }],
    ['gte.2026-01-01T00:00:00Z', { kind: 'op', column: 'c', negated: false, operator: 'gte', value: '2026-01-01T00:00:00Z' }],
    ['lt.1.5', { kind: 'op', column: 'c', negated: false, operator: 'lt', value: '1.5' }],
    ['lte.x', { kind: 'op', column: 'c', negated: false, operator: 'lte', value: 'x' }],
    ['like.*foo*', { kind: 'op', column: 'c', negated: false, operator: 'like', value: '*foo*' }],
    ['ilike.%foo%', { kind: 'op', column: 'c', negated: false, operator: 'ilike', value: '%foo%' }],
    ['cs.{a,b}', { kind: 'op', column: 'c', negated: false, operator: 'cs', value: '{a,b}' }],
    ['cd.{a}', { kind: 'op', column: 'c', negated: false, operator: 'cd', value: '{a}' }],
    ['ov.{Google Ads}', { kind: 'op', column: 'c', negated: false, operator: 'ov', value: '{Google Ads}' }],
    ['eq.null', { kind: 'op', column: 'c', negated: false, operator: 'eq', value: 'null' }],
    ['eq.', { kind: 'op', column: 'c', negated: false, operator: 'eq', value: '' }],
    ['eq.a.b.c', { kind: 'op', column: 'c', negated: false, operator: 'eq', value: 'a.b.c' }],
    ['not.eq.1', { kind: 'op', column: 'c', negated: true, operator: 'eq', value: '1' }],
    ['is.null', { kind: 'is', column: 'c', negated: false, value: 'null' }],
    ['is.NULL', { kind: 'is', column: 'c', negated: false, value: 'null' }],
    ['is.not_null', { kind: 'is', column: 'c', negated: false, value: 'not_null' }],
    ['is.true', { kind: 'is', column: 'c', negated: false, value: 'true' }],
    ['is.false', { kind: 'is', column: 'c', negated: false, value: 'false' }],
    ['is.unknown', { kind: 'is', column: 'c', negated: false, value: 'unknown' }],
    ['not.is.null', { kind: 'is', column: 'c', negated: true, value: 'null' }],
    ['in.(1,2,3)', { kind: 'in', column: 'c', negated: false, values: ['1', '2', '3'] }],
    ['in.(1,2,"a,b")', { kind: 'in', column: 'c', negated: false, values: ['1', '2', 'a,b'] }],
    ['in.("a\\"b","c\\\\d")', { kind: 'in', column: 'c', negated: false, values: ['a"b', 'c\\d'] }],
    ['in.()', { kind: 'in', column: 'c', negated: false, values: [] }],
    ['not.in.(x)', { kind: 'in', column: 'c', negated: true, values: ['x'] }],
  ])('c=%s', (value, expected) => {
    expect(parseFilter('c', value)).toEqual(expected);
  });

  it('decodes the query string like URLSearchParams (+ is a space)', () => {
    expect(parse('title=eq.hello+world&status=eq.a%26b').conditions).toEqual([
      { kind: 'op', column: 'title', negated: false, operator: 'eq', value: 'hello world' },
      { kind: 'op', column: 'status', negated: false, operator: 'eq', value: 'a&b' },
    ]);
  });

  it('keeps repeated filters (AND)', () => {
    expect(parse('a=gt.1&a=lt.5').conditions).toHaveLength(2);
  });

  it('ignores the apikey query parameter', () => {
    expect(parse('apikey=xyz').conditions).toEqual([]);
  });

  it('accepts a quoted column name as key', () => {
    expect(parse('%22weird%20col%22=eq.1').conditions[0]).toMatchObject({ column: 'weird col' });
  });

  it.each([
    ['c=eqq.1', 'unknown single value operator eqq'],
    ['c=1', 'expecting operator'],
    ['c=', 'expecting operator'],
    ['c=not.', 'expecting operator'],
    ['c=is.maybe', 'null or trilean value'],
    ['c=in.1,2', 'expecting "("'],
    ['c=in.(1,2', 'expecting "," or ")"'],
    ['c=in.(1)x', 'expecting end of input'],
  ])('%s → PGRST100 %s', (query, details) => {
    const error = failure(() => parse(query));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
    expect(error.message).toMatch(/^"failed to parse filter \(.*\)" \(line 1, column \d+\)$/);
    expect(error.details).toContain(details);
  });

  it.each(['c=fts.word', 'c=match.^a', 'c=imatch.a', 'c=sl.(1,2)', 'c=adj.(1,2)', 'c=eq(any).{1,2}', 'c=isdistinct.1'])(
    '%s is a PostgREST operator this server refuses with PGRST100',
    (query) => {
      const error = failure(() => parse(query));
      expect([error.status, error.code]).toEqual([400, 'PGRST100']);
      expect(error.message).toContain('not supported');
    },
  );

  it.each(['organizations.name=eq.x', 'data->>a=eq.1', 'organizations.order=name', 'x.limit=1'])(
    'refuses %s (embedding, JSON paths) with PGRST100',
    (query) => {
      expect(failure(() => parse(query)).code).toBe('PGRST100');
    },
  );
});

describe('logic trees', () => {
  it('or=(a.eq.1,b.eq.2)', () => {
    expect(parse('or=(a.eq.1,b.eq.2)').conditions).toEqual([
      {
        kind: 'logic',
        operator: 'or',
        negated: false,
        children: [
          { kind: 'op', column: 'a', negated: false, operator: 'eq', value: '1' },
          { kind: 'op', column: 'b', negated: false, operator: 'eq', value: '2' },
        ],
      },
    ]);
  });

  it('nests and/or/not, in lists, quoted values and arrays', () => {
    const [tree] = parse(
      `and=${encodeURIComponent('(a.gte.1,or(b.in.(1,2),c.eq."x,y)"),not.and(d.is.null,e.not.eq.2),f.cs.{a,b})')}`,
    ).conditions;
    expect(tree).toEqual({
      kind: 'logic',
      operator: 'and',
      negated: false,
      children: [
        { kind: 'op', column: 'a', negated: false, operator: 'gte', value: '1' },
        {
          kind: 'logic',
          operator: 'or',
          negated: false,
          children: [
            { kind: 'in', column: 'b', negated: false, values: ['1', '2'] },
            { kind: 'op', column: 'c', negated: false, operator: 'eq', value: 'x,y)' },
          ],
        },
        {
          kind: 'logic',
          operator: 'and',
          negated: true,
          children: [
            { kind: 'is', column: 'd', negated: false, value: 'null' },
            { kind: 'op', column: 'e', negated: true, operator: 'eq', value: '2' },
          ],
        },
        { kind: 'op', column: 'f', negated: false, operator: 'cs', value: '{a,b}' },
      ],
    });
  });

  it('not.or=(…) negates the tree', () => {
    expect(parse('not.or=(a.eq.1,a.eq.2)').conditions[0]).toMatchObject({ kind: 'logic', operator: 'or', negated: true });
  });

  it('a column called "or" still works as a filter inside a tree', () => {
    expect(parse('or=(or.eq.1,and.eq.2)').conditions[0]).toMatchObject({
      children: [{ column: 'or' }, { column: 'and' }],
    });
  });

  it.each([
    ['or=()', 'expecting field name'],
    ['or=(a.eq.1', 'expecting "," or ")"'],
    ['or=a.eq.1', 'expecting "("'],
    ['or=(a.eq.1))', 'expecting end of input'],
    ['or=(a.xor.1)', 'unknown single value operator xor'],
    ['or=(a)', 'expecting delimiter (.)'],
  ])('%s → PGRST100', (query, details) => {
    const error = failure(() => parse(query));
    expect(error.code).toBe('PGRST100');
    expect(error.details).toContain(details);
  });

  it(`refuses nesting deeper than ${MAX_LOGIC_DEPTH} levels with PGRST100, without exhausting the stack`, () => {
    const depth = 100_000;
    const value = `(${'or('.repeat(depth)}a.eq.1${')'.repeat(depth)})`;
    const error = failure(() => parse(`or=${value}`));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
    expect(error.details).toContain('nested at most');
  });

  it(`accepts nesting of exactly ${MAX_LOGIC_DEPTH} levels`, () => {
    const inner = MAX_LOGIC_DEPTH - 1;
    const value = `(${'or('.repeat(inner)}a.eq.1${')'.repeat(inner)})`;
    expect(parse(`or=${value}`).conditions).toHaveLength(1);
  });

  it(`refuses more than ${MAX_CONDITIONS} filters`, () => {
    const value = `(${Array.from({ length: MAX_CONDITIONS + 1 }, (_, i) => `a.eq.${i}`).join(',')})`;
    const error = failure(() => parse(`or=${value}`));
    expect([error.status, error.code]).toEqual([400, 'PGRST100']);
  });
});

describe('order', () => {
  it.each([
    ['created_at.desc', [{ column: 'created_at', direction: 'desc' }]],
    ['a,b.desc.nullsfirst', [{ column: 'a' }, { column: 'b', direction: 'desc', nulls: 'nullsfirst' }]],
    ['a.asc.nullslast', [{ column: 'a', direction: 'asc', nulls: 'nullslast' }]],
    ['a.nullsfirst', [{ column: 'a', nulls: 'nullsfirst' }]],
    [' a.desc , b ', [{ column: 'a', direction: 'desc' }, { column: 'b' }]],
  ])('order=%s', (order, expected) => {
    expect(parse(`order=${encodeURIComponent(order)}`).order).toEqual(expected);
  });

  it.each(['a.ac', 'a.desc.nulls', 'a.descc', 'a;b', 'organizations(name).desc'])('refuses order=%s', (order) => {
    expect(failure(() => parse(`order=${encodeURIComponent(order)}`)).code).toBe('PGRST100');
  });
});

describe('range', () => {
  it.each([
    ['', {}, { offset: 0, limit: null }],
    ['limit=10', {}, { offset: 0, limit: 10 }],
    ['offset=5&limit=10', {}, { offset: 5, limit: 10 }],
    ['offset=5', {}, { offset: 5, limit: null }],
    ['limit=0', {}, { offset: 0, limit: 0 }],
    ['', { range: '0-9' }, { offset: 0, limit: 10 }],
    ['', { range: '10-' }, { offset: 10, limit: null }],
    ['limit=5', { range: '0-9' }, { offset: 0, limit: 5 }],
    ['offset=2&limit=100', { range: '5-9' }, { offset: 5, limit: 5 }],
    ['', { range: 'garbage' }, { offset: 0, limit: null }],
  ])('%s with %o', (query, headers, range) => {
    expect(parse(query, { headers }).range).toEqual(range);
  });

  it('ignores the Range header on writes', () => {
    expect(parse('id=eq.1', { method: 'PATCH', headers: { range: '0-1' } }).range).toEqual({ offset: 0, limit: null });
  });

  it('refuses a negative limit with 416 PGRST103', () => {
    const error = failure(() => parse('limit=-1'));
    expect([error.status, error.code, error.details]).toEqual([416, 'PGRST103', 'Limit should be greater than or equal to zero.']);
  });

  it('refuses a Range whose lower bound is above its upper bound', () => {
    expect(() => parseRangeHeader('9-0')).toThrow(RestError);
    expect(failure(() => parseRangeHeader('9-0')).status).toBe(416);
  });

  it.each(['limit=abc', 'limit=1e3', 'offset=-1', 'offset=1.5', 'limit=99999999999999999999'])('refuses %s with PGRST100', (query) => {
    expect(failure(() => parse(query)).code).toBe('PGRST100');
  });
});

describe('Prefer', () => {
  it('reads comma-joined preferences', () => {
    expect(parsePreferences('return=representation, count=exact,missing=default, resolution=merge-duplicates')).toEqual({
      return: 'representation',
      count: 'exact',
      missing: 'default',
      resolution: 'merge-duplicates',
    });
  });

  it.each(['minimal', 'representation', 'headers-only'])('return=%s', (value) => {
    expect(parsePreferences(`return=${value}`).return).toBe(value);
  });

  it('ignores unknown preferences unless handling=strict', () => {
    expect(parsePreferences('return=nope, frobnicate, tx=rollback')).toEqual({});
    const error = failure(() => parsePreferences('handling=strict, frobnicate'));
    expect([error.status, error.code, error.details]).toEqual([400, 'PGRST122', 'Invalid preferences: frobnicate']);
  });
});

describe('Accept and profiles', () => {
  it.each([
    [undefined, false],
    ['application/json', false],
    ['*/*', false],
    ['application/vnd.pgrst.object+json', true],
    ['application/vnd.pgrst.object', true],
    ['text/csv;q=0.5, application/vnd.pgrst.object+json', true],
    ['application/json;q=0.1, application/vnd.pgrst.object+json;q=0.9', true],
  ])('Accept %s → singular %s', (accept, singular) => {
    expect(parseAccept(accept).singular).toBe(singular);
  });

  it('answers 406 PGRST107 for media types it cannot produce', () => {
    const error = failure(() => parseAccept('text/csv'));
    expect([error.status, error.code, error.message]).toEqual([406, 'PGRST107', 'None of these media types are available: text/csv']);
  });

  it('refuses another Accept-Profile on reads and Content-Profile on writes with 406 PGRST106', () => {
    const read = failure(() => parse('', { headers: { 'accept-profile': 'private' } }));
    expect([read.status, read.code, read.message, read.hint]).toEqual([
      406,
      'PGRST106',
      'Invalid schema: private',
      'Only the following schemas are exposed: public',
    ]);
    expect(failure(() => parse('', { method: 'POST', headers: { 'content-profile': 'auth' } })).code).toBe('PGRST106');
    expect(parse('', { headers: { 'accept-profile': 'public' } }).target.kind).toBe('table');
  });
});

describe('writes', () => {
  it('reads columns and on_conflict lists (quoted, as supabase-js sends them)', () => {
    const request = parse('columns=%22title%22%2C%22tags%22&on_conflict=id', { method: 'POST' });
    expect(request.columns).toEqual(['title', 'tags']);
    expect(request.onConflict).toEqual(['id']);
  });

  it('keeps GET /rpc parameters for the function to resolve', () => {
    const request = parse('a=1&b=eq.2', { path: '/rpc/f' });
    expect(request.rpcParams).toEqual([
      ['a', '1'],
      ['b', 'eq.2'],
    ]);
    expect(request.conditions).toEqual([]);
  });
});

describe('hostile input', () => {
  const hostile = [
    `'; drop table content_items; --`,
    `" or 1=1 --`,
    'a\u0000b',
    '\u0000',
    '$1',
    '$$; select 1; $$',
    '\\x00',
    '日本語 🎉 \u202e',
    "' union select * from auth.users --",
  ];

  it.each(hostile)('keeps the value %j intact as a value, never as syntax', (value) => {
    const request = parse(`title=eq.${encodeURIComponent(value)}`);
    expect(request.conditions).toEqual([{ kind: 'op', column: 'title', negated: false, operator: 'eq', value }]);
  });

  it.each(hostile)('treats %j as a column name (to be checked against the catalogue) or refuses it', (name) => {
    try {
      const request = parse(`select=${encodeURIComponent(`"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)}`);
      expect(request.select).toEqual([{ kind: 'column', column: name }]);
    } catch (error) {
      expect(error).toBeInstanceOf(RestError);
      expect((error as RestError).status).toBeLessThan(500);
    }
  });

  it('parses a 10,000-item in list as one filter', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `v${i}`);
    const [filter] = parse(`id=in.(${values.join(',')})`).conditions;
    expect(filter).toEqual({ kind: 'in', column: 'id', negated: false, values });
  });

  it('answers a 1 MB URL with a result or a 4xx, quickly', () => {
    const big = 'x'.repeat(1024 * 1024);
    expect(parse(`title=eq.${big}`).conditions).toHaveLength(1);
    expect(parse(`select=${big}`).select).toEqual([{ kind: 'column', column: big }]);
    const error = failure(() => parse(`or=(${'a.eq.1,'.repeat(150_000)}a.eq.2)`));
    expect(error.status).toBe(400);
    const semicolons = failure(() => parse(`select=${';'.repeat(1024 * 1024)}`));
    expect(semicolons.status).toBe(400);
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
