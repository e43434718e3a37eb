import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../support/auth';
import { createFuzzer, type FuzzRequest } from '../support/fuzz-requests';
import { startTestServer, type TestServer } from '../support/test-server';

// 10,000 hostile requests to /rest/v1 and /auth/v1 through real HTTP (a fixed seed, 16 at a time): every one
// answers, none with a 5xx, and the server still serves afterwards. FUZZ_SEED=<n> tries another sequence.
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16);

/** The request line's framing and the headers fetch sends beside ours, in bytes (an upper bound). */
const FETCH_OWN_HEADER_BYTES = 256;

let server: TestServer;

beforeAll(async () => {
  // TRUST_PROXY: the fuzzer's X-Forwarded-For values are clients of their own (garbage ones included).
  server = await startTestServer({ TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await server?.close();
});

async function send(request: FuzzRequest, retried = false): Promise<number> {
  try {
    const response = await fetch(`${server.url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    // fetch itself refuses some requests (a body on TRACE, say) before sending: not the server's answer.
    if (error instanceof TypeError && !/fetch failed/.test(error.message)) return -1;
    // Node's HTTP parser answers 431 to more than 16 KB of request line and headers and closes the connection,
    // which can cut the client off before it reads that answer. fetch adds its own lines to ours (host,
    // connection, user-agent, accept, accept-language, sec-fetch-mode, accept-encoding, content-length: about
    // 200 bytes), so a request whose own headers come within that of the limit is over it on the wire.
    const headerBytes = request.path.length + Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
    if (headerBytes + FETCH_OWN_HEADER_BYTES > 16 * 1024) return 431;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // A kept-alive connection the server closed as the next request went out: clients send it again on a new
    // connection (RFC 9112 §9.3.1, as browsers do). Once: a request the server never answers still fails here.
    if (cause?.code === 'UND_ERR_SOCKET' && !retried) return send(request, true);
    throw new Error(`no answer to ${request.method} ${request.path.slice(0, 300)} (${headerBytes} header bytes; ${cause?.code ?? ''} ${cause?.message ?? String(error)})`, { cause: error });
  }
}

describe('fuzzing the APIs', () => {
  it(`answers ${REQUESTS.toLocaleString('en')} hostile requests without a 5xx`, { timeout: 240_000 }, async () => {
    const users = await Promise.all([signUpUser(server), signUpUser(server)]);
    const fuzzer = createFuzzer(SEED, {
      anonKey: server.anonKey,
      serviceRoleKey: server.serviceRoleKey,
      userTokens: users.map((user) => user.session.access_token),
    });
    const requests = Array.from({ length: REQUESTS }, () => fuzzer.next());
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let index = 0;
    const begun = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (index < requests.length) {
          const request = requests[index++]!;
          const status = await send(request);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) failures.push(`${status} ${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 400)} ${(request.body ?? '').slice(0, 200)}`);
        }
      }),
    );
    console.log(`fuzz: ${REQUESTS} requests in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
    console.log(`fuzz (seed ${SEED}): ${[...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status} × ${count}`).join(', ')}`);
    expect(failures).toEqual([]);
    expect((await fetch(`${server.url}/ready`)).status).toBe(200);
  });
});
