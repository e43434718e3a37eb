import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * DATABASE_URL through a proxy that can refuse connections or swallow them: while the database is away every
 * API request (data API, auth, storage) answers at once in its API's wire format with Retry-After, /ready says so,
 * and the server serves again as soon as the database is back, without a restart.
 */

let proxy: TcpProxy;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      serverDatabaseUrl: async (url) => {
        proxy = await startTcpProxy(url);
        return proxy.url;
      },
    },
  );
});

afterAll(async () => {
  await proxy.setMode('pass');
  await server.close();
  await proxy.close();
});

async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { apikey: server.anonKey, 'content-type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { response, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, ms: performance.now() - started };
}

const readMenu = () => timed('/rest/v1/menu_items?select=name');
const signIn = () => timed('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: 'someone@example.com', password: 'whatever-it-is' }) });

async function eventually<T>(attempt: () => Promise<T>, isDone: (value: T) => boolean, limitMs: number): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await attempt();
    if (isDone(value) || performance.now() - started > limitMs) return { value, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the database goes away and comes back (DATABASE_URL)', () => {
  it('answers 503 at once in each API\'s format while connections are refused, and serves again when it is back', async () => {
    expect((await readMenu()).response.status).toBe(200);
    expect((await timed('/ready')).response.status).toBe(200);

    await proxy.setMode('refuse');
    const rest = await readMenu();
    expect(rest.response.status).toBe(503);
    expect(rest.body).toEqual({ code: 'PGRST000', message: 'Database connection error. Retrying the connection.', details: null, hint: null });
    expect(rest.response.headers.get('retry-after')).toBe('2');
    expect(rest.response.headers.get('cache-control')).toBe('no-store');
    expect(rest.ms).toBeLessThan(5000);

    const auth = await signIn();
    expect(auth.response.status).toBe(503);
    expect(auth.body).toMatchObject({ code: 503, error_code: 'unexpected_failure' });
    expect(auth.response.headers.get('retry-after')).toBe('2');
    expect(auth.ms).toBeLessThan(5000);

    // Storage, in Storage's error format (supabase-js's storage client reads statusCode and message).
    const storage = await timed('/storage/v1/object/list/assets', { method: 'POST', body: JSON.stringify({ prefix: '' }), headers: { authorization: `Bearer ${server.anonKey}` } });
    expect(storage.response.status).toBe(503);
    expect(storage.body).toEqual({ statusCode: '503', code: 'DatabaseError', error: 'DatabaseError', message: 'The database cannot be reached at the moment: try again in a few seconds.' });
    expect(storage.response.headers.get('retry-after')).toBe('2');
    expect(storage.ms).toBeLessThan(5000);
    const tus = await timed('/storage/v1/upload/resumable', { method: 'POST', headers: { authorization: `Bearer ${server.anonKey}`, 'tus-resumable': '1.0.0', 'upload-length': '5' } });
    expect([tus.response.status, tus.response.headers.get('retry-after')]).toEqual([503, '2']);

    const ready = await timed('/ready');
    expect(ready.response.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect((await timed('/health')).response.status).toBe(200);
    expect((await timed('/auth/v1/settings')).response.status).toBe(200);

    await proxy.setMode('pass');
    const back = await eventually(readMenu, (r) => r.response.status === 200, 10_000);
    expect(back.value.response.status).toBe(200);
    expect((await signIn()).response.status).toBe(400);
    expect((await timed('/ready')).response.status).toBe(200);
    const listed = await timed('/storage/v1/object/list/assets', { method: 'POST', body: JSON.stringify({ prefix: '' }), headers: { authorization: `Bearer ${server.anonKey}` } });
    expect([listed.response.status, listed.body]).toEqual([200, []]);
  });

  it('answers within 5 s when the network swallows connections, and the server stops within 10 s', async () => {
    await proxy.setMode('blackhole');
    const first = await readMenu();
    expect(first.response.status).toBe(503);
    expect(first.ms).toBeLessThan(5000);
    const later = await eventually(readMenu, (r) => r.ms < 100, 5000);
    expect(later.value.response.status).toBe(503);
    expect(later.value.ms).toBeLessThan(100);

    const started = performance.now();
    await server.app.close();
    const closed = performance.now() - started;
    await server.sql.end({ timeout: 3 });
    const ended = performance.now() - started;
    console.log(`stop with the database away: app.close ${Math.round(closed)} ms, then the test's own sql.end ${Math.round(ended - closed)} ms`);
    expect(ended).toBeLessThan(10_000);
  });
});
