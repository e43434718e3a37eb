import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Outgoing webhooks on the server's job runner: a content item published by the scheduler at its moment reaches the
 * endpoint as exactly one signed delivery (the event's deliver_webhooks job), "send again" is taken by a wake-up
 * job, and a 5xx leaves a retry run queued at the delivery's next attempt. The clock moves through the database.
 */

let server: TestServer;
let receiver: WebhookReceiver;
let owner: SignedInUser;
let secret: string;

const drain = () => server.app.jobRunner!()!.drain();

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.2');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
  owner = await signedInUser(server);
  const { data, error } = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: `${receiver.origin}/hook`, events: ['content.published'] });
  expect(error).toBeNull();
  const { data: revealed } = await owner.client.rpc('reveal_webhook_endpoint', { endpoint_id: data!.id });
  secret = revealed![0]!.secret;
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('webhooks on the job runner', () => {
  it('delivers a scheduled publication once, signed, when the scheduler publishes it', async () => {
    const { data: item } = await owner.client
      .from('content_items')
      .insert({ organization_id: owner.organizationId, user_id: owner.id, title: 'Scheduled launch', planned_publish_at: new Date(Date.now() + 3_600_000).toISOString(), publish_on_schedule: true })
      .select('id')
      .single();
    await drain();
    expect(receiver.to('/hook')).toHaveLength(0);

    // The moment passes: the scheduler's job publishes, its event's job records and sends the delivery.
    await server.sql`update public.content_items set planned_publish_at = now() - interval '1 minute' where id = ${item!.id}`;
    await drain();
    await drain();
    const sent = receiver.to('/hook');
    expect(sent).toHaveLength(1);
    expect(receiver.verifies(sent[0]!, secret)).toBe(true);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ type: 'content.published', data: { id: item!.id, title: 'Scheduled launch', status: 'published' } });
    const deliveries = await server.sql`select status, attempts from public.webhook_deliveries where organization_id = ${owner.organizationId}`;
    expect(deliveries.map((row) => ({ ...row }))).toEqual([{ status: 'succeeded', attempts: 1 }]);

    // The event's job again (a worker killed after sending, before the job was done): no second message.
    const [event] = await server.sql<{ id: string }[]>`select id::text from private.workspace_events where subject_id = ${item!.id}`;
    await server.sql`select private.enqueue_job('deliver_webhooks', ${server.sql.json({ workspace_id: owner.organizationId, event_id: Number(event!.id) })})`;
    await drain();
    expect(receiver.to('/hook')).toHaveLength(1);
    expect((await server.sql`select count(*)::int as n from public.webhook_events where organization_id = ${owner.organizationId}`)[0]!.n).toBe(1);
  });

  it('sends again through a wake-up job, and queues a retry run after a 5xx', async () => {
    const [delivery] = await server.sql<{ id: string }[]>`select id from public.webhook_deliveries where organization_id = ${owner.organizationId}`;
    let calls = 0;
    receiver.behaviours.set('/hook', (_q, r) => (calls++ === 0 ? r.writeHead(500).end() : r.end('ok')));
    const { error } = await owner.client.rpc('resend_webhook_delivery', { delivery_id: delivery!.id });
    expect(error).toBeNull();
    await drain();
    expect(receiver.to('/hook')).toHaveLength(2);
    const [pending] = await server.sql<{ status: string; next_attempt_at: Date }[]>`select status, next_attempt_at from public.webhook_deliveries where id = ${delivery!.id}`;
    expect(pending!.status).toBe('pending');
    const [retry] = await server.sql<{ run_at: Date }[]>`select run_at from graphile_worker.jobs where key = ${`webhooks:${owner.organizationId}:retry`}`;
    expect(retry!.run_at.toISOString()).toBe(pending!.next_attempt_at.toISOString());

    await server.sql`update public.webhook_deliveries set next_attempt_at = now() where id = ${delivery!.id}`;
    // The retry run's moment comes: the same key, now (a job key names one pending job; the new run_at replaces it).
    await server.sql`select private.enqueue_job('deliver_webhooks', ${server.sql.json({ workspace_id: owner.organizationId })}, now(), ${`webhooks:${owner.organizationId}:retry`})`;
    await drain();
    const sends = receiver.to('/hook');
    expect(sends).toHaveLength(3);
    expect(new Set(sends.map((entry) => entry.id)).size).toBe(1);
    expect((await server.sql`select status from public.webhook_deliveries where id = ${delivery!.id}`)[0]!.status).toBe('succeeded');
  });

  it('keeps one workspace’s hanging endpoint from holding up another workspace’s delivery', async () => {
    const waiting: Array<() => void> = [];
    let released = false;
    receiver.behaviours.set('/busy', (_q, r) => (released ? r.end('ok') : waiting.push(() => r.end('ok'))));
    const busy = await signedInUser(server);
    await busy.client.rpc('create_webhook_endpoint', { workspace_id: busy.organizationId, url: `${receiver.origin}/busy`, events: ['content.published'] });
    const quiet = await signedInUser(server);
    await quiet.client.rpc('create_webhook_endpoint', { workspace_id: quiet.organizationId, url: `${receiver.origin}/quiet`, events: ['content.published'] });
    const rows = Array.from({ length: 30 }, (_, i) => ({ organization_id: busy.organizationId, user_id: busy.id, title: `Backlog ${i}`, status: 'published' }));
    expect((await busy.client.from('content_items').insert(rows)).error).toBeNull();
    await expect.poll(() => receiver.to('/busy').length, { timeout: 20_000 }).toBe(4);
    // 30 jobs of the busy workspace are queued before this one; its endpoint holds 4 requests open.
    expect((await quiet.client.from('content_items').insert({ organization_id: quiet.organizationId, user_id: quiet.id, title: 'Other news', status: 'published' })).error).toBeNull();
    await expect.poll(() => receiver.to('/quiet').length, { timeout: 20_000 }).toBe(1);
    expect(receiver.to('/busy')).toHaveLength(4);
    expect(receiver.maxConcurrent.get('/busy')).toBe(4);

    released = true;
    for (const release of waiting.splice(0)) release();
    await expect.poll(async () => (await server.sql`select count(*)::int as n from public.webhook_deliveries where organization_id = ${busy.organizationId} and status = 'succeeded'`)[0]!.n, { timeout: 30_000 }).toBe(30);
    expect(new Set(receiver.to('/busy').map((entry) => entry.id)).size).toBe(30);
  });
});
