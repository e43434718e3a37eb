import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { forgetWorkers, startHostedWorker, until } from './support/hosted-worker';

/**
 * `npm run worker` against the Supabase-shaped PostgreSQL 15 (the migrations pushed as `postgres`, which is no
 * superuser), as it runs against a hosted project: it installs its queue's schema as `postgres`, an invitation made
 * through the database function (as `authenticated`, the way PostgREST calls it) is e-mailed, and the public blog's
 * items appear for anon through its public functions — one published by hand, one scheduled and published by the
 * worker — rendered by the worker alone (no server runs here). Its Email Platform campaigns: email-worker.test.ts.
 */

const shape = inject('supabaseShape');
let sink: SmtpSink;
let postgres: Sql;
let authAdmin: Sql;
let authenticator: Sql;

beforeAll(async () => {
  sink = await startSmtpSink();
  postgres = createSql(shape.urls.postgres, { max: 2 });
  authAdmin = createSql(shape.urls.supabaseAuthAdmin, { max: 1 });
  authenticator = createSql(shape.urls.authenticator, { max: 1 });
});

afterAll(async () => {
  if (postgres) await forgetWorkers(postgres);
  await Promise.all([postgres?.end(), authAdmin?.end(), authenticator?.end()]);
  await sink?.close();
});

describe('npm run worker on the Supabase-shaped database', () => {
  it('installs its queue as postgres, e-mails an invitation made through invite_to_workspace, and puts published items on the blog', async () => {
    const worker = await startHostedWorker(shape.urls.postgres, {
      SITE_URL: 'https://www.example.com',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      SMTP_FROM: 'Beyond Brochures <team@example.com>',
    });
    try {
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
    } catch (error) {
      await worker.stop();
      throw error;
    }
    expect(await worker.stop()).toBe(0);
    expect(await postgres`select worker_id from private.job_workers`).toEqual([]);
  });
});
