import { describe, expect, it } from 'vitest';
import type { RestError } from './errors';
import { parseRequest, type RequestInput } from './parse/request';
import { buildResponse, contentRange, withSqlOverrides } from './response';
import type { Statement } from './sql/statement';

function request(overrides: Partial<RequestInput> = {}) {
  return parseRequest({ method: 'GET', path: '/t', query: '', headers: {}, ...overrides });
}

function statement(overrides: Partial<Statement> = {}): Statement {
  return {
    text: '',
    values: [],
    readOnly: true,
    media: { kind: 'json', stripNulls: false },
    noBody: false,
    isVoid: false,
    count: null,
    explain: null,
    offset: 0,
    locationColumns: null,
    path: '/t',
    resolutionApplies: false,
    timezone: null,
    returnsSet: true,
    maxRows: 1000,
    ...overrides,
  };
}

describe('contentRange', () => {
  it.each([
    [0, 24, null, '0-24/*'],
    [0, 24, 3573, '0-24/3573'],
    [0, -1, null, '*/*'],
    [0, -1, 0, '*/0'],
    [10, 9, 5, '*/5'],
    [1, 0, 3, '*/3'],
  ])('%i-%i of %s → %s', (lower, upper, total, expected) => {
    expect(contentRange(lower, upper, total)).toBe(expected);
  });
});

describe('reads', () => {
  it('200 with Content-Range and the JSON array', () => {
    const response = buildResponse(request(), statement(), { total: null, page_total: 2, body: '[1,2]' }, 'select=*');
    expect(response).toEqual({
      status: 200,
      headers: { 'Content-Range': '0-1/*', 'Content-Location': '/t?select=*', 'Content-Type': 'application/json; charset=utf-8' },
      body: '[1,2]',
    });
  });

  it('206 when a counted page is smaller than the total', () => {
    const response = buildResponse(request({ headers: { prefer: 'count=exact' } }), statement({ count: 'exact' }), { total: 7, page_total: 2, body: '[]' }, '');
    expect([response.status, response.headers['Content-Range'], response.headers['Preference-Applied']]).toEqual([206, '0-1/7', 'count=exact']);
  });

  it('416 PGRST103 when the offset is past the total', () => {
    expect(() => buildResponse(request(), statement({ count: 'exact', offset: 10 }), { total: 3, page_total: 0, body: '[]' }, '')).toThrow(
      /Requested range not satisfiable/,
    );
  });

  it('406 PGRST116 for a singular request with 0 or several rows', () => {
    const singular = request({ headers: { accept: 'application/vnd.pgrst.object+json' } });
    for (const rows of [0, 2]) {
      try {
        buildResponse(singular, statement({ media: { kind: 'object', stripNulls: false } }), { total: null, page_total: rows, body: 'null' }, '');
        throw new Error('expected 406');
      } catch (error) {
        expect((error as RestError).body()).toEqual({
          code: 'PGRST116',
          details: `The result contains ${rows} rows`,
          hint: null,
          message: 'Cannot coerce the result to a single JSON object',
        });
      }
    }
    const one = buildResponse(singular, statement({ media: { kind: 'object', stripNulls: false } }), { total: null, page_total: 1, body: '{"a":1}' }, '');
    expect([one.status, one.headers['Content-Type'], one.body]).toEqual([200, 'application/vnd.pgrst.object+json; charset=utf-8', '{"a":1}']);
  });

  it('HEAD has headers and no body', () => {
    expect(buildResponse(request({ method: 'HEAD' }), statement({ noBody: true }), { total: null, page_total: 3, body: '' }, '').body).toBeNull();
  });

  it('a void function answers 204', () => {
    const call = request({ method: 'POST', path: '/rpc/f' });
    expect(buildResponse(call, statement({ isVoid: true, noBody: true }), { total: null, page_total: 1, body: '' }, '').status).toBe(204);
  });
});

describe('writes', () => {
  it('insert: 201, empty body and */* by default', () => {
    const response = buildResponse(request({ method: 'POST' }), statement({ noBody: true }), { total: null, page_total: 1, body: '' }, '');
    expect(response).toEqual({ status: 201, headers: { 'Content-Range': '*/*' }, body: null });
  });

  it('insert with representation and count', () => {
    const response = buildResponse(
      request({ method: 'POST', headers: { prefer: 'return=representation,count=exact' } }),
      statement({ count: 'exact' }),
      { total: null, page_total: 2, body: '[{},{}]' },
      '',
    );
    expect(response.status).toBe(201);
    expect(response.headers).toMatchObject({ 'Content-Range': '*/2', 'Preference-Applied': 'return=representation, count=exact' });
  });

  it('insert with headers-only: Location from the primary key', () => {
    const response = buildResponse(
      request({ method: 'POST', headers: { prefer: 'return=headers-only' } }),
      statement({ locationColumns: ['id'] }),
      { total: null, page_total: 1, body: '[{"id":"a b"}]' },
      '',
    );
    expect([response.status, response.headers.Location, response.body]).toEqual([201, '/t?id=eq.a%20b', null]);
  });

  it('update: 204 minimal, 200 with rows, Content-Range 0-(n-1)', () => {
    expect(buildResponse(request({ method: 'PATCH' }), statement({ noBody: true }), { total: null, page_total: 3, body: '' }, '')).toEqual({
      status: 204,
      headers: { 'Content-Range': '0-2/*' },
      body: null,
    });
    expect(buildResponse(request({ method: 'PATCH' }), statement(), { total: null, page_total: 0, body: '[]' }, '').headers['Content-Range']).toBe('*/*');
  });

  it('delete: */n with count', () => {
    const response = buildResponse(request({ method: 'DELETE', headers: { prefer: 'count=exact' } }), statement({ count: 'exact', noBody: true }), { total: null, page_total: 4, body: '' }, '');
    expect([response.status, response.headers['Content-Range']]).toEqual([204, '*/4']);
  });
});

describe('response.status and response.headers set by SQL', () => {
  const answer = () => ({ status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Range': '0-0/*' }, body: '[]' });
  const row = (overrides: { responseHeaders?: string; responseStatus?: string }) => ({ total: null, page_total: 1, body: '[]', ...overrides });

  it('replaces the status, replaces headers of the same name (any case) and sends a name given twice twice', () => {
    const response = withSqlOverrides(
      answer(),
      row({ responseStatus: '202', responseHeaders: '[{"content-type":"text/plain"},{"Set-Cookie":"a=1"},{"Set-Cookie":"b=2"}]' }),
    );
    expect(response).toEqual({ status: 202, headers: { 'Content-Range': '0-0/*', 'content-type': 'text/plain', 'Set-Cookie': ['a=1', 'b=2'] }, body: '[]' });
  });

  it('leaves the answer alone when SQL set nothing', () => {
    expect(withSqlOverrides(answer(), row({}))).toEqual(answer());
  });

  it.each(['abc', '99', '600', '2020', ' '])('status %j is PGRST112', (status) => {
    expect(() => withSqlOverrides(answer(), row({ responseStatus: status }))).toThrow(expect.objectContaining({ status: 500, code: 'PGRST112' }));
  });

  it.each(['not json', '{"a":"b"}', '[{"a":1}]', '[{"a":"b","c":"d"}]', '[["a","b"]]', '[{"bad name":"x"}]', '[null]'])('headers %j are PGRST111', (headers) => {
    expect(() => withSqlOverrides(answer(), row({ responseHeaders: headers }))).toThrow(expect.objectContaining({ status: 500, code: 'PGRST111' }));
  });
});
