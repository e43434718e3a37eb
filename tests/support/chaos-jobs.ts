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
  /** The campaign of the Email Platform sent meanwhile, and its recipients' addresses. */
  campaignId: string;
  campaignRecipients: string[];
}

/**
 * `publications` content items scheduled to publish over the next `spreadMs`, and `emails` invitation e-mails due now,
 * each queued as the product queues it (private.enqueue_email: a worker must be alive).
 */
export async function writeJobWorkload(sql: Sql, options: { publications: number; emails: number; campaignRecipients: number; spreadMs: number; label: string }): Promise<JobWorkload> {
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
  const campaign = await writeCampaign(sql, owner.organizationId, options.campaignRecipients, options.label);
  return { workspaceId: owner.organizationId, publications: options.publications, emails: options.emails, ...campaign };
}

/** A single opt-in list of `count` confirmed contacts and a campaign to it, sent now as send_email_campaign() does. */
async function writeCampaign(sql: Sql, workspaceId: string, count: number, label: string): Promise<{ campaignId: string; campaignRecipients: string[] }> {
  await sql`update public.email_settings set per_minute_limit = 100000, error_threshold = 10000 where organization_id = ${workspaceId}`;
  const [list] = await sql<{ id: string }[]>`insert into public.email_lists (organization_id, name, opt_in) values (${workspaceId}, ${`${label} list`}, 'single') returning id`;
  const contacts = await sql<{ id: string; email: string }[]>`
    insert into public.contacts (organization_id, email, first_name)
    select ${workspaceId}, ${label} || '-c' || n || '@example.com', 'Chaos' from generate_series(1, ${count}) n
    returning id, email`;
  await sql`
    insert into public.email_list_members (list_id, contact_id, organization_id, status, consent_method, consent_source, confirmed_at)
    select ${list!.id}, id, ${workspaceId}, 'confirmed', 'import', 'chaos', now() from unnest(${contacts.map((c) => c.id)}::uuid[]) id`;
  const [campaign] = await sql<{ id: string }[]>`
    insert into public.email_campaigns (organization_id, name, subject, blocks, list_ids, status, scheduled_at)
    values (${workspaceId}, ${`${label} campaign`}, 'Chaos for {{first_name}}', ${sql.json([{ type: 'text', markdown: 'Exactly once, please.' }] as never)}, ${[list!.id]}, 'scheduled', now())
    returning id`;
  await sql`select private.enqueue_job('send_email_campaign', ${sql.json({ workspace_id: workspaceId, campaign_id: campaign!.id })}, now(), ${`campaign:${campaign!.id}`}, 25)`;
  return { campaignId: campaign!.id, campaignRecipients: contacts.map((c) => c.email) };
}

/** Whether every publication and e-mail of the workload is done (or `limitMs` passed). */
export async function waitForWorkload(sql: Sql, workload: JobWorkload, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const [row] = await sql<{ published: number; sent: number; campaign: string }[]>`
      select (select count(*)::int from public.content_items where organization_id = ${workload.workspaceId} and status = 'published') as published,
        (select count(*)::int from private.outgoing_emails e join public.workspace_invitations i on i.id = (e.payload ->> 'invitation_id')::uuid
          where i.organization_id = ${workload.workspaceId} and (e.sent_at is not null or e.unconfirmed_at is not null)) as sent,
        (select status from public.email_campaigns where id = ${workload.campaignId}) as campaign`;
    if (row!.published === workload.publications && row!.sent === workload.emails && row!.campaign === 'sent') return true;
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
  /** E-mails whose final dot may have reached the SMTP server before a kill: recorded unconfirmed, not sent again. */
  unconfirmed: number;
  /** Of them, how many the SMTP server did receive. */
  unconfirmedReceived: number;
  /** Addresses that received an e-mail more than once, and e-mails neither received nor recorded unconfirmed. */
  duplicates: number;
  missed: number;
  campaign: CampaignAudit;
  /** Outbox files of the workload's e-mails, and how many distinct e-mails they are. */
  outboxFiles: number;
  /** SMTP DATA received for the workload's addresses, and distinct Message-IDs among them. */
  smtpMessages: number;
  smtpDistinct: number;
  /** Failed jobs by task and last error, e.g. 'publish_content × 2 (gave up after 5 attempts: …)'. */
  failedJobs: string;
}

export interface CampaignAudit {
  status: string;
  recipients: number;
  sent: number;
  unconfirmed: number;
  /** Unconfirmed deliveries the SMTP server did receive (the rest never got past the final dot). */
  unconfirmedReceived: number;
  /** Recipients who received the campaign more than once. */
  duplicates: number;
  /** Recipients who received nothing and whose delivery is not recorded unconfirmed (lost without a trace). */
  missed: number;
  messages: number;
}

/** Messages received per envelope recipient. */
function receivedBy(recipients: readonly string[][]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const envelope of recipients) for (const address of envelope) {
    const plain = address.replace(/^<|>$/g, '').toLowerCase();
    counts.set(plain, (counts.get(plain) ?? 0) + 1);
  }
  return counts;
}

export async function auditCampaign(sql: Sql, workload: JobWorkload, recipients: readonly string[][]): Promise<CampaignAudit> {
  const received = receivedBy(recipients);
  const deliveries = await sql<{ email: string; status: string }[]>`select email, status from public.email_deliveries where campaign_id = ${workload.campaignId}`;
  const [campaign] = await sql<{ status: string }[]>`select status from public.email_campaigns where id = ${workload.campaignId}`;
  const unconfirmed = new Set(deliveries.filter((d) => d.status === 'unconfirmed').map((d) => d.email));
  const counts = workload.campaignRecipients.map((address) => received.get(address.toLowerCase()) ?? 0);
  return {
    status: campaign!.status,
    recipients: workload.campaignRecipients.length,
    sent: deliveries.filter((d) => d.status === 'sent').length,
    unconfirmed: unconfirmed.size,
    unconfirmedReceived: [...unconfirmed].filter((address) => (received.get(address) ?? 0) > 0).length,
    duplicates: counts.filter((count) => count > 1).length,
    missed: workload.campaignRecipients.filter((address, index) => counts[index] === 0 && !unconfirmed.has(address.toLowerCase())).length,
    messages: workload.campaignRecipients.reduce((sum, address) => sum + (received.get(address.toLowerCase()) ?? 0), 0),
  };
}

export async function auditWorkload(sql: Sql, workload: JobWorkload, dataDir: string, smtpMessages: readonly string[], label: string, recipients: readonly string[][]): Promise<JobAudit> {
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
  const invitations = await sql<{ email: string; unconfirmed: boolean }[]>`
    select i.email, e.unconfirmed_at is not null as unconfirmed from private.outgoing_emails e
    join public.workspace_invitations i on i.id = (e.payload ->> 'invitation_id')::uuid where i.organization_id = ${workload.workspaceId}`;
  const received = receivedBy(recipients);
  const invitationCounts = invitations.map((row) => received.get(row.email.toLowerCase()) ?? 0);
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
    unconfirmed: invitations.filter((row) => row.unconfirmed).length,
    unconfirmedReceived: invitations.filter((row, index) => row.unconfirmed && invitationCounts[index]! > 0).length,
    duplicates: invitationCounts.filter((count) => count > 1).length,
    missed: invitations.filter((row, index) => invitationCounts[index] === 0 && !row.unconfirmed).length,
    campaign: await auditCampaign(sql, workload, recipients),
    outboxFiles: names.filter((name) => name.includes('workspace_invitation-queued-')).length,
    smtpMessages: ours.length,
    smtpDistinct: ids.size,
    failedJobs: failed.map((row) => `${row.task} × ${row.count} (${row.error})`).join(', ') || 'none',
  };
}
