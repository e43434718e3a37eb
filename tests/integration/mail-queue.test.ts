import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { inject } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { startJobRunner, type JobRunner } from '../../server/src/jobs/job-runner';
import { SEND_EMAIL_ATTEMPTS, sendEmailTask } from '../../server/src/jobs/tasks/send-email';
import type { EmailMessage, MailTransport } from '../../server/src/lib/mailer';
import { emailKinds, type EmailRenderer } from '../../server/src/modules/mail/email-kinds';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';
import { signedInUser } from '../support/rest-clients';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/test-server';
import { seedUser, uniqueEmail } from '../support/users';
import { createOutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { STRICT_POLICY } from '../../server/src/lib/outbound/url-policy';

/**
 * The outgoing e-mail queue on the job runner (decisions 0008 and 0013) against the real database, real
 * graphile-worker runners and a real SMTP conversation.
 */

let db: TestDatabase;
let sql: Sql;
let sink: SmtpSink;
let server: TestServer;
const silent = { debug() {}, info() {}, error() {}, warn() {} };

function recordingTransport(options: { fail?: boolean; delayMs?: number; before?: () => Promise<void> } = {}) {
  const delivered: EmailMessage[] = [];
  const transport: MailTransport = {
    async deliver(message) {
      await options.before?.();
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
      if (options.fail) throw new Error('SMTP 451 try again later');
      delivered.push(message);
    },
    close() {},
  };
  return { transport, delivered };
}

const note: EmailRenderer = async (email) => ({ kind: email.kind, to: email.recipient, subject: `Note ${String(email.payload.n)}`, text: 'x', html: 'x', link: 'http://x' });
const kinds = { ...emailKinds, test_note: note };

/** A runner of the send_email task alone, over this file's database. */
function runner(transport: MailTransport): Promise<JobRunner> {
  return startJobRunner({
    databaseUrl: db.url,
    services: { sql, mail: transport, siteUrl: 'http://x', analyticsRollupSeconds: 0, outbound: createOutboundClient({ policy: STRICT_POLICY }) },
    log: silent,
    tasks: [sendEmailTask(kinds)],
    cron: false,
    pollIntervalMs: 200,
  });
}

/** Queued e-mails, each with its send_email job, as private.enqueue_email queues them. */
async function enqueue(count: number, kind = 'test_note'): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    insert into private.outgoing_emails (kind, recipient, payload)
    select ${kind}, 'n' || n || '@example.com', jsonb_build_object('n', n) from generate_series(1, ${count}) n
    returning id::text`;
  for (const { id } of rows) await sql`select private.enqueue_job('send_email', jsonb_build_object('email_id', ${id}::bigint), now(), 'email:' || ${id}, ${SEND_EMAIL_ATTEMPTS})`;
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  sql = createSql(db.url, { max: 6 });
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, SMTP_FROM: 'Beyond Brochures <team@bb.test>' });
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
  await sql?.end();
  await db?.drop();
});

describe('the send_email job', () => {
  it('two workers on one database deliver every queued e-mail exactly once, and run again it sends nothing more', async () => {
    // Both workers take part whatever the machine's load: every delivery waits (up to 20 s) until each worker has begun
    // one, so the first worker to poll cannot send all 30 before the other's first poll.
    const begun = new Set<string>();
    let meet = () => {};
    const bothBegun = new Promise<void>((resolve) => (meet = resolve));
    const waitForBoth = (name: string) => async () => {
      begun.add(name);
      if (begun.size === 2) meet();
      await Promise.race([bothBegun, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    };
    const a = recordingTransport({ delayMs: 15, before: waitForBoth('a') });
    const b = recordingTransport({ delayMs: 15, before: waitForBoth('b') });
    const workers = await Promise.all([runner(a.transport), runner(b.transport)]);
    onTestFailed(() => Promise.all(workers.map((worker) => worker.stop())).then(() => {})); // a failure stops them too
    const ids = await enqueue(30);
    await Promise.all(workers.map((worker) => worker.drain()));

    const subjects = [...a.delivered, ...b.delivered].map((message) => message.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 30 }, (_, i) => `Note ${i + 1}`).sort());
    expect(a.delivered.length).toBeGreaterThan(0);
    expect(b.delivered.length).toBeGreaterThan(0);
    const unsent = await sql`select id from private.outgoing_emails where id = any(${ids}::bigint[]) and (sent_at is null or attempts <> 1)`;
    expect(unsent).toEqual([]);

    // The same jobs again (a crash after sending, before the job was marked done): the rows say sent, nothing goes out.
    for (const id of ids.slice(0, 5)) await sql`select private.enqueue_job('send_email', jsonb_build_object('email_id', ${id}::bigint))`;
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(a.delivered.length + b.delivered.length).toBe(30);

    await Promise.all(workers.map((worker) => worker.stop()));
    expect(await sql`select worker_id from private.job_workers`).toEqual([]);
  });

  it('retries a failed delivery later with backoff and gives up after the last attempt, keeping the reason', async () => {
    const [id] = await enqueue(1);
    const failing = recordingTransport({ fail: true });
    const worker = await runner(failing.transport);
    onTestFailed(() => worker.stop());
    await worker.drain();
    const [email] = await sql`select attempts, locked_until, sent_at, cancelled_at, last_error from private.outgoing_emails where id = ${id!}`;
    expect(email).toEqual({ attempts: 1, locked_until: null, sent_at: null, cancelled_at: null, last_error: 'SMTP 451 try again later' });
    // graphile-worker's backoff: e^1 seconds after the first failure.
    const [job] = await sql<{ id: string; attempts: number; retry_in: number }[]>`
      select id::text, attempts, extract(epoch from run_at - now())::float as retry_in from graphile_worker.jobs where key = ${`email:${id!}`}`;
    expect(job!.attempts).toBe(1);
    expect(job!.retry_in).toBeGreaterThan(0.5);
    expect(job!.retry_in).toBeLessThan(3.5);

    // The clock moved through the database: the last attempt is due now.
    await sql`select graphile_worker.reschedule_jobs(array[${job!.id}]::bigint[], run_at => now(), attempts => ${SEND_EMAIL_ATTEMPTS - 1})`;
    await worker.drain();
    await worker.stop();
    const reason = `gave up after ${SEND_EMAIL_ATTEMPTS} attempts: SMTP 451 try again later`;
    const [last] = await sql`select sent_at, last_error from private.outgoing_emails where id = ${id!}`;
    expect(last).toEqual({ sent_at: null, last_error: reason });
    expect(await sql`select id from graphile_worker.jobs where key = ${`email:${id!}`}`).toEqual([]);
    const [failure] = await sql`select task, job_key, attempts, last_error, resolution from private.failed_jobs where job_key = ${`email:${id!}`}`;
    expect(failure).toEqual({ task: 'send_email', job_key: `email:${id!}`, attempts: SEND_EMAIL_ATTEMPTS, last_error: reason, resolution: null });
  });

  it('a claim of a worker that died while sending does not hold the e-mail back', async () => {
    const [id] = await enqueue(1);
    await sql`update private.outgoing_emails set locked_until = now() + interval '2 minutes', claimed_by = 'pool-killed' where id = ${id!}`;
    const recorder = recordingTransport();
    const worker = await runner(recorder.transport);
    onTestFailed(() => worker.stop());
    await worker.drain();
    await worker.stop();
    expect(recorder.delivered.map((message) => message.to)).toEqual(['n1@example.com']);
  });

  it('cancels without sending: an unknown kind, and an invitation that is no longer pending', async () => {
    const [unknown] = await enqueue(1, 'not_a_kind');
    const owner = await seedUser(sql);
    const [invitation] = await sql<{ id: string }[]>`
      insert into public.workspace_invitations (organization_id, email, role, revoked_at)
      values (${owner.organizationId}, 'gone@example.com', 'member', now()) returning id`;
    const [revoked] = await sql<{ id: string }[]>`
      insert into private.outgoing_emails (kind, recipient, payload)
      values ('workspace_invitation', 'gone@example.com', jsonb_build_object('invitation_id', ${invitation!.id}::uuid)) returning id::text`;
    await sql`select private.enqueue_job('send_email', jsonb_build_object('email_id', ${revoked!.id}::bigint))`;
    const recorder = recordingTransport();
    const worker = await runner(recorder.transport);
    onTestFailed(() => worker.stop());
    await worker.drain();
    await worker.stop();
    expect(recorder.delivered).toEqual([]);
    const rows = await sql`select id::text, sent_at, last_error from private.outgoing_emails where id in (${unknown!}, ${revoked!.id}) order by id`;
    expect(rows).toEqual([
      { id: unknown, sent_at: null, last_error: 'unknown kind not_a_kind' },
      { id: revoked!.id, sent_at: null, last_error: 'no longer applicable' },
    ]);
    expect(await sql`select channel from private.workspace_invitation_tokens where invitation_id = ${invitation!.id}`).toEqual([]);
  });

  it('names written by users cannot add headers or recipients to an invitation e-mail (real SMTP)', async () => {
    const owner = await signedInUser(server, { metadata: { first_name: 'Eve\r\nBcc: spy@evil.example', last_name: 'X', company_name: 'Acme\r\nX-Injected: 1\nCc: cc@evil.example' } });
    const invitee = uniqueEmail('target');
    const { error } = await owner.client.rpc('invite_to_workspace', { workspace_id: owner.organizationId, email: invitee, access_role: 'member' });
    expect(error).toBeNull();
    await server.app.jobRunner?.()?.drain();

    const index = sink.messages.findIndex((text) => text.includes(`To: ${invitee}`));
    expect(index).toBeGreaterThanOrEqual(0);
    expect(sink.recipients[index]).toEqual([`<${invitee}>`]);
    const headers = sink.messages[index]!.split('\r\n\r\n')[0]!;
    expect(headers).not.toMatch(/^(bcc|cc|x-injected):/im);
    expect(headers).toMatch(/^Subject: Eve Bcc: spy@evil\.example X invited you to Acme X-Injected: 1 Cc:/m);
  });

  it('a new lead notifies every site admin once, the visitor’s text kept out of the headers (real SMTP)', async () => {
    const admins = await Promise.all([seedUser(server.sql, { siteAdmin: true }), seedUser(server.sql, { siteAdmin: true })]);
    const visitor = uniqueEmail('visitor');
    const { error } = await server.client().from('leads').insert({
      name: 'Eve\r\nBcc: spy@evil.example',
      email: visitor,
      company: 'Acme\nX-Injected: 1\r\nCc: cc@evil.example',
      message: 'Please call me.\r\n\r\nBcc: body@evil.example',
    });
    expect(error).toBeNull();
    await server.app.jobRunner?.()?.drain();

    for (const admin of admins) {
      const indexes = sink.messages.flatMap((text, index) => (text.includes(`To: ${admin.email}`) ? [index] : []));
      expect(indexes).toHaveLength(1);
      const message = sink.messages[indexes[0]!]!;
      expect(sink.recipients[indexes[0]!]).toEqual([`<${admin.email}>`]);
      const headers = message.split('\r\n\r\n')[0]!;
      expect(headers).not.toMatch(/^(bcc|cc|x-injected):/im);
      // Long headers are folded (CRLF + space): unfolded, the subject is still the one line the renderer wrote.
      expect(headers.replace(/\r\n[ \t]+/g, ' ')).toMatch(/^Subject: New lead from Eve Bcc: spy@evil\.example \(Acme X-Injected: 1 Cc: cc@evil\.example\) on/m);
      expect(message).toContain(visitor);
      expect(message).toContain('/admin/leads');
    }
  });
});
