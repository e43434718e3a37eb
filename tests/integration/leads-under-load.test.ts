import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../server/src/jobs/enqueue-job';
import { cronItems } from '../../server/src/jobs/schedules';
import { sendLeadDigests } from '../../server/src/jobs/tasks/send-lead-digests';
import { readOutbox } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { seedUser, uniqueEmail } from '../support/users';

/**
 * The contact form under load (issue 25, point 13; docs/decisions/0016-contact-form-under-load.md), from the
 * attacker's side and the visitor's: past a calm rate for everybody together, a message needs a proof of work (an
 * ALTCHA challenge issued and checked by the database) instead of being refused, and the site admins get a digest
 * instead of one e-mail per lead. TRUST_PROXY lets X-Forwarded-For stand for many networks.
 */

const lead = (email: string) => ({ name: 'Sam Surge', email, message: 'Please tell us about a new website.' });

function submit(server: TestServer, email: string, network: string, proof?: string) {
  return fetch(`${server.url}/rest/v1/leads`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      'x-forwarded-for': network,
      ...(proof ? { 'x-altcha': proof } : {}),
    },
    body: JSON.stringify(lead(email)),
  });
}

async function stored(server: TestServer, email: string): Promise<number> {
  const [row] = await server.sql<{ count: number }[]>`select count(*)::int as count from public.leads where email = ${email}`;
  return row!.count;
}

/** The challenge of a 403 challenge_required answer (what the form reads). */
async function challengeOf(response: Response): Promise<Challenge> {
  expect(response.status).toBe(403);
  const body = (await response.json()) as { code: string; details: string; hint: string };
  expect([body.code, body.details]).toEqual(['PT403', 'challenge_required']);
  return JSON.parse(body.hint) as Challenge;
}

/** What a browser sends back: base64 of ALTCHA's solution JSON, solved with altcha-lib as the form's worker does. */
async function solve(challenge: Challenge, number?: number): Promise<string> {
  const solution = number === undefined ? await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise : { number };
  expect(solution).not.toBeNull();
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution!.number, salt, signature }));
}

describe('the contact form under a surge: a proof of work instead of a refusal', () => {
  let server: TestServer;
  let hmacKey: string;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' }, { jobRunner: false });
    [{ hmacKey }] = await server.sql<[{ hmacKey: string }]>`select hmac_key as "hmacKey" from private.contact_form_key`;
    // 60 messages an hour in all pass without a proof: six networks send ten each (their own limit).
    for (let n = 0; n < 60; n += 1) expect((await submit(server, uniqueEmail('calm'), `198.51.100.${1 + Math.floor(n / 10)}`)).status).toBe(201);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('asks the next visitor for a proof (nothing stored, nothing of theirs spent), then takes the solved message', async () => {
    const email = uniqueEmail('visitor');
    const challenge = await challengeOf(await submit(server, email, '203.0.113.7'));
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 100_000 });
    expect(challenge.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+&$/);
    const expires = Number(/expires=(\d+)/.exec(challenge.salt)![1]);
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(await stored(server, email)).toBe(0);

    // A genuine ALTCHA challenge: altcha-lib verifies the solution with the database's key.
    const proof = await solve(challenge);
    expect(await verifySolution(proof, hmacKey)).toBe(true);

    // The form's own request: supabase-js with the solution in X-Altcha.
    const sent = await server.client().from('leads').insert(lead(email)).setHeader('x-altcha', proof).setHeader('x-forwarded-for', '203.0.113.7');
    expect([sent.status, sent.error]).toEqual([201, null]);
    expect(await stored(server, email)).toBe(1);

    // The refusal spent none of the network's ten (a refused message rolls back what it took); the accepted one did.
    const tokens = () =>
      server.sql<[{ tokens: number }]>`select floor(tokens)::int as tokens from private.rate_limits where key = 'lead:client:203.0.113.7'`.then(([row]) => row.tokens);
    expect(await tokens()).toBe(9);
    // The network's own limit still holds, proof or not.
    await server.sql`update private.rate_limits set tokens = 0, updated_at = clock_timestamp() where key = 'lead:client:203.0.113.7'`;
    const next = await challengeOf(await submit(server, uniqueEmail('x'), '203.0.113.8'));
    expect((await submit(server, uniqueEmail('visitor'), '203.0.113.7', await solve(next))).status).toBe(429);
  });

  it('refuses a proof used twice, a wrong number, a forged signature and an expired challenge, each with a new challenge', async () => {
    const challenge = await challengeOf(await submit(server, uniqueEmail('x'), '203.0.113.20'));
    const proof = await solve(challenge);
    const first = uniqueEmail('once');
    expect((await submit(server, first, '203.0.113.20', proof)).status).toBe(201);

    const replayed = uniqueEmail('twice');
    const fresh = await challengeOf(await submit(server, replayed, '203.0.113.21', proof));
    expect(fresh.challenge).not.toBe(challenge.challenge);
    expect(await stored(server, replayed)).toBe(0);

    const wrong = await challengeOf(await submit(server, uniqueEmail('x'), '203.0.113.22'));
    const solution = JSON.parse(atob(await solve(wrong))) as { number: number };
    await challengeOf(await submit(server, uniqueEmail('wrong'), '203.0.113.22', await solve(wrong, (solution.number + 1) % (wrong.maxnumber! + 1))));

    const forged = await createChallenge({ hmacKey: 'not-the-database-key', maxnumber: 1000, expires: new Date(Date.now() + 60_000) });
    await challengeOf(await submit(server, uniqueEmail('forged'), '203.0.113.23', await solve(forged)));

    const expired = await createChallenge({ hmacKey, maxnumber: 1000, expires: new Date(Date.now() - 1000) });
    await challengeOf(await submit(server, uniqueEmail('expired'), '203.0.113.24', await solve(expired)));
    const noExpiry = await createChallenge({ hmacKey, maxnumber: 1000 });
    await challengeOf(await submit(server, uniqueEmail('forever'), '203.0.113.25', await solve(noExpiry)));

    for (const junk of ['not base64!', btoa('{"algorithm":"SHA-256"}'), btoa('[1,2]'), 'A'.repeat(3000)]) {
      await challengeOf(await submit(server, uniqueEmail('junk'), '203.0.113.26', junk));
    }

    // The same protocol made elsewhere with the database's key is accepted: it is ALTCHA's, not a look-alike.
    const made = await createChallenge({ hmacKey, maxnumber: 1000, expires: new Date(Date.now() + 60_000) });
    expect((await submit(server, uniqueEmail('altcha-lib'), '203.0.113.27', await solve(made))).status).toBe(201);
  });

  it('never closes: with hundreds of messages in the hour the work grows, and a solved message is still taken', async () => {
    await server.sql`
      insert into public.leads (name, email, message)
      select 'Flood ' || n, 'flood' || n || '@example.com', 'A message of the flood, number ' || n from generate_series(1, 300) n`;
    const challenge = await challengeOf(await submit(server, uniqueEmail('late'), '203.0.113.40'));
    expect(challenge.maxnumber).toBe(200_000);
    const email = uniqueEmail('late');
    expect((await submit(server, email, '203.0.113.40', await solve(challenge))).status).toBe(201);
    expect(await stored(server, email)).toBe(1);
  });
});

describe('new-lead notices under a surge: a digest instead of one e-mail per lead', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });

  afterAll(async () => {
    await server?.close();
  });

  const drain = () => server.app.jobRunner!()!.drain();
  const mailTo = async (to: string) => (await readOutbox(server)).filter((mail) => mail.to === to);

  it('tells each site admin of the first five leads of an hour one by one, of the rest in one digest an hour', async () => {
    const admins = await Promise.all([seedUser(server.sql, { siteAdmin: true }), seedUser(server.sql, { siteAdmin: true })]);
    const names = Array.from({ length: 10 }, (_, n) => `Visitor ${n + 1}`);
    const send = async (n: number) => {
      const response = await fetch(`${server.url}/rest/v1/leads`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${n + 1}` },
        body: JSON.stringify({ name: names[n], email: uniqueEmail('lead'), message: `Message of ${names[n]} about a website.` }),
      });
      expect(response.status).toBe(201);
    };
    for (let n = 0; n < 8; n += 1) await send(n);
    await drain();
    for (const admin of admins) {
      expect((await mailTo(admin.email)).map((mail) => mail.subject)).toEqual(names.slice(0, 5).map((name) => `New lead from ${name} on Beyond Brochures`));
    }

    // The job runner's task (every five minutes on its cron) makes the digest: one e-mail per admin.
    expect(cronItems).toContainEqual({ task: 'send_lead_digests', match: '*/5 * * * *', identifier: 'send_lead_digests' });
    await enqueueJob(server.sql, sendLeadDigests, {});
    await drain();
    const digest = () => server.sql<[{ queued: number }]>`select private.queue_due_lead_digests() as queued`.then(([row]) => row.queued);
    for (const admin of admins) {
      const mails = await mailTo(admin.email);
      expect(mails).toHaveLength(6);
      expect(mails[5]).toMatchObject({ kind: 'new_lead_digest', subject: '3 new leads on Beyond Brochures' });
      expect(mails[5]!.text).toMatch(/Visitor 6 <[^>]+>, .*:\nMessage of Visitor 6 about a website\.\n\nVisitor 7 .*\n\nVisitor 8 /s);
      expect(mails[5]!.link).toBe(`${server.config.siteUrl}/admin/leads`);
    }
    expect(await digest()).toBe(0); // nothing waits

    // Two more leads wait for the next digest, an hour after the last.
    await send(8);
    await send(9);
    expect(await digest()).toBe(0);
    await server.sql`update private.lead_digests set created_at = created_at - interval '61 minutes'`;
    expect(await digest()).toBe(2);
    expect(await digest()).toBe(0);
    await drain();
    for (const admin of admins) {
      const mails = await mailTo(admin.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        ...names.slice(0, 5).map((name) => `New lead from ${name} on Beyond Brochures`),
        '3 new leads on Beyond Brochures',
        '2 new leads on Beyond Brochures',
      ]);
      expect(mails[6]!.text).toContain('Visitor 9');
      expect(mails[6]!.text).toContain('Visitor 10');
    }
    // Every lead is in the inbox either way.
    expect(await server.sql`select count(*)::int as count from public.leads where name = any(${names})`).toEqual([{ count: 10 }]);
  });
});
