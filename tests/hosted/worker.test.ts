import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { ROOT_DIR } from '../../server/src/project-paths';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { workerNodeArgs } from '../support/worker-command';

/**
 * `npm run worker` against the Supabase-shaped PostgreSQL 15 (the migrations pushed as `postgres`, which is no
 * superuser), as it runs against a hosted project: it installs its queue's schema as `postgres`, an invitation made
 * through the database function (as `authenticated`, the way PostgREST calls it) is e-mailed, and the public blog's
 * items appear for anon through its public functions — one published by hand, one scheduled and published by the
 * worker — rendered by the worker alone (no server runs here); an Email Platform campaign reaches its confirmed
 * member, with its unsubscribe link, and not the unsubscribed one.
 */

const shape = inject('supabaseShape');
let sink: SmtpSink;
let dataDir: string;
let postgres: Sql;
let authAdmin: Sql;
let authenticator: Sql;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await mkdtemp(path.join(tmpdir(), 'bb-hosted-worker-'));
  postgres = createSql(shape.urls.postgres, { max: 2 });
  authAdmin = createSql(shape.urls.supabaseAuthAdmin, { max: 1 });
  authenticator = createSql(shape.urls.authenticator, { max: 1 });
});

afterAll(async () => {
  // The run's other files share this database and expect a project where no worker has run yet: take the queue's
  // schema and this worker's traces away again (files of the hosted project run one after another).
  await postgres?.begin((tx) => [
    tx`drop schema if exists graphile_worker cascade`,
    tx`delete from private.job_workers`,
    tx`delete from private.job_backlog`,
  ]);
  await Promise.all([postgres?.end(), authAdmin?.end(), authenticator?.end()]);
  await sink?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run worker on the Supabase-shaped database', () => {
  it('installs its queue as postgres, e-mails an invitation made through invite_to_workspace, and puts published items on the blog', async () => {
    const child = spawn(process.execPath, workerNodeArgs(), {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        DATABASE_URL: shape.urls.postgres,
        DATA_DIR: dataDir,
        SITE_URL: 'https://www.example.com',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        SMTP_FROM: 'Beyond Brochures <team@example.com>',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await until(() => /Worker \S+ working for/.test(output), `the worker to start:\n${output}`);
      expect(await postgres`select nspowner::regrole::text as owner from pg_namespace where nspname = 'graphile_worker'`).toEqual([{ owner: 'postgres' }]);

      // An owner, signed up as Supabase Auth writes accounts (the trigger makes the workspace).
      const id = randomUUID();
      await authAdmin`
        insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
          created_at, updated_at, confirmation_token, recovery_token)
        values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${`${id.slice(0, 8)}@example.com`}, '', now(),
          '{"provider": "email"}', '{"first_name": "Hana", "last_name": "Host", "company_name": "Hosted Co"}', now(), now(), '', '')`;
      const [profile] = await postgres<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${id}`;
      const invitee = `invitee-${id.slice(0, 8)}@example.com`;
      const [invitation] = await authenticator.begin(async (tx) => {
        await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify({ sub: id, role: 'authenticated' })}, true)`;
        return tx<{ email_queued: boolean }[]>`select email_queued from public.invite_to_workspace(${profile!.organization_id}, ${invitee}, 'member')`;
      });
      expect(invitation).toEqual({ email_queued: true });

      await until(() => sink.messages.some((message) => message.includes(`To: ${invitee}`)), 'the invitation e-mail');
      const message = sink.messages.find((text) => text.includes(`To: ${invitee}`))!;
      expect(message).toMatch(/^Subject: Hana Host invited you to Hosted Co on Beyond Brochures/m);
      // Quoted-printable soft line breaks undone: the link is SITE_URL's.
      expect(message.replace(/=\r\n/g, '')).toMatch(/https:\/\/www\.example\.com\/invite\/[A-Za-z0-9_-]{43}/);
      const [email] = await postgres`select sent_at is not null as sent from private.outgoing_emails where recipient = ${invitee}`;
      expect(email).toEqual({ sent: true });

      // The owner opens a blog, publishes an item and schedules another a second ahead (as PostgREST runs them).
      const slug = `worker-${id.slice(0, 8)}`;
      const asOwner = <T>(work: (tx: Sql) => Promise<T>) =>
        authenticator.begin(async (tx) => {
          await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify({ sub: id, role: 'authenticated' })}, true)`;
          return work(tx as unknown as Sql);
        });
      const organization = profile!.organization_id;
      await asOwner(async (tx) => {
        await tx`insert into public.workspace_blogs (organization_id, slug) values (${organization}, ${slug})`;
        await tx`
          insert into public.content_items (organization_id, user_id, title, content, status) values
            (${organization}, ${id}, 'Published on a hosted blog', 'Hello <script>alert(1)</script>**hosted** readers', 'published')`;
        await tx`
          insert into public.content_items (organization_id, user_id, title, content, planned_publish_at, publish_on_schedule) values
            (${organization}, ${id}, 'Scheduled on a hosted blog', 'Out *on time*', now() + interval '1 second', true)`;
      });
      const asAnon = (postSlug: string) =>
        authenticator.begin(async (tx) => {
          await tx`select set_config('role', 'anon', true)`;
          return tx<{ title: string; content_html: string }[]>`select title, content_html from public.get_public_blog_post(${slug}, ${postSlug})`;
        });
      await until(async () => (await asAnon('published-on-a-hosted-blog')).length === 1, 'the published item on the blog');
      expect(await asAnon('published-on-a-hosted-blog')).toEqual([{ title: 'Published on a hosted blog', content_html: '<p>Hello <strong>hosted</strong> readers</p>\n' }]);
      await until(async () => (await asAnon('scheduled-on-a-hosted-blog')).length === 1, 'the scheduled item, published by the worker, on the blog');
      expect(await asAnon('scheduled-on-a-hosted-blog')).toEqual([{ title: 'Scheduled on a hosted blog', content_html: '<p>Out <em>on time</em></p>\n' }]);

      // An Email Platform campaign, sent by the worker alone: a list with one confirmed member (seeded as the
      // import would) and one unsubscribed one; the owner writes the campaign and sends it through PostgREST's calls.
      const reader = `reader-${id.slice(0, 8)}@example.com`;
      const leaver = `leaver-${id.slice(0, 8)}@example.com`;
      const [list] = await postgres<{ id: string }[]>`
        insert into public.email_lists (organization_id, name, opt_in) values (${organization}, 'Hosted readers', 'single') returning id`;
      await postgres`
        with added as (
          insert into public.contacts (organization_id, email, first_name) values (${organization}, ${reader}, 'Rita'), (${organization}, ${leaver}, 'Lee')
          returning id, email
        )
        insert into public.email_list_members (list_id, contact_id, organization_id, status, consent_method, consent_source, confirmed_at)
        select ${list!.id}, added.id, ${organization}, case when added.email = ${reader} then 'confirmed' else 'unsubscribed' end, 'manual', 'hosted test', now()
        from added`;
      const campaign = await asOwner(async (tx) => {
        const [row] = await tx<{ id: string }[]>`
          insert into public.email_campaigns (organization_id, name, subject, blocks, list_ids)
          values (${organization}, 'Hosted news', 'News for {{first_name|you}}', ${tx.json([{ type: 'text', markdown: 'Hello from a **hosted** project.' }])}, ${[list!.id]})
          returning id`;
        await tx`select status from public.send_email_campaign(${row!.id})`;
        return row!.id;
      });
      await until(async () => (await postgres`select status from public.email_campaigns where id = ${campaign}`)[0]!.status === 'sent', 'the campaign to be sent by the worker');
      const sent = sink.messages.filter((text) => /^Subject: News for Rita/m.test(text));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain(`To: ${reader}`);
      // Headers unfolded (a long header continues on indented lines).
      expect(sent[0]!.replace(/\r\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe: <https:\/\/www\.example\.com\/e\/u\/[A-Za-z0-9_-]+>/m);
      expect(sink.messages.some((text) => text.includes(`To: ${leaver}`))).toBe(false);
      expect(await postgres`select sent_count, recipients_total from public.email_campaigns where id = ${campaign}`).toEqual([{ sent_count: 1, recipients_total: 1 }]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(await postgres`select worker_id from private.job_workers`).toEqual([]);
  });
});
