import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, signUpUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// No account enumeration by timing, and bcrypt off the event loop. These are correctness properties:
// medians of interleaved samples, compared with each other in the same run, not against a clock budget.
let server: TestServer;
let email: string;

beforeAll(async () => {
  // A high refill so the sampling below never meets the sign-in rate limit.
  server = await startTestServer({ RATE_LIMIT_TOKEN_REFRESH: '100000', RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000000' });
  ({ email } = await signUpUser(server));
});

afterAll(async () => {
  await server?.close();
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timedSignIn(address: string): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await authFetch(server, '/token?grant_type=password', { body: { email: address, password: 'not-the-password' } });
  await response.text();
  expect(response.status).toBe(400);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

describe('sign-in timing', () => {
  // Statistical, on a shared machine: a real difference (bcrypt skipped for unknown addresses: several times faster)
  // fails every attempt; the load of test files running beside it does not fail three in a row.
  it('takes as long for an unknown address as for a wrong password (medians within 20%)', { retry: 2 }, async () => {
    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    await timedSignIn(email); // warm-up: connections, dummy hash, JIT
    await timedSignIn(uniqueEmail());
    // ABBA order: a request right after another one is measurably slower here, whatever its kind.
    for (let round = 0; round < 40; round += 1) {
      if (round % 2 === 0) {
        wrongPassword.push(await timedSignIn(email));
        unknownEmail.push(await timedSignIn(uniqueEmail('nobody')));
      } else {
        unknownEmail.push(await timedSignIn(uniqueEmail('nobody')));
        wrongPassword.push(await timedSignIn(email));
      }
    }
    const known = median(wrongPassword);
    const unknown = median(unknownEmail);
    const ratios = wrongPassword.map((value, index) => value / unknownEmail[index]!);
    console.log(`sign-in medians: wrong password ${known.toFixed(1)} ms, unknown e-mail ${unknown.toFixed(1)} ms, median pair ratio ${median(ratios).toFixed(3)}`);
    expect(Math.abs(known - unknown) / Math.max(known, unknown)).toBeLessThan(0.2);
  });

  it('answers other requests while sign-ins hash passwords (bcrypt runs off the event loop)', async () => {
    const order: string[] = [];
    const signIns = Array.from({ length: 8 }, async () => {
      await timedSignIn(email);
      order.push('sign-in');
    });
    const settings = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const response = await authFetch(server, '/settings');
      expect(response.status).toBe(200);
      order.push('settings');
    })();
    await Promise.all([...signIns, settings]);
    expect(order[0]).toBe('settings');
  });
});
