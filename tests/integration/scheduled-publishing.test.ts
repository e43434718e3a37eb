import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, enqueueJobByName } from '../../server/src/jobs/enqueue-job';
import { publishContent } from '../../server/src/jobs/tasks/publish-content';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Scheduled publishing through supabase-js with the server's job runner: a scheduled item is published at its moment,
 * once; rescheduling and unscheduling before it win; viewers cannot schedule; a job naming another workspace's item
 * is refused; every publication leaves one durable event. The clock moves through the database (the planned moment
 * set in the past), never by waiting.
 */

let server: TestServer;
let member: SignedInUser;
const hour = 3_600_000;
const inAnHour = () => new Date(Date.now() + hour).toISOString();

async function createScheduled(owner: SignedInUser, title: string, at = inAnHour()): Promise<string> {
  const { data, error } = await owner.client
    .from('content_items')
    .insert({ organization_id: owner.organizationId, user_id: owner.id, title, planned_publish_at: at, publish_on_schedule: true })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id;
}

async function publishJob(id: string) {
  return server.sql<{ id: string; run_at: Date; attempts: number }[]>`
    select id::text, run_at, attempts from graphile_worker.jobs where key = ${`content:${id}:publish`}`;
}

async function item(id: string) {
  const [row] = await server.sql<{ status: string; published_at: Date | null; publish_on_schedule: boolean; planned_publish_at: Date | null }[]>`
    select status, published_at, publish_on_schedule, planned_publish_at from public.content_items where id = ${id}`;
  return row!;
}

/** Time passes: the item's moment is now a minute ago (the trigger moves its job along). */
async function letTheMomentPass(id: string) {
  await server.sql`update public.content_items set planned_publish_at = now() - interval '1 minute' where id = ${id}`;
}

const events = (id: string) =>
  server.sql<{ type: string }[]>`select type from private.workspace_events where subject_id = ${id} order by id`.then((rows) => rows.map((row) => row.type));

const drain = () => server.app.jobRunner!()!.drain();

beforeAll(async () => {
  server = await startTestServer();
  member = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
});

describe('scheduled publishing', () => {
  it('queues one job for the planned moment, publishes the item when it comes, once, and records content.published', async () => {
    const id = await createScheduled(member, 'Launch post');
    const [job] = await publishJob(id);
    expect(job!.run_at.toISOString()).toBe((await item(id)).planned_publish_at!.toISOString());
    await drain();
    expect((await item(id)).status).toBe('draft');

    await letTheMomentPass(id);
    await drain();
    const published = await item(id);
    expect(published).toMatchObject({ status: 'published', publish_on_schedule: false });
    expect(published.published_at).not.toBeNull();
    expect(await publishJob(id)).toEqual([]);
    expect(await events(id)).toEqual(['content.published']);

    // The same job again (a worker killed after publishing, before the job was marked done): nothing changes.
    const { data } = await member.client.from('content_items').select('planned_publish_at').eq('id', id).single();
    await enqueueJob(server.sql, publishContent, { workspace_id: member.organizationId, content_item_id: id, planned_publish_at: data!.planned_publish_at! });
    await drain();
    expect((await item(id)).published_at!.toISOString()).toBe(published.published_at!.toISOString());
    expect(await events(id)).toEqual(['content.published']);
    expect(await server.sql`select id from private.failed_jobs where payload ->> 'content_item_id' = ${id}`).toEqual([]);
  });

  it('rescheduling before the moment wins: the job moves, and the old moment publishes nothing', async () => {
    const id = await createScheduled(member, 'Moved post');
    const { data: before } = await member.client.from('content_items').select('planned_publish_at').eq('id', id).single();
    const later = new Date(Date.now() + 2 * hour).toISOString();
    const { error } = await member.client.from('content_items').update({ planned_publish_at: later }).eq('id', id);
    expect(error).toBeNull();
    const jobs = await publishJob(id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at.toISOString()).toBe(new Date(later).toISOString());

    // A job for the old moment (one already running when the plan moved) does nothing.
    await server.sql.begin(async (tx) => {
      await tx`update public.content_items set planned_publish_at = now() - interval '1 minute' where id = ${id}`;
      await tx`select graphile_worker.remove_job(${`content:${id}:publish`})`;
    });
    await enqueueJobByName(server.sql, 'publish_content', { workspace_id: member.organizationId, content_item_id: id, planned_publish_at: before!.planned_publish_at });
    await drain();
    expect((await item(id)).status).toBe('draft');
    expect(await events(id)).toEqual([]);
  });

  it('unscheduling before the moment wins: the job goes, by switching it off, by clearing the date or by publishing by hand', async () => {
    const off = await createScheduled(member, 'Switched off');
    const cleared = await createScheduled(member, 'Date cleared');
    const byHand = await createScheduled(member, 'Published by hand');
    await member.client.from('content_items').update({ publish_on_schedule: false }).eq('id', off).throwOnError();
    await member.client.from('content_items').update({ planned_publish_at: null }).eq('id', cleared).throwOnError();
    await member.client.from('content_items').update({ status: 'published' }).eq('id', byHand).throwOnError();
    for (const id of [off, cleared, byHand]) {
      expect(await publishJob(id)).toEqual([]);
      expect((await item(id)).publish_on_schedule).toBe(false);
    }
    await server.sql`update public.content_items set planned_publish_at = now() - interval '1 minute' where id in (${off}, ${byHand})`;
    await drain();
    expect((await item(off)).status).toBe('draft');
    expect(await events(byHand)).toEqual(['content.published']);
  });

  it('records content.unpublished when a published item changes status or is deleted', async () => {
    const id = await createScheduled(member, 'Short-lived');
    await letTheMomentPass(id);
    await drain();
    await member.client.from('content_items').update({ status: 'draft' }).eq('id', id).throwOnError();
    await member.client.from('content_items').update({ status: 'published' }).eq('id', id).throwOnError();
    await member.client.from('content_items').delete().eq('id', id).throwOnError();
    expect(await events(id)).toEqual(['content.published', 'content.unpublished', 'content.published', 'content.unpublished']);
    const [last] = await server.sql`select workspace_id, payload ->> 'reason' as reason from private.workspace_events where subject_id = ${id} order by id desc limit 1`;
    expect(last).toEqual({ workspace_id: member.organizationId, reason: 'deleted' });
  });

  it('queues one job per subscribed task for each event, keyed by the event', async () => {
    await server.sql`insert into private.workspace_event_subscribers (event_type, task) values ('content.published', 'test_subscriber')`;
    try {
      const id = await createScheduled(member, 'Announced');
      await letTheMomentPass(id);
      await drain();
      const [event] = await server.sql<{ id: string }[]>`select id::text from private.workspace_events where subject_id = ${id}`;
      const jobs = await server.sql`select task_identifier from graphile_worker.jobs where key = ${`event:${event!.id}:test_subscriber`}`;
      expect(jobs).toEqual([{ task_identifier: 'test_subscriber' }]);
    } finally {
      await server.sql`delete from private.workspace_event_subscribers`;
      await server.sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs where task_identifier = 'test_subscriber'))`;
    }
  });

  it('a member cannot move a scheduled item into the past (it would publish at once): refused with the reason, nothing published', async () => {
    const id = await createScheduled(member, 'Dragged a day too far');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const moved = await member.client.from('content_items').update({ planned_publish_at: yesterday }).eq('id', id).select('id');
    expect([moved.status, moved.error?.code, moved.error?.details]).toEqual([400, '23514', 'schedule_in_past']);
    expect(moved.error?.message).toMatch(/cannot be moved into the past: it would be published at once/);
    // Scheduling with a past moment, or inserting so, is the same.
    const plan = await member.client
      .from('content_items')
      .insert({ organization_id: member.organizationId, user_id: member.id, title: 'A plan of yesterday', planned_publish_at: yesterday })
      .select('id')
      .single();
    expect(plan.error).toBeNull();
    const scheduling = await member.client.from('content_items').update({ publish_on_schedule: true }).eq('id', plan.data!.id).select('id');
    expect(scheduling.error?.details).toBe('schedule_in_past');
    const inserted = await member.client
      .from('content_items')
      .insert({ organization_id: member.organizationId, user_id: member.id, title: 'Scheduled yesterday', planned_publish_at: yesterday, publish_on_schedule: true })
      .select('id');
    expect(inserted.error?.details).toBe('schedule_in_past');
    await drain();
    expect(await item(id)).toMatchObject({ status: 'draft', publish_on_schedule: true, planned_publish_at: new Date((await publishJob(id))[0]!.run_at) });
    expect(await events(id)).toEqual([]);

    // Still allowed: this very minute (Schedule Publishing offers it), a plan moved into the past, and saving a
    // scheduled item whose moment has passed without moving it (no worker published it: the calendar says Overdue).
    const thisMinute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    expect((await member.client.from('content_items').update({ planned_publish_at: yesterday }).eq('id', plan.data!.id).select('id')).error).toBeNull();
    const passed = await createScheduled(member, 'Its moment passed');
    await server.sql`update public.content_items set planned_publish_at = now() - interval '1 hour' where id = ${passed}`;
    await server.sql`select graphile_worker.remove_job(${`content:${passed}:publish`})`;
    // As the content dialog saves it: every field, the moment in whole minutes.
    const asShown = new Date(Math.floor((await item(passed)).planned_publish_at!.getTime() / 60_000) * 60_000).toISOString();
    const saved = await member.client.from('content_items').update({ excerpt: 'Edited meanwhile', planned_publish_at: asShown, publish_on_schedule: true }).eq('id', passed).select('id');
    expect(saved.error).toBeNull();
    expect((await member.client.from('content_items').update({ planned_publish_at: thisMinute }).eq('id', id).select('id')).error).toBeNull();
    await drain();
    expect((await item(id)).status).toBe('published');
  });

  it('viewers cannot schedule (nor unschedule) an item of their workspace', async () => {
    const viewer = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${member.organizationId}, ${viewer.id}, 'viewer')`;
    const id = await createScheduled(member, 'Not yours to move');
    const { data } = await viewer.client.from('content_items').update({ publish_on_schedule: false }).eq('id', id).select('id');
    expect(data).toEqual([]);
    const planned = await viewer.client.from('content_items').update({ planned_publish_at: new Date().toISOString() }).eq('id', id).select('id');
    expect(planned.data).toEqual([]);
    expect(await publishJob(id)).toHaveLength(1);
  });
});

describe('a job confined to its workspace', () => {
  it('a payload naming workspace A and an item of workspace B does nothing to B and fails with a clear error, at once', async () => {
    const other = await signedInUser(server);
    const foreign = await createScheduled(other, 'Workspace B’s item');
    // Its moment has come, but workspace B's own job is taken away in the same transaction: only the forged one acts.
    await server.sql.begin(async (tx) => {
      await tx`update public.content_items set planned_publish_at = now() - interval '1 minute' where id = ${foreign}`;
      await tx`select graphile_worker.remove_job(${`content:${foreign}:publish`})`;
    });
    const { data } = await other.client.from('content_items').select('planned_publish_at').eq('id', foreign).single();
    await enqueueJob(server.sql, publishContent, { workspace_id: member.organizationId, content_item_id: foreign, planned_publish_at: data!.planned_publish_at! });
    await drain();

    expect(await item(foreign)).toMatchObject({ status: 'draft', published_at: null, publish_on_schedule: true });
    expect(await events(foreign)).toEqual([]);
    const [failure] = await server.sql`select task, workspace_id, attempts, last_error from private.failed_jobs where payload ->> 'content_item_id' = ${foreign}`;
    expect(failure).toEqual({ task: 'publish_content', workspace_id: member.organizationId, attempts: 1, last_error: `content item ${foreign} does not belong to workspace ${member.organizationId}` });
  });

  it('a payload that does not fit the task fails at once with the reason, without running the handler', async () => {
    await enqueueJobByName(server.sql, 'publish_content', { workspace_id: 'not-a-uuid', content_item_id: '22222222-0000-4000-8000-000000000001', planned_publish_at: '2026-01-01T00:00:00Z' }, { jobKey: 'forged-payload' });
    await drain();
    const [failure] = await server.sql`select attempts, last_error from private.failed_jobs where job_key = 'forged-payload'`;
    expect(failure).toEqual({ attempts: 1, last_error: 'refused payload: workspace_id: Invalid UUID' });
  });
});
