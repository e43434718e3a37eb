import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, type OutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { deliverWebhooks } from '../../server/src/modules/webhooks/deliver-webhooks';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * A webhook request is never repeated once the endpoint may have it (issue 26, "0 duplicated" under kill -9): the
 * request's last byte goes out only after the attempt is marked sent, so a worker that dies with an attempt in
 * flight leaves either a request the endpoint cannot hold whole (retried at once) or a marked one (held as
 * unconfirmed, never sent again automatically, "Send again" by an admin). The dead worker is played by a run that
 * claims (and marks) and never answers; its claim is expired through the database. No job runner: the test calls
 * the delivery run itself, as the deliver_webhooks job does.
 */

let server: TestServer;
let receiver: WebhookReceiver;
let client: OutboundClient;
let owner: SignedInUser;
let endpointId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.2');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' }, { jobRunner: false });
  client = createOutboundClient({ policy: { allowPrivate: ['127.0.0.2'], allowPorts: 'any' } });
  owner = await signedInUser(server);
  const { data, error } = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: `${receiver.origin}/hook`, events: ['content.published'] });
  expect(error).toBeNull();
  endpointId = data!.id;
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await receiver?.close();
});

/** A published item's webhook delivery, recorded as its event's job would (the job itself is not run). */
async function newDelivery(title: string): Promise<{ id: string; messageId: string }> {
  const { data: item, error } = await owner.client.from('content_items').insert({ organization_id: owner.organizationId, user_id: owner.id, title, status: 'published' }).select('id').single();
  expect(error).toBeNull();
  const [event] = await server.sql<{ id: string }[]>`select id::text from private.workspace_events where subject_id = ${item!.id}`;
  await server.sql`select private.emit_webhooks_for_workspace_event(${owner.organizationId}::uuid, ${event!.id}::bigint)`;
  const [delivery] = await server.sql<{ id: string; event_id: string }[]>`
    select d.id, d.event_id from public.webhook_deliveries d join public.webhook_events ev on ev.id = d.event_id
    where d.endpoint_id = ${endpointId} and ev.body::jsonb -> 'data' ->> 'id' = ${item!.id}`;
  return { id: delivery!.id, messageId: delivery!.event_id };
}

/** A worker claims the delivery (and marks its request sent, when asked), then dies: its claim runs out. */
async function dieDuringAttempt(deliveryId: string, marked: boolean): Promise<void> {
  const claimed = await server.sql`select * from private.claim_webhook_deliveries(${owner.organizationId}::uuid, 4, 30, 'dead-run')`;
  expect(claimed.map((row) => row.delivery_id)).toEqual([deliveryId]);
  if (marked) {
    const [mark] = await server.sql<{ ok: boolean }[]>`select private.mark_webhook_attempt_sent(${deliveryId}::uuid, 1, 'dead-run') as ok`;
    expect(mark!.ok).toBe(true);
  }
  await server.sql`update public.webhook_deliveries set locked_until = now() - interval '1 second' where id = ${deliveryId}`;
}

const deliver = () => deliverWebhooks({ sql: server.sql, client, workspaceId: owner.organizationId, budgetMs: 5_000 });
const stateOf = async (deliveryId: string) =>
  (await server.sql<{ status: string; attempts: number; error: string | null; next_attempt_at: Date | null }[]>`
    select status, attempts, error, next_attempt_at from public.webhook_deliveries where id = ${deliveryId}`)[0]!;

describe('a worker dying during a webhook attempt', () => {
  it('after the request went out: the delivery is held unconfirmed, never sent again by itself; Send again sends the same message once', async () => {
    const delivery = await newDelivery('Cut after sending');
    await dieDuringAttempt(delivery.id, true);

    const run = await deliver();
    expect(run.attempts).toBe(0);
    expect(receiver.to('/hook')).toHaveLength(0);
    const held = await stateOf(delivery.id);
    expect(held).toMatchObject({ status: 'unconfirmed', attempts: 1, next_attempt_at: null });
    expect(held.error).toContain('may have received');
    const [attempt] = await server.sql`select outcome, request_sent_at is not null as marked from public.webhook_delivery_attempts where delivery_id = ${delivery.id}`;
    expect({ ...attempt }).toEqual({ outcome: 'interrupted', marked: true });
    // Nothing wakes it: the sweep does not see it, and another run leaves it alone.
    expect(await server.sql`select * from private.workspaces_with_due_webhooks() as w(id) where w.id = ${owner.organizationId}::uuid`).toHaveLength(0);
    expect((await deliver()).attempts).toBe(0);

    // The owner reads it in the log as unconfirmed, with why, and sends it again: the same webhook-id, once.
    const { data: logged } = await owner.client.from('webhook_deliveries').select('status, error').eq('id', delivery.id).single();
    expect(logged).toMatchObject({ status: 'unconfirmed' });
    expect((await owner.client.rpc('resend_webhook_delivery', { delivery_id: delivery.id })).error).toBeNull();
    await deliver();
    const sent = receiver.to('/hook');
    expect(sent.map((entry) => entry.id)).toEqual([delivery.messageId]);
    expect(await stateOf(delivery.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    // The run marked its own attempt before completing the request.
    const [resent] = await server.sql`select outcome, request_sent_at is not null as marked from public.webhook_delivery_attempts where delivery_id = ${delivery.id} and attempt = 2`;
    expect({ ...resent }).toEqual({ outcome: 'succeeded', marked: true });
  });

  it('before the request was complete: the delivery is sent again at once, automatically', async () => {
    const delivery = await newDelivery('Cut before sending');
    const before = receiver.to('/hook').length;
    await dieDuringAttempt(delivery.id, false);

    const run = await deliver();
    expect(run.attempts).toBe(1);
    expect(receiver.to('/hook').slice(before).map((entry) => entry.id)).toEqual([delivery.messageId]);
    expect(await stateOf(delivery.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    const attempts = await server.sql`select attempt, outcome, error from public.webhook_delivery_attempts where delivery_id = ${delivery.id} order by attempt`;
    expect(attempts.map((row) => row.outcome)).toEqual(['interrupted', 'succeeded']);
    expect(attempts[0]!.error).toContain('cannot have received it');
  });

  it('a late answer of a worker that outlived its claim still settles the unconfirmed delivery', async () => {
    const delivery = await newDelivery('Late answer');
    await dieDuringAttempt(delivery.id, true);
    await deliver();
    expect((await stateOf(delivery.id)).status).toBe('unconfirmed');
    const [recorded] = await server.sql<{ ok: boolean }[]>`
      select private.finish_webhook_attempt(${delivery.id}::uuid, 1, true, 200, 'ok', 40, null, null) as ok`;
    expect(recorded!.ok).toBe(true);
    expect(await stateOf(delivery.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a run that lost its claim cannot mark the attempt: another run holds it, or the claim ran out', async () => {
    const delivery = await newDelivery('Lost claim');
    await server.sql`select * from private.claim_webhook_deliveries(${owner.organizationId}::uuid, 4, 30, 'run-a')`;
    const mark = async (runId: string, attempt = 1) =>
      (await server.sql<{ ok: boolean }[]>`select private.mark_webhook_attempt_sent(${delivery.id}::uuid, ${attempt}::integer, ${runId}) as ok`)[0]!.ok;
    expect(await mark('run-b')).toBe(false);
    expect(await mark('run-a', 2)).toBe(false);
    await server.sql`update public.webhook_deliveries set locked_until = now() - interval '1 second' where id = ${delivery.id}`;
    expect(await mark('run-a')).toBe(false);
    const [attempt] = await server.sql`select request_sent_at from public.webhook_delivery_attempts where delivery_id = ${delivery.id}`;
    expect(attempt!.request_sent_at).toBeNull();
    // Tidy: the delivery goes out (its cut attempt had no mark), so the next test starts with nothing due.
    await deliver();
    expect((await stateOf(delivery.id)).status).toBe('succeeded');
  });
});

describe('the request’s last byte', () => {
  /** A raw TCP endpoint: what arrived on each connection, byte for byte, and whether the connection ended. */
  let raw: Server;
  const connections: Array<{ bytes: Buffer; closed: boolean }> = [];
  beforeAll(async () => {
    raw = createServer((socket: Socket) => {
      const entry = { bytes: Buffer.alloc(0), closed: false };
      connections.push(entry);
      socket.on('data', (chunk) => {
        entry.bytes = Buffer.concat([entry.bytes, chunk]);
        const text = entry.bytes.toString('latin1');
        const head = text.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? -1);
        if (head >= 0 && entry.bytes.length - head - 4 === length) socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      });
      socket.on('close', () => (entry.closed = true));
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.2', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => raw.close(() => resolve())));

  const bodyOf = (entry: { bytes: Buffer }) => entry.bytes.subarray(entry.bytes.indexOf('\r\n\r\n') + 4).toString();
  const url = () => `http://127.0.0.2:${(raw.address() as AddressInfo).port}/hook`;

  it('leaves only after the gate: the endpoint holds all but one byte while the attempt is being marked', async () => {
    const body = JSON.stringify({ type: 'content.published', data: { title: 'Byte by byte' } });
    let heldAtGate = '';
    const response = await client.request({
      url: url(),
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      beforeLastByte: async () => {
        await expect.poll(() => bodyOf(connections.at(-1) ?? { bytes: Buffer.alloc(0) }).length).toBe(body.length - 1);
        heldAtGate = bodyOf(connections.at(-1)!);
      },
    });
    expect(response.status).toBe(200);
    expect(heldAtGate).toBe(body.slice(0, -1));
    expect(bodyOf(connections.at(-1)!)).toBe(body);
  });

  it('never leaves when the gate refuses: the endpoint is left with an incomplete request', async () => {
    const body = JSON.stringify({ type: 'content.published', data: { title: 'Refused' } });
    const count = connections.length;
    await expect(
      client.request({
        url: url(),
        method: 'POST',
        body,
        beforeLastByte: async () => {
          await expect.poll(() => (connections[count] ? bodyOf(connections[count]).length : -1)).toBe(body.length - 1);
          throw new Error('the claim was lost');
        },
      }),
    ).rejects.toThrow();
    await expect.poll(() => connections[count]!.closed).toBe(true);
    expect(bodyOf(connections[count]!)).toBe(body.slice(0, -1));
  });
});
