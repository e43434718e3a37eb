import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from '../../server/src/db/client';
import { seedUser } from './users';

/**
 * Background work under kill -9 (`npm run chaos`): a workload of scheduled publications and e-mails written straight
 * into the database, and the audit once it is done — what was lost, what happened twice.
 */

export interface JobWorkload {
  workspaceId: string;
  publications: number;
  emails: number;
}

/**
 * `publications` content items scheduled to publish over the next `spreadMs`, and `emails` invitation e-mails due now,
 * each queued as the product queues it (private.enqueue_email: a worker must be alive).
 */
export async function writeJobWorkload(sql: Sql, options: { publications: number; emails: number; spreadMs: number; label: string }): Promise<JobWorkload> {
  const owner = await seedUser(sql);
  const step = options.spreadMs / Math.max(1, options.publications);
  await sql`
    insert into public.content_items (organization_id, user_id, title, planned_publish_at, publish_on_schedule)
    select ${owner.organizationId}, ${owner.id}, ${options.label} || '-pub-' || n, now() + make_interval(secs => n * ${step} / 1000.0), true
    from generate_series(1, ${options.publications}) n`;
  const queued = await sql<{ queued: string | null }[]>`
    with invitations as (
      insert into public.workspace_invitations (organization_id, email, role, invited_by)
      select ${owner.organizationId}, ${options.label} || '-' || n || '@example.com', 'member', ${owner.id} from generate_series(1, ${options.emails}) n
      returning id, email
    )
    select private.enqueue_email('workspace_invitation', i.email, jsonb_build_object('invitation_id', i.id))::text as queued from invitations i`;
  if (queued.some((row) => row.queued === null)) throw new Error('e-mails were not queued: no worker had signalled');
  return { workspaceId: owner.organizationId, publications: options.publications, emails: options.emails };
}

/** Whether every publication and e-mail of the workload is done (or `limitMs` passed). */
export async function waitForWorkload(sql: Sql, workload: JobWorkload, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const [row] = await sql<{ published: number; sent: number }[]>`
      select (select count(*)::int from public.content_items where organization_id = ${workload.workspaceId} and status = 'published') as published,
        (select count(*)::int from private.outgoing_emails e join public.workspace_invitations i on i.id = (e.payload ->> 'invitation_id')::uuid
          where i.organization_id = ${workload.workspaceId} and e.sent_at is not null) as sent`;
    if (row!.published === workload.publications && row!.sent === workload.emails) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface JobAudit {
  published: number;
  /** Items published more than once (more than one content.published event). */
  publishedTwice: number;
  /** Scheduled moment → published_at, milliseconds: median and max. */
  lateness: { p50: number; max: number };
  sent: number;
  /** Outbox files of the workload's e-mails, and how many distinct e-mails they are. */
  outboxFiles: number;
  /** SMTP DATA received for the workload's addresses, and distinct Message-IDs among them. */
  smtpMessages: number;
  smtpDistinct: number;
  /** Failed jobs by task and last error, e.g. 'publish_content × 2 (gave up after 5 attempts: …)'. */
  failedJobs: string;
}

export async function auditWorkload(sql: Sql, workload: JobWorkload, dataDir: string, smtpMessages: readonly string[], label: string): Promise<JobAudit> {
  const [publication] = await sql<{ published: number; twice: number; p50: number; max: number }[]>`
    with items as (
      select c.id, c.published_at, c.planned_publish_at,
        (select count(*) from private.workspace_events e where e.subject_id = c.id and e.type = 'content.published') as events
      from public.content_items c where c.organization_id = ${workload.workspaceId}
    )
    select count(*) filter (where published_at is not null)::int as published, count(*) filter (where events > 1)::int as twice,
      coalesce(percentile_cont(0.5) within group (order by extract(epoch from published_at - planned_publish_at) * 1000), 0)::float as p50,
      coalesce(max(extract(epoch from published_at - planned_publish_at) * 1000), 0)::float as max
    from items`;
  const [email] = await sql<{ sent: number }[]>`
    select count(*)::int as sent from private.outgoing_emails e join public.workspace_invitations i on i.id = (e.payload ->> 'invitation_id')::uuid
    where i.organization_id = ${workload.workspaceId} and e.sent_at is not null`;
  const failed = await sql<{ task: string; count: number; error: string }[]>`
    select task, count(*)::int as count, string_agg(distinct left(last_error, 200), ' | ') as error from private.failed_jobs group by task order by task`;
  const names = await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);
  const ours = smtpMessages.filter((message) => message.includes(`${label}-`));
  const ids = new Set(ours.map((message) => /^Message-ID: (.+)$/im.exec(message)?.[1] ?? message));
  return {
    published: publication!.published,
    publishedTwice: publication!.twice,
    lateness: { p50: publication!.p50, max: publication!.max },
    sent: email!.sent,
    outboxFiles: names.filter((name) => name.includes('workspace_invitation-queued-')).length,
    smtpMessages: ours.length,
    smtpDistinct: ids.size,
    failedJobs: failed.map((row) => `${row.task} × ${row.count} (${row.error})`).join(', ') || 'none',
  };
}
