import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { deliverWebhooks } from '../../server/src/modules/webhooks/deliver-webhooks';
import { clientWithToken, signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { endSession, mintSession } from '../support/tokens';
import { seedUser } from '../support/users';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Outgoing webhooks (issue 26) through supabase-js against the real server, delivered by the real delivery function
 * to a real HTTP receiver, without the job runner (its deliver_webhooks task runs the same two steps: the event's
 * message and deliveries, then deliverWebhooks; tests/integration/webhooks-runner.test.ts runs them through it). The server may reach 127.0.0.2 (OUTBOUND_ALLOW_PRIVATE=127.0.0.2, standing in for the
 * internet) on any port, and nothing else private: 127.0.0.1 stays loopback, refused.
 */

let server: TestServer;
let receiver: WebhookReceiver;
let owner: SignedInUser;
let member: SignedInUser;
let outbound: OutboundClient;

async function addMember(workspaceId: string, role: string): Promise<SignedInUser> {
  const user = await seedUser(server.sql);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${workspaceId}, ${user.id}, ${role})`;
  const session = await mintSession(server.sql, server.jwtSecret, user.id);
  return { ...user, organizationId: workspaceId, session, client: clientWithToken(server, session.accessToken) };
}

async function createEndpoint(user: SignedInUser, path: string, events = ['content.published', 'content.unpublished']) {
  const { data, error } = await user.client.rpc('create_webhook_endpoint', { workspace_id: user.organizationId, url: `${receiver.origin}${path}`, events, description: 'Team hook' });
  if (error) throw new Error(error.message);
  const { data: revealed } = await user.client.rpc('reveal_webhook_endpoint', { endpoint_id: data.id });
  return { id: data.id, secret: revealed![0]!.secret };
}

async function publish(user: SignedInUser, title: string): Promise<string> {
  const { data, error } = await user.client.from('content_items').insert({ organization_id: user.organizationId, user_id: user.id, title, status: 'published' }).select('id').single();
  if (error) throw new Error(error.message);
  return data.id;
}

/**
 * What the deliver_webhooks job of each content event does first, once per event as the runner runs it: the event's
 * message and its deliveries to the endpoints enabled at that moment.
 */
let emittedUpTo = 0;
async function emitEvents() {
  const rows = await server.sql<{ id: string }[]>`
    select private.emit_webhooks_for_workspace_event(e.workspace_id, e.id), e.id::text as id
    from private.workspace_events e where e.id > ${emittedUpTo} order by e.id`;
  if (rows.length > 0) emittedUpTo = Number(rows.at(-1)!.id);
}

async function deliver(workspaceId: string, extra: Partial<Parameters<typeof deliverWebhooks>[0]> = {}) {
  await emitEvents();
  return deliverWebhooks({ sql: server.sql, client: outbound, workspaceId, ...extra });
}

async function deliveriesOf(endpointId: string) {
  await emitEvents();
  return server.sql<{ id: string; status: string; attempts: number; response_status: number | null; error: string | null; next_attempt_at: Date | null; event_id: string; duration_ms: number | null }[]>`
    select id, status, attempts, response_status, error, next_attempt_at, event_id, duration_ms from public.webhook_deliveries where endpoint_id = ${endpointId} order by created_at`;
}

/** The clock moved through the database: the delivery's retry falls due now. */
async function makeDue(deliveryId: string) {
  await server.sql`update public.webhook_deliveries set next_attempt_at = now() where id = ${deliveryId}`;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver('127.0.0.2');
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' }, { jobRunner: false });
  outbound = server.app.outboundClient!;
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

beforeEach(async () => {
  owner = await signedInUser(server);
  member = await addMember(owner.organizationId, 'member');
});

describe('deliveries', () => {
  it('sends one signed delivery per event to each subscribed endpoint, verifying with the reference algorithm', async () => {
    const endpoint = await createEndpoint(owner, '/published');
    const onlyUnpublished = await createEndpoint(owner, '/unpublished-only', ['content.unpublished']);
    const itemId = await publish(member, 'Launch post');

    const result = await deliver(owner.organizationId);
    expect(result).toMatchObject({ attempts: 1, succeeded: 1, failed: 0, nextDueAt: null });
    const [sent] = receiver.to('/published');
    expect(receiver.to('/published')).toHaveLength(1);
    expect(receiver.to('/unpublished-only')).toHaveLength(0);
    expect(receiver.verifies(sent!, endpoint.secret)).toBe(true);
    expect(receiver.verifies(sent!, onlyUnpublished.secret)).toBe(false);
    expect(sent!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    const body = JSON.parse(sent!.body);
    expect(body).toMatchObject({ type: 'content.published', data: { id: itemId, title: 'Launch post', status: 'published', workspace_id: owner.organizationId } });
    expect(Date.parse(body.timestamp)).not.toBeNaN();

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, response_status: 200, error: null, next_attempt_at: null, event_id: sent!.id });
    expect(delivery!.duration_ms).toBeGreaterThanOrEqual(0);

    // Unpublishing tells both endpoints; the log is readable by the member through the API.
    await member.client.from('content_items').update({ status: 'draft' }).eq('id', itemId);
    await deliver(owner.organizationId);
    expect(receiver.to('/published').map((entry) => JSON.parse(entry.body).type)).toEqual(['content.published', 'content.unpublished']);
    expect(receiver.to('/unpublished-only')).toHaveLength(1);
    expect(receiver.verifies(receiver.to('/unpublished-only')[0]!, onlyUnpublished.secret)).toBe(true);
    const { data: log } = await member.client.from('webhook_deliveries').select('status, attempts, response_status').eq('organization_id', owner.organizationId);
    expect(log).toHaveLength(3);
    const { data: attempts } = await member.client.from('webhook_delivery_attempts').select('outcome, response_status, response_body').eq('organization_id', owner.organizationId);
    expect(attempts).toEqual(Array(3).fill({ outcome: 'succeeded', response_status: 200, response_body: 'ok' }));
  });

  it('tells a publication once: re-saving, re-publishing the same moment and a disabled endpoint add nothing', async () => {
    const endpoint = await createEndpoint(owner, '/once');
    const itemId = await publish(member, 'Once');
    await member.client.from('content_items').update({ status: 'published', title: 'Once, renamed' }).eq('id', itemId);
    await emitEvents();
    await emitEvents();
    const [event] = await server.sql<{ id: string; event_key: string }[]>`select id, event_key from public.webhook_events where organization_id = ${owner.organizationId}`;
    const again = await server.sql`select private.emit_webhook_event(${owner.organizationId}::uuid, 'content.published', ${event!.event_key}, '{}'::jsonb) as id`;
    expect(again[0]!.id).toBeNull();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    await owner.client.rpc('update_webhook_endpoint', { endpoint_id: endpoint.id, enabled: false });
    await publish(member, 'While disabled');
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it('retries after a 5xx with the same webhook-id and body, on the schedule, and records each attempt', async () => {
    let calls = 0;
    receiver.behaviours.set('/flaky', (_q, r) => (calls++ === 0 ? r.writeHead(503, { 'retry-after': '60' }).end('busy') : r.end('ok')));
    const endpoint = await createEndpoint(owner, '/flaky');
    await publish(member, 'Flaky');

    const first = await deliver(owner.organizationId);
    expect(first).toMatchObject({ attempts: 1, succeeded: 0, failed: 1 });
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: 503, error: 'The endpoint answered 503 (a server error).' });
    // Retry-After 60 outweighs the schedule's first 5 s.
    const [{ wait }] = await server.sql<{ wait: number }[]>`select extract(epoch from next_attempt_at - last_attempt_at)::int as wait from public.webhook_deliveries where id = ${delivery!.id}`;
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(first.nextDueAt).toEqual(delivery!.next_attempt_at);
    // Not due yet: a run sends nothing.
    expect(await deliver(owner.organizationId)).toMatchObject({ attempts: 0 });

    await makeDue(delivery!.id);
    await deliver(owner.organizationId);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, response_status: 200, error: null });
    const sends = receiver.to('/flaky');
    expect(sends).toHaveLength(2);
    expect(new Set(sends.map((entry) => entry.id)).size).toBe(1);
    expect(sends[0]!.body).toBe(sends[1]!.body);
    expect(sends.every((entry) => receiver.verifies(entry, endpoint.secret))).toBe(true);
    const attempts = await server.sql`select attempt, outcome, response_status, response_body from public.webhook_delivery_attempts where delivery_id = ${delivery!.id} order by attempt`;
    expect(attempts.map((row) => ({ ...row }))).toEqual([
      { attempt: 1, outcome: 'failed', response_status: 503, response_body: 'busy' },
      { attempt: 2, outcome: 'succeeded', response_status: 200, response_body: 'ok' },
    ]);
  });

  it('gives up after the seventh attempt', async () => {
    receiver.behaviours.set('/down', (_q, r) => r.writeHead(500).end());
    const endpoint = await createEndpoint(owner, '/down');
    await publish(member, 'Down');
    const [delivery] = await deliveriesOf(endpoint.id);
    await server.sql`update public.webhook_deliveries set attempts = 6 where id = ${delivery!.id}`;
    await deliver(owner.organizationId);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 7, next_attempt_at: null, response_status: 500 });
  });

  it('records a slow endpoint, a refused connection, a redirect loop and a redirect to 127.0.0.1, and retries each', async () => {
    receiver.behaviours.set('/slow', () => undefined);
    receiver.behaviours.set('/loop', (_q, r) => r.writeHead(307, { location: '/loop-again' }).end());
    receiver.behaviours.set('/loop-again', (_q, r) => r.writeHead(307, { location: '/loop' }).end());
    const loopback = createServer((_q, r) => r.end('should never be reached'));
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
    const loopbackPort = (loopback.address() as AddressInfo).port;
    let loopbackHits = 0;
    loopback.on('request', () => (loopbackHits += 1));
    receiver.behaviours.set('/to-loopback', (_q, r) => r.writeHead(307, { location: `http://127.0.0.1:${loopbackPort}/steal` }).end());
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.2', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    try {
      const slow = await createEndpoint(owner, '/slow');
      const loop = await createEndpoint(owner, '/loop');
      const toLoopback = await createEndpoint(owner, '/to-loopback');
      const { data: refused } = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: `http://127.0.0.2:${closedPort}/gone`, events: ['content.published'] });
      await publish(member, 'Troubles');
      await deliver(owner.organizationId, { timeoutMs: 500 });

      const errors = async (id: string) => (await deliveriesOf(id)).map(({ status, attempts, error }) => ({ status, attempts, error }));
      expect(await errors(slow.id)).toEqual([{ status: 'pending', attempts: 1, error: 'The request took too long.' }]);
      expect(await errors(loop.id)).toEqual([{ status: 'pending', attempts: 1, error: expect.stringMatching(/^Redirect loop: .*\/loop was already visited\.$/) }]);
      expect(await errors(toLoopback.id)).toEqual([{ status: 'pending', attempts: 1, error: expect.stringMatching(/127\.0\.0\.1, a loopback address \(this machine\), which this server does not send to\.$/) }]);
      expect(await errors(refused!.id)).toEqual([{ status: 'pending', attempts: 1, error: 'The connection was refused.' }]);
      expect(loopbackHits).toBe(0);
    } finally {
      loopback.closeAllConnections();
      await new Promise((resolve) => loopback.close(resolve));
    }
  });

  it('sends again on request: the same message, a new attempt, for admins only', async () => {
    const endpoint = await createEndpoint(owner, '/again');
    await publish(member, 'Again');
    await deliver(owner.organizationId);
    const [delivery] = await deliveriesOf(endpoint.id);

    const refused = await member.client.rpc('resend_webhook_delivery', { delivery_id: delivery!.id });
    expect(refused.error).toMatchObject({ code: '42501', details: 'role_too_low' });
    const { data, error } = await owner.client.rpc('resend_webhook_delivery', { delivery_id: delivery!.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'pending', attempts: 1 });
    await deliver(owner.organizationId);

    const sends = receiver.to('/again');
    expect(sends).toHaveLength(2);
    expect(sends[1]!.id).toBe(sends[0]!.id);
    expect(sends[1]!.body).toBe(sends[0]!.body);
    expect(receiver.verifies(sends[1]!, endpoint.secret)).toBe(true);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('after a worker died mid-attempt, marks that attempt interrupted and sends the same message again', async () => {
    const endpoint = await createEndpoint(owner, '/crash');
    await publish(member, 'Crash');
    // A worker claims and dies: the claim is taken, nothing recorded; it expires.
    await emitEvents();
    const [claimed] = await server.sql`select * from private.claim_webhook_deliveries(${owner.organizationId}::uuid, 4, 60)`;
    await server.sql`update public.webhook_deliveries set locked_until = now() - interval '1 second' where id = ${claimed!.delivery_id}`;
    await deliver(owner.organizationId);
    const attempts = await server.sql`select attempt, outcome from public.webhook_delivery_attempts where delivery_id = ${claimed!.delivery_id} order by attempt`;
    expect(attempts.map((row) => ({ ...row }))).toEqual([{ attempt: 1, outcome: 'interrupted' }, { attempt: 2, outcome: 'succeeded' }]);
    expect(receiver.to('/crash').map((entry) => entry.id)).toEqual([claimed!.message_id]);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('names the workspaces with deliveries due for the sweep, and forgets old events that wait for nothing', async () => {
    const endpoint = await createEndpoint(owner, '/sweep');
    await publish(member, 'Sweep');
    await emitEvents();
    const due = async () => (await server.sql<{ id: string }[]>`select private.workspaces_with_due_webhooks() as id`).map((row) => row.id);
    expect(await due()).toContain(owner.organizationId);
    const [delivery] = await deliveriesOf(endpoint.id);
    await server.sql`update public.webhook_deliveries set locked_until = now() + interval '1 minute' where id = ${delivery!.id}`;
    expect(await due()).not.toContain(owner.organizationId);
    await server.sql`update public.webhook_deliveries set locked_until = null where id = ${delivery!.id}`;

    await server.sql`update public.webhook_events set created_at = now() - interval '31 days' where organization_id = ${owner.organizationId}`;
    const [{ kept }] = await server.sql`select private.delete_old_webhook_events() as kept`;
    expect(kept).toBe(0);
    await deliver(owner.organizationId);
    const [{ gone }] = await server.sql`select private.delete_old_webhook_events() as gone`;
    expect(gone).toBe(1);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const endpoint = await createEndpoint(owner, '/rotated');
    const { data: fresh } = await owner.client.rpc('rotate_webhook_secret', { endpoint_id: endpoint.id });
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(endpoint.secret);
    const { data: revealed } = await owner.client.rpc('reveal_webhook_endpoint', { endpoint_id: endpoint.id });
    expect(revealed![0]).toMatchObject({ secret: fresh, url: `${receiver.origin}/rotated` });
    expect(Date.parse(revealed![0]!.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    await publish(member, 'Rotated');
    await deliver(owner.organizationId);
    const [sent] = receiver.to('/rotated');
    expect(sent!.signature.split(' ')).toHaveLength(2);
    expect(receiver.verifies(sent!, fresh!)).toBe(true);
    expect(receiver.verifies(sent!, endpoint.secret)).toBe(true);
  });
});

describe('one workspace cannot hold up another', () => {
  it('keeps a workspace to 4 requests at once and delivers another workspace meanwhile', async () => {
    let released = false;
    const waiting: Array<() => void> = [];
    // Workspace A's endpoint hangs until the test lets go (or the attempt times out).
    receiver.behaviours.set('/busy', (_q, r) => (released ? r.end('ok') : waiting.push(() => r.end('ok'))));
    await createEndpoint(owner, '/busy');
    const other = await signedInUser(server);
    await createEndpoint(other, '/quiet');
    for (let i = 0; i < 30; i += 1) await publish(owner, `Backlog ${i}`);
    await publish(other, 'Other news');

    const backlog = deliver(owner.organizationId, { timeoutMs: 10_000 });
    // A's run holds its 4 slots; B's run is not behind A's 30 deliveries.
    await expect.poll(() => receiver.to('/busy').length).toBe(4);
    expect(await deliver(other.organizationId)).toMatchObject({ attempts: 1, succeeded: 1 });
    expect(receiver.to('/quiet')).toHaveLength(1);
    // A second worker taking A's work gets nothing while A has 4 in flight.
    expect(await deliver(owner.organizationId)).toMatchObject({ attempts: 0 });
    expect(receiver.to('/busy')).toHaveLength(4);

    released = true;
    for (const release of waiting.splice(0)) release();
    expect(await backlog).toMatchObject({ attempts: 30, succeeded: 30 });
    expect(receiver.maxConcurrent.get('/busy')).toBe(4);
  });

  it('sends nothing of another workspace when a run names a workspace', async () => {
    await createEndpoint(owner, '/mine');
    await publish(member, 'Mine');
    await emitEvents();
    const other = await signedInUser(server);
    expect(await deliver(other.organizationId)).toMatchObject({ attempts: 0 });
    expect(receiver.to('/mine')).toHaveLength(0);
    const claimed = await server.sql`select * from private.claim_webhook_deliveries(${other.organizationId}::uuid, 4, 60)`;
    expect(claimed).toHaveLength(0);
  });
});

describe('endpoints', () => {
  it.each([
    ['not a url', 'url_invalid', 'Enter a full URL without spaces, up to 2000 characters, starting with https:// or http://.'],
    ['https://', 'url_invalid', 'Enter a full URL with a host name, such as https://hooks.example.com/beyond.'],
    ['https://..example.com/', 'url_invalid', 'Enter a full URL with a host name, such as https://hooks.example.com/beyond.'],
    ['hooks.example.com/x', 'url_invalid', 'The URL must start with https:// or http://.'],
    ['ftp://hooks.example.com/x', 'url_scheme', 'The URL must start with https:// or http://.'],
    ['javascript:alert(1)', 'url_scheme', 'The URL must start with https:// or http://.'],
    ['https://exa mple.com/', 'url_invalid', 'Enter a full URL without spaces, up to 2000 characters, starting with https:// or http://.'],
    ['http://127.0.0.1/hook', 'url_private_address', 'The URL points at 127.0.0.1, a private, loopback, link-local or reserved address: this server does not send there.'],
    ['http://localhost./hook', 'url_private_address', expect.stringContaining('localhost')],
    ['http://169.254.169.254/latest/meta-data', 'url_private_address', expect.stringContaining('169.254.169.254')],
    ['http://10.1.2.3/', 'url_private_address', expect.any(String)],
    ['http://user@192.168.0.1:8080/', 'url_private_address', expect.any(String)],
    ['http://[::1]/', 'url_private_address', expect.any(String)],
    ['http://[fd00:ec2::254]/', 'url_private_address', expect.any(String)],
    ['http://[::ffff:127.0.0.1]/', 'url_ip_form', 'Write an IPv4 address as itself (four numbers separated by dots), not inside an IPv6 address.'],
    ['http://2130706433/', 'url_ip_form', 'Write an IP address as four decimal numbers separated by dots.'],
    ['http://0x7f.0.0.1/', 'url_ip_form', expect.any(String)],
    ['http://0177.0.0.1/', 'url_ip_form', expect.any(String)],
  ])('refuses %j on save with %s', async (url, details, message) => {
    const { data, error } = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url, events: ['content.published'] });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: 'P0001', details, message });
  });

  it('refuses other ports, no events and unknown events; accepts public URLs', async () => {
    await server.sql`select private.set_outbound_settings(false, '{}', false, '{}')`;
    try {
      const port = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: 'https://hooks.example.com:8443/x', events: ['content.published'] });
      expect(port.error).toMatchObject({ details: 'url_port', message: 'The URL uses port 8443: this server sends only to ports 80 and 443.' });
      const loopback = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: 'http://127.0.0.2/x', events: ['content.published'] });
      expect(loopback.error).toMatchObject({ details: 'url_private_address' });
      const ok = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: 'https://user:pw@Hooks.Zapier.com/hooks/catch/1/abc/', events: ['content.published', 'content.published'], description: '  Zapier  ' });
      expect(ok.data).toMatchObject({ url_origin: 'https://hooks.zapier.com', description: 'Zapier', events: ['content.published'], enabled: true });
    } finally {
      await server.sql`select private.set_outbound_settings(false, '{127.0.0.2}', true, '{}')`;
    }
    const none = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: 'https://hooks.example.com/x', events: [] });
    expect(none.error).toMatchObject({ details: 'events_empty' });
    const unknown = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: 'https://hooks.example.com/x', events: ['content.deleted'] });
    expect(unknown.error).toMatchObject({ details: 'events_unknown' });
    const long = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: 'https://hooks.example.com/x', events: ['content.published'], description: 'x'.repeat(201) });
    expect(long.error).toMatchObject({ details: 'description_too_long' });
  });

  it('lets members and viewers read the list without URL or secret; a signed-out token reads nothing', async () => {
    const endpoint = await createEndpoint(owner, '/private-path-token');
    const viewer = await addMember(owner.organizationId, 'viewer');
    const { data: list } = await viewer.client.from('webhook_endpoints').select('*').eq('organization_id', owner.organizationId);
    expect(list).toEqual([expect.objectContaining({ id: endpoint.id, url_origin: receiver.origin })]);
    expect(JSON.stringify(list)).not.toContain('private-path-token');
    expect(JSON.stringify(list)).not.toContain('whsec_');
    for (const user of [viewer, member]) {
      const reveal = await user.client.rpc('reveal_webhook_endpoint', { endpoint_id: endpoint.id });
      expect(reveal.error).toMatchObject({ code: '42501', details: 'role_too_low' });
    }

    await endSession(server.sql, owner.session.sessionId);
    const signedOut = await owner.client.rpc('reveal_webhook_endpoint', { endpoint_id: endpoint.id });
    expect(signedOut.error).toMatchObject({ code: 'PGRST303' });
    const signedOutList = await owner.client.from('webhook_endpoints').select('id');
    expect(signedOutList.error).toMatchObject({ code: 'PGRST303' });
  });

  it('edits, disables, re-enables and deletes an endpoint with its deliveries', async () => {
    const endpoint = await createEndpoint(owner, '/edit');
    const { data: edited, error } = await owner.client.rpc('update_webhook_endpoint', { endpoint_id: endpoint.id, url: `${receiver.origin}/edited`, description: 'Edited', events: ['content.unpublished'] });
    expect(error).toBeNull();
    expect(edited).toMatchObject({ description: 'Edited', events: ['content.unpublished'], enabled: true });
    const { data: revealed } = await owner.client.rpc('reveal_webhook_endpoint', { endpoint_id: endpoint.id });
    expect(revealed![0]!.url).toBe(`${receiver.origin}/edited`);
    const bad = await owner.client.rpc('update_webhook_endpoint', { endpoint_id: endpoint.id, url: 'http://127.0.0.1/' });
    expect(bad.error).toMatchObject({ details: 'url_private_address' });

    const itemId = await publish(member, 'To unpublish');
    await owner.client.rpc('update_webhook_endpoint', { endpoint_id: endpoint.id, enabled: false });
    await member.client.from('content_items').update({ status: 'draft' }).eq('id', itemId);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    await owner.client.rpc('update_webhook_endpoint', { endpoint_id: endpoint.id, enabled: true });
    await member.client.from('content_items').update({ status: 'published' }).eq('id', itemId);
    await member.client.from('content_items').delete().eq('id', itemId);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    const memberDelete = await member.client.from('webhook_endpoints').delete().eq('id', endpoint.id).select('id');
    expect(memberDelete.data).toEqual([]);
    const { data: deleted } = await owner.client.from('webhook_endpoints').delete().eq('id', endpoint.id).select('id');
    expect(deleted).toEqual([{ id: endpoint.id }]);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    const [{ count }] = await server.sql`select count(*)::int as count from private.webhook_endpoint_credentials where endpoint_id = ${endpoint.id}`;
    expect(count).toBe(0);
  });
});
