import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, lastEmailTo, passResendInterval, readOutbox, signUpUser, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { seedUser, uniqueEmail } from '../support/users';

// The auth limits from the attacker's side: per client first, per address or account next, and the whole
// server's e-mail budget only as a last resort one client cannot reach. TRUST_PROXY lets X-Forwarded-For
// stand for many clients. The whole server's budget is raised above what this file's main server sends, so the
// timing check's attempts never meet it; a second server with a budget of 5 shows who may spend it.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true', RATE_LIMIT_OTP: '100000', RATE_LIMIT_TOKEN_REFRESH: '100000', RATE_LIMIT_EMAIL_SENT: '1000' });
});

afterAll(async () => {
  await server?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const recover = (email: string, address: string) => authFetch(server, '/recover', { body: { email }, headers: from(address) });
const signInAt = (email: string, password: string, address: string) =>
  authFetch(server, '/token?grant_type=password', { body: { email, password }, headers: from(address) });

describe('password recovery: one client cannot stop it for everybody', () => {
  it('holds back a client that asks for many recovery e-mails, and still mails others', async () => {
    const victims = await Promise.all(Array.from({ length: 31 }, () => seedUser(server.sql)));
    const statuses: number[] = [];
    for (const victim of victims.slice(0, 30)) statuses.push((await recover(victim.email, '198.51.100.66')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));

    const limited = await recover(victims[30]!.email, '198.51.100.66');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-sb-error-code')).toBe('over_email_send_rate_limit');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const other = await recover(victims[30]!.email, '198.51.100.67');
    expect(other.status).toBe(200);
    expect((await lastEmailTo(server, victims[30]!.email, 'recovery')).subject).toBe('Reset Your Password');
  });
});

describe('password recovery: the whole server’s e-mail budget pays only for e-mails sent (issue 25, point 12)', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ TRUST_PROXY: 'true', RATE_LIMIT_OTP: '100000', RATE_LIMIT_EMAIL_SENT: '5' });
  });
  afterAll(async () => {
    await small?.close();
  });
  const recoverOn = (email: string, address: string) => authFetch(small, '/recover', { body: { email }, headers: from(address) });
  const answer = async (response: Response) => `${response.status} ${await response.text()}`;
  const sentTo = async (email: string) => (await readOutbox(small)).filter((mail) => mail.to === email && mail.kind === 'recovery').length;

  it('cannot be emptied with addresses that have no account; once real e-mails spent it, every address gets the same 429', async () => {
    // 40 unknown addresses from 4 clients (10 each, the per-client share): nothing is sent, so nothing is spent.
    for (let n = 0; n < 40; n += 1) expect(await answer(await recoverOn(uniqueEmail('ghost'), `198.51.100.${80 + Math.floor(n / 10)}`))).toBe('200 {}');

    const users = await Promise.all(Array.from({ length: 6 }, () => seedUser(small.sql)));
    for (const [n, user] of users.slice(0, 5).entries()) {
      expect(await answer(await recoverOn(user.email, `198.51.100.${90 + n}`))).toBe('200 {}');
      await expect.poll(() => sentTo(user.email)).toBe(1);
    }

    // Five e-mails went out: the budget is spent, and a known and an unknown address hear the same.
    const known = await recoverOn(users[5]!.email, '198.51.100.96');
    const unknown = await recoverOn(uniqueEmail('ghost'), '198.51.100.97');
    expect([known.status, known.headers.get('x-sb-error-code'), Number(known.headers.get('retry-after')) > 0]).toEqual([429, 'over_email_send_rate_limit', true]);
    expect(await answer(unknown)).toBe(await answer(known));
    expect(unknown.headers.get('retry-after')).toBe(known.headers.get('retry-after'));
    expect(await sentTo(users[5]!.email)).toBe(0);
  });
});

describe('password recovery says nothing about which addresses have an account', () => {
  it('answers a second request within the resend interval with the same 429, known address or not', async () => {
    const known = (await seedUser(server.sql)).email;
    const unknown = uniqueEmail('ghost');
    for (const [email, address] of [
      [known, '198.51.100.70'],
      [unknown, '198.51.100.71'],
    ] as const) {
      const first = await recover(email, address);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({});
      const second = await recover(email, address);
      expect(second.status).toBe(429);
      expect(await second.json()).toEqual({
        code: 'over_email_send_rate_limit',
        message: expect.stringMatching(/^For security purposes, you can only request this after (59|60) seconds\.$/),
      });
      await passResendInterval(server, 'recovery', email);
      expect((await recover(email, address)).status).toBe(200);
    }
  });

  // A statistical check on a shared machine: other test files run beside it, and now and then their load lands on one
  // kind of sample more than the other. A real difference (before issue 13: a ratio of 2.86) fails every attempt;
  // noise does not fail three in a row. Each attempt uses fresh accounts and client addresses of its own.
  let attempt = 0;
  it('takes as long for an unknown address as for a known one (median pair ratio within 0.8–1.25)', { retry: 2 }, async () => {
    const network = ['203.0.113', '198.51.100', '192.0.2'][attempt++]!;
    const known = await Promise.all(Array.from({ length: 41 }, () => seedUser(server.sql)));
    const timed = async (email: string, n: number, known = false) => {
      const started = process.hrtime.bigint();
      const response = await recover(email, `${network}.${n}`);
      await response.text();
      expect(response.status).toBe(200);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // A known address's e-mail goes out after the answer: let it (wait until it is written, not a fixed time
      // that a loaded machine outlasts), so it does not slow the next sample.
      if (known) await lastEmailTo(server, email, 'recovery');
      await new Promise((resolve) => setTimeout(resolve, 25));
      return ms;
    };
    await timed(known[40]!.email, 250, true); // warm-up
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // ABBA order, each sample from its own client so no per-client limit is met.
    for (let round = 0; round < 40; round += 1) {
      if (round % 2 === 0) {
        knownTimes.push(await timed(known[round]!.email, round, true));
        unknownTimes.push(await timed(uniqueEmail('ghost'), 100 + round));
      } else {
        unknownTimes.push(await timed(uniqueEmail('ghost'), 100 + round));
        knownTimes.push(await timed(known[round]!.email, round, true));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Each round's two samples ran side by side: their ratio cancels the machine's drift.
    const ratio = median(knownTimes.map((ms, round) => ms / unknownTimes[round]!));
    console.log(`recover medians: known ${median(knownTimes).toFixed(1)} ms, unknown ${median(unknownTimes).toFixed(1)} ms, median pair ratio ${ratio.toFixed(2)}`);
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
  });
});

describe('password guessing: per account, from all addresses together', () => {
  it('holds back guesses at one account whatever address they come from, known account or not', async () => {
    const { email } = await signUpUser(server);
    for (const target of [email, uniqueEmail('nobody')]) {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) statuses.push((await signInAt(target, `guess-${i}`, `192.0.2.${i + 1}`)).status);
      expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
      const limited = await signInAt(target, 'guess-x', '192.0.2.99');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({
        code: 'over_request_rate_limit',
        message: expect.stringMatching(/^Too many sign-in attempts for this account: please try again in \d+ seconds\.$/),
      });
    }
  });

  it('does not lock the owner out from an address the account has a session from', async () => {
    // Signed up (and so signed in) from 192.0.2.200: the account has a session from there.
    const email = uniqueEmail('owner');
    expect((await authFetch(server, '/signup', { body: { email, password: TEST_PASSWORD }, headers: from('192.0.2.200') })).status).toBe(200);
    for (let i = 0; i < 11; i += 1) await signInAt(email, `guess-${i}`, `192.0.2.${100 + i}`);
    expect((await signInAt(email, 'guess', '192.0.2.150')).status).toBe(429);
    expect((await signInAt(email, TEST_PASSWORD, '192.0.2.200')).status).toBe(200);
  });

  it('forgives the earlier guesses after a successful sign-in', async () => {
    const { email } = await signUpUser(server);
    for (let i = 0; i < 9; i += 1) expect((await signInAt(email, `guess-${i}`, `192.0.2.${30 + i}`)).status).toBe(400);
    expect((await signInAt(email, TEST_PASSWORD, '192.0.2.50')).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await signInAt(email, `again-${i}`, `192.0.2.${60 + i}`)).status).toBe(400);
  });
});

describe('an SMTP server that never answers', () => {
  let silent: net.Server;
  let slow: TestServer;

  const connections = new Set<net.Socket>();

  beforeAll(async () => {
    silent = net.createServer((socket) => void connections.add(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    slow = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}` });
  });

  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    await slow?.close();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('does not hold back the answer to a recovery request for a known address', async () => {
    const { email } = await seedUser(slow.sql);
    const response = await authFetch(slow, '/recover', { body: { email } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect((await readOutbox(slow)).filter((message) => message.to === email)).toEqual([]);
  });
});
