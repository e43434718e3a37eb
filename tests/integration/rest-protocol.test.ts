import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, signedInUser, untypedClientWithToken, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The data API's wire behaviour over raw HTTP: per-request settings, transaction mode, headers, every
 * error of the contract, schema reloads, limits, and hostile input (only 4xx or correct results).
 */

let server: TestServer;
let user: SignedInUser;

async function until<T>(fn: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const value = await fn();
    if (ok(value) || attempt > 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  user = await signedInUser(server);
  // Objects only this test file needs, created the way a migration would, then announced to the schema cache.
  await server.sql.unsafe(`
    create function public.echo_request() returns json language sql stable as $$
      select json_build_object(
        'role', current_user,
        'claims', current_setting('request.jwt.claims', true)::json,
        'method', current_setting('request.method', true),
        'path', current_setting('request.path', true),
        'headers', current_setting('request.headers', true)::json,
        'cookies', current_setting('request.cookies', true)::json,
        'statement_timeout', current_setting('statement_timeout'),
        'read_only', current_setting('transaction_read_only'),
        'search_path', current_setting('search_path'),
        'uid', auth.uid()
      )
    $$;
    create sequence public.bump_seq;
    create function public.bump() returns bigint language sql volatile as $$ select nextval('public.bump_seq') $$;
    create function public.slow(seconds float) returns int language sql volatile as $$ select 1 from pg_sleep(seconds) $$;
    create function public.add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
    create function public.numbers_above(n int) returns setof public.menu_items language sql stable as $$
      select * from public.menu_items where sort_order > n $$;
    create table public.numbers (n int primary key, label text);
    insert into public.numbers select g, 'n' || g from generate_series(1, 1500) g;
    grant select, insert on public.numbers to anon, authenticated;
    create table public.kv (k text primary key, v text, note text default 'default note');
    grant select, insert, update on public.kv to authenticated;
    notify pgrst, 'reload schema';
  `).simple();
  await until(() => rest(server, 'GET', '/numbers?limit=1'), (response) => response.status === 200);
});

afterAll(async () => {
  await server?.close();
});

describe('one transaction per request, as the JWT’s role', () => {
  it('anon: role anon, {"role":"anon"} claims, 3 s timeout, read-only GET, request.* settings', async () => {
    const response = await rest(server, 'GET', '/rpc/echo_request', { headers: { 'x-custom': 'yes', cookie: 'a=1; b=two' } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      role: 'anon',
      claims: { role: 'anon' },
      method: 'GET',
      path: '/rpc/echo_request',
      headers: { 'x-custom': 'yes', apikey: server.anonKey },
      cookies: { a: '1', b: 'two' },
      statement_timeout: '3s',
      read_only: 'on',
      search_path: 'public, extensions',
      uid: null,
    });
  });

  it('a user: role authenticated, all GoTrue claims, 8 s timeout, read-write POST', async () => {
    const response = await rest(server, 'POST', '/rpc/echo_request', { token: user.session.accessToken, body: {} });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      role: 'authenticated',
      claims: { role: 'authenticated', sub: user.id, session_id: user.session.sessionId, aud: 'authenticated', email: user.email },
      method: 'POST',
      statement_timeout: '8s',
      read_only: 'on', // a STABLE function runs read-only even for POST, as in PostgREST
      uid: user.id,
    });
  });

  it('the service role key as bearer is service_role', async () => {
    const response = await rest(server, 'GET', '/rpc/echo_request', { token: server.serviceRoleKey });
    expect(response.json).toMatchObject({ role: 'service_role', claims: { role: 'service_role', iss: 'supabase' } });
  });

  it('GET and HEAD run read-only: a volatile function fails with 405 25006 and changes nothing', async () => {
    const response = await rest(server, 'GET', '/rpc/bump');
    expect([response.status, (response.json as { code: string }).code]).toEqual([405, '25006']);
    expect((await rest(server, 'HEAD', '/rpc/bump')).status).toBe(405);
    expect((await rest(server, 'POST', '/rpc/bump', { body: {} })).json).toBe(1);
    expect((await rest(server, 'POST', '/rpc/bump', { body: {} })).json).toBe(2);
  });

  it('anon statements are cancelled after 3 s (500 57014)', async () => {
    const response = await rest(server, 'POST', '/rpc/slow', { body: { seconds: 3.5 } });
    expect(response.status).toBe(500);
    expect(response.json).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  });

  it('settings do not leak into the next request on the same connection', async () => {
    await Promise.all(Array.from({ length: 20 }, () => rest(server, 'POST', '/rpc/echo_request', { token: user.session.accessToken, body: {} })));
    const results = await Promise.all(Array.from({ length: 20 }, () => rest(server, 'GET', '/rpc/echo_request')));
    for (const result of results) expect(result.json).toMatchObject({ role: 'anon', uid: null, statement_timeout: '3s' });
  });
});

describe('functions', () => {
  it('named arguments from the body or the query string, defaults applied', async () => {
    expect((await rest(server, 'POST', '/rpc/add', { body: { a: 1, b: 2 } })).json).toBe(3);
    expect((await rest(server, 'POST', '/rpc/add', { body: { a: 1 } })).json).toBe(11);
    expect((await rest(server, 'GET', '/rpc/add?a=5')).json).toBe(15);
  });

  it('a set-returning function can be filtered, ordered, selected and counted', async () => {
    const response = await rest(server, 'GET', '/rpc/numbers_above?n=1&select=name&order=sort_order.desc&name=neq.ROI', { headers: { prefer: 'count=exact' } });
    expect([response.status, response.json, response.headers.get('content-range')]).toEqual([200, [{ name: 'About' }, { name: 'Portfolio' }], '0-1/2']);
  });

  it('unknown function and wrong arguments → 404 PGRST202', async () => {
    const response = await rest(server, 'POST', '/rpc/add', { body: { x: 1 } });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.add(x) in the schema cache' });
    expect((await rest(server, 'POST', '/rpc/addd', { body: { a: 1 } })).json).toMatchObject({ hint: 'Perhaps you meant to call the function public.add' });
  });
});

describe('schema cache', () => {
  it('picks up a new table after NOTIFY pgrst, and forgets a dropped one', async () => {
    expect((await rest(server, 'GET', '/later')).status).toBe(404);
    await server.sql.unsafe(`create table public.later (id int); grant select on public.later to anon; notify pgrst, 'reload schema'`).simple();
    const after = await until(() => rest(server, 'GET', '/later'), (response) => response.status === 200);
    expect([after.status, after.json]).toEqual([200, []]);
    await server.sql.unsafe(`drop table public.later; notify pgrst, 'reload schema'`).simple();
    const dropped = await until(() => rest(server, 'GET', '/later'), (response) => (response.json as { code?: string }).code === 'PGRST205');
    expect((dropped.json as { code: string }).code).toBe('PGRST205');
  });
});

describe('responses', () => {
  it('reads: 200, Content-Range, Content-Location, Content-Profile, JSON content type', async () => {
    const response = await rest(server, 'GET', '/numbers?select=n&n=lte.3&order=n', { headers: { 'accept-profile': 'public' } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(response.headers.get('content-range')).toBe('0-2/*');
    expect(response.headers.get('content-location')).toBe('/numbers?select=n&n=lte.3&order=n');
    expect(response.headers.get('content-profile')).toBe('public');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('caps a read at 1,000 rows: 206 with the exact total', async () => {
    const response = await rest(server, 'GET', '/numbers?select=n', { headers: { prefer: 'count=exact' } });
    expect(response.status).toBe(206);
    expect((response.json as unknown[]).length).toBe(1000);
    expect(response.headers.get('content-range')).toBe('0-999/1500');
    expect(response.headers.get('preference-applied')).toBe('count=exact');
  });

  it('honours the Range header and limit/offset', async () => {
    const ranged = await rest(server, 'GET', '/numbers?select=n&order=n', { headers: { range: '10-12', prefer: 'count=exact' } });
    expect([ranged.status, ranged.json, ranged.headers.get('content-range')]).toEqual([206, [{ n: 11 }, { n: 12 }, { n: 13 }], '10-12/1500']);
    const paged = await rest(server, 'GET', '/numbers?select=n&order=n.desc&limit=2&offset=1');
    expect(paged.json).toEqual([{ n: 1499 }, { n: 1498 }]);
  });

  it('an offset past the end is 416 PGRST103 with count', async () => {
    const response = await rest(server, 'GET', '/numbers?offset=2000', { headers: { prefer: 'count=exact' } });
    expect(response.status).toBe(416);
    expect(response.json).toEqual({
      code: 'PGRST103',
      details: 'An offset of 2000 was requested, but there are only 1500 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
  });

  it('HEAD has headers and no body', async () => {
    const response = await fetch(`${server.url}/rest/v1/numbers?n=lte.5`, { method: 'HEAD', headers: { apikey: server.anonKey, prefer: 'count=exact' } });
    expect([response.status, response.headers.get('content-range'), await response.text()]).toEqual([200, '0-4/5', '']);
  });

  it('insert: 201 with representation, Location for headers-only, */n with count', async () => {
    const representation = await rest(server, 'POST', '/numbers?select=n,label', {
      token: user.session.accessToken,
      body: [{ n: 5001, label: 'x' }, { n: 5002, label: 'y' }],
      headers: { prefer: 'return=representation, count=exact' },
    });
    expect([representation.status, representation.json, representation.headers.get('content-range')]).toEqual([
      201,
      [{ n: 5001, label: 'x' }, { n: 5002, label: 'y' }],
      '*/2',
    ]);
    expect(representation.headers.get('preference-applied')).toBe('return=representation, count=exact');
    const headersOnly = await rest(server, 'POST', '/numbers', { token: user.session.accessToken, body: { n: 5003 }, headers: { prefer: 'return=headers-only' } });
    expect([headersOnly.status, headersOnly.headers.get('location'), headersOnly.text]).toEqual([201, '/numbers?n=eq.5003', '']);
    const singular = await rest(server, 'POST', '/numbers', {
      token: user.session.accessToken,
      body: { n: 5004 },
      headers: { prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
    });
    expect([singular.status, singular.json, singular.headers.get('content-type')]).toEqual([
      201,
      { n: 5004, label: null },
      'application/vnd.pgrst.object+json; charset=utf-8',
    ]);
  });

  it('upserts: merge-duplicates updates, ignore-duplicates keeps, on_conflict picks the key', async () => {
    const client = untypedClientWithToken(server, user.session.accessToken);
    await client.from('kv').insert({ k: 'a', v: 'one' });
    const merged = await client.from('kv').upsert({ k: 'a', v: 'two' }).select('k,v');
    expect([merged.error, merged.data]).toEqual([null, [{ k: 'a', v: 'two' }]]);
    const ignored = await client.from('kv').upsert({ k: 'a', v: 'three' }, { ignoreDuplicates: true }).select('k,v');
    expect([ignored.error, ignored.data]).toEqual([null, []]);
    const raw = await rest(server, 'POST', '/kv?on_conflict=k&columns=%22k%22%2C%22v%22', {
      token: user.session.accessToken,
      body: [{ k: 'a', v: 'four' }, { k: 'b' }],
      headers: { prefer: 'resolution=merge-duplicates, return=representation, missing=default' },
    });
    expect([raw.status, raw.json, raw.headers.get('preference-applied')]).toEqual([
      201,
      [
        { k: 'a', v: 'four', note: 'default note' },
        { k: 'b', v: null, note: 'default note' },
      ],
      'resolution=merge-duplicates, missing=default, return=representation',
    ]);
  });

  it('a duplicate key is 409 23505 with PostgreSQL’s details', async () => {
    const response = await rest(server, 'POST', '/numbers', { token: user.session.accessToken, body: { n: 1 } });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({
      code: '23505',
      details: 'Key (n)=(1) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "numbers_pkey"',
    });
  });
});

describe('errors', () => {
  it.each([
    ['GET', '/nope', undefined, {}, 404, { code: 'PGRST205', message: "Could not find the table 'public.nope' in the schema cache" }],
    ['GET', '/numbers?select=labl', undefined, {}, 400, { code: '42703', message: 'column numbers.labl does not exist', hint: 'Perhaps you meant to reference the column "numbers.label".' }],
    ['GET', '/numbers?n=eqq.1', undefined, {}, 400, { code: 'PGRST100', message: '"failed to parse filter (eqq.1)" (line 1, column 1)', details: 'unknown single value operator eqq' }],
    ['GET', '/numbers?n=eq.abc', undefined, {}, 400, { code: '22P02', message: 'invalid input syntax for type integer: "abc"' }],
    ['GET', '/numbers', undefined, { 'accept-profile': 'auth' }, 406, { code: 'PGRST106', message: 'Invalid schema: auth', hint: 'Only the following schemas are exposed: public' }],
    ['POST', '/numbers', { n: 1 }, { 'content-profile': 'private' }, 406, { code: 'PGRST106' }],
    ['GET', '/numbers', undefined, { accept: 'application/xml' }, 406, { code: 'PGRST107' }],
    ['POST', '/numbers', '{"n":', {}, 400, { code: 'PGRST102', message: 'Empty or invalid json' }],
    ['POST', '/numbers', { nope: 1 }, {}, 400, { code: 'PGRST204', message: "Could not find the 'nope' column of 'numbers' in the schema cache" }],
    ['POST', '/numbers', 'n=1', { 'content-type': 'application/x-www-form-urlencoded' }, 400, { code: 'PGRST102', message: 'Content-Type not acceptable: application/x-www-form-urlencoded' }],
    ['DELETE', '/numbers', undefined, {}, 400, { code: '21000', message: 'DELETE requires a WHERE clause' }],
    ['PATCH', '/numbers', { label: 'x' }, {}, 400, { code: '21000', message: 'UPDATE requires a WHERE clause' }],
    ['PUT', '/numbers?n=eq.1', { n: 1 }, {}, 405, { code: 'PGRST117' }],
    ['GET', '/numbers/1', undefined, {}, 404, { code: 'PGRST125' }],
  ] as const)('%s %s → %i', async (method, path, body, headers, status, expected) => {
    const response = await rest(server, method, path, { body, headers: { ...headers }, token: user.session.accessToken });
    expect(response.status).toBe(status);
    expect(response.json).toMatchObject(expected);
    expect(Object.keys(response.json as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('an invalid or expired JWT is 401 with WWW-Authenticate, never anon', async () => {
    const garbage = await rest(server, 'GET', '/numbers?limit=1', { token: 'not-a-jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.json).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' });
    expect(garbage.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="Expected 3 parts in JWT; got 1"');
  });

  it('the API key gate answers first (Kong’s messages)', async () => {
    const missing = await fetch(`${server.url}/rest/v1/numbers`);
    expect([missing.status, await missing.json()]).toEqual([401, { message: 'No API key found in request' }]);
  });

  it('a body over 1 MB is 413', async () => {
    const response = await rest(server, 'POST', '/numbers', { body: JSON.stringify({ label: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(response.status).toBe(413);
    expect(response.json).toMatchObject({ code: 'PGRST102', message: 'Request body is too large' });
  });

  it('never leaks SQL, stack traces or host names', async () => {
    const responses = await Promise.all([
      rest(server, 'GET', '/numbers?n=eq.abc'),
      rest(server, 'POST', '/rpc/slow', { body: { seconds: 'x' } }),
      rest(server, 'POST', '/numbers', { body: { n: 'NaN' }, token: user.session.accessToken }),
    ]);
    for (const response of responses) {
      expect(response.text).not.toMatch(/pgrst_source|SELECT |at .*\.ts|127\.0\.0\.1|localhost/);
    }
  });
});

/**
 * A raw request, as a hostile client sends it (fetch would normalise the URL). The server may answer and
 * close before the whole request is written: the status line received is what counts.
 */
function rawRequest(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    const finish = () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    };
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', finish);
    const lines = [`GET ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`, () => {});
  });
}

describe('hostile input over HTTP: only 4xx or correct results, never 5xx, never a syntax error', () => {
  const values = [
    `'; drop table public.numbers; --`,
    `" or 1=1 --`,
    `\u0000`,
    `a\u0000b`,
    `$1`,
    `$$ select 1 $$`,
    `\\`,
    `日本語 🎉 \u202e`,
    `*/ select pg_sleep(10) /*`,
    `' union select encrypted_password from auth.users --`,
  ];
  const templates = [
    (v: string) => `/numbers?label=eq.${encodeURIComponent(v)}`,
    (v: string) => `/numbers?label=like.${encodeURIComponent(v)}`,
    (v: string) => `/numbers?n=in.(${encodeURIComponent(`"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)},1)`,
    (v: string) => `/numbers?or=(label.eq.${encodeURIComponent(`"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)},n.eq.1)`,
    (v: string) => `/numbers?select=${encodeURIComponent(`"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)}`,
    (v: string) => `/numbers?order=${encodeURIComponent(v)}`,
    (v: string) => `/numbers?${encodeURIComponent(v)}=eq.1`,
    (v: string) => `/${encodeURIComponent(v)}`,
    (v: string) => `/rpc/${encodeURIComponent(v)}`,
    (v: string) => `/numbers?limit=${encodeURIComponent(v)}`,
    (v: string) => `/numbers?n=cs.${encodeURIComponent(v)}`,
  ];

  it.each(values)('%j', async (value) => {
    for (const template of templates) {
      const path = template(value);
      const response = await rest(server, 'GET', path, { token: user.session.accessToken });
      expect([path, response.status < 500]).toEqual([path, true]);
      expect([path, (response.json as { code?: string } | undefined)?.code]).not.toEqual([path, '42601']);
    }
    const body = await rest(server, 'POST', '/numbers', { token: user.session.accessToken, body: { n: 9999, label: value } });
    expect(body.status < 500).toBe(true);
    const [{ count }] = await server.sql`select count(*)::int from public.numbers where n <= 1500`;
    expect(count).toBe(1500);
  });

  it('a 1,000-item in list works; a 10,000-item one is refused by the URL limit with a 4xx', async () => {
    const small = Array.from({ length: 1000 }, (_, i) => i + 1);
    const ok = await rest(server, 'GET', `/numbers?select=n&n=in.(${small.join(',')})`, { headers: { prefer: 'count=exact' } });
    expect([ok.status, ok.headers.get('content-range')]).toEqual([200, '0-999/1000']);
    const big = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const refused = await rawRequest(`/rest/v1/numbers?n=in.(${big.join(',')})`, { apikey: server.anonKey });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it('a 1 MB URL and deep or-nesting are 4xx', async () => {
    const huge = await rawRequest(`/rest/v1/numbers?label=eq.${'x'.repeat(1024 * 1024)}`, { apikey: server.anonKey });
    expect([huge.status >= 400, huge.status < 500]).toEqual([true, true]);
    const deep = await rest(server, 'GET', `/numbers?or=(${'or('.repeat(500)}n.eq.1${')'.repeat(500)})`);
    expect([deep.status, (deep.json as { code: string }).code]).toEqual([400, 'PGRST100']);
    const nested = await rest(server, 'GET', `/numbers?or=(${'or('.repeat(30)}n.eq.1${')'.repeat(30)})`);
    expect([nested.status, nested.json]).toEqual([200, [{ n: 1, label: 'n1' }]]);
  });

  it('a deeply nested JSON body is 400', async () => {
    const response = await rest(server, 'POST', '/numbers', { body: `{"label":${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
    expect([response.status, (response.json as { code: string }).code]).toEqual([400, 'PGRST102']);
  });
});
