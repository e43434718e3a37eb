// The webhook part of `npm run chaos` (issue 26): the real server on a throwaway data directory with two
// `npm run worker` processes, a real HTTP receiver on 127.0.0.2 (OUTBOUND_ALLOW_PRIVATE=127.0.0.2) that answers each
// delivery after 300 ms, one workspace with one endpoint and content items published one after another through
// /rest/v1. N times, as soon as a delivery reaches the receiver, a worker is killed with SIGKILL and started again.
// Once every delivery is settled (delivered, or unconfirmed: a kill cut an attempt after its request had gone out, so
// it waits for a human's "Send again" instead of being repeated): publications, webhook messages, distinct
// webhook-ids received, requests received more than once (none: a request is repeated only when it never arrived
// whole), deliveries held unconfirmed and how many of them had arrived, events lost (neither received nor held for
// a human), and whether every request verifies.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../server/src/db/embedded';
import { anonKeyOf, openEmbedded, signUp, sleep, startServer } from '../tests/support/chaos-harness';
import { startWebhookReceiver } from '../tests/support/webhook-receiver';

interface WorkerProcess {
  child: { kill(signal: NodeJS.Signals): void };
  exited: Promise<void>;
}

async function post(url: string, anonKey: string, token: string, pathname: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function runWebhookChaos(kills: number, startWorker: (dataDir: string, env: Record<string, string>) => WorkerProcess, publications = 40): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-chaos-webhooks-'));
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const env = { PORT: String(await freePort()), JOB_RUNNER: 'false', JOB_CONCURRENCY: '4', OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' };
  const receiver = await startWebhookReceiver('127.0.0.2');
  receiver.behaviours.set('/hook', (_request, response) => void setTimeout(() => response.end('ok'), 300));
  const server = startServer(dataDir, env);
  const workers: WorkerProcess[] = [];
  let sql: Awaited<ReturnType<typeof openEmbedded>> | undefined;
  try {
    const url = await server.ready;
    workers.push(startWorker(dataDir, env), startWorker(dataDir, env));
    const anonKey = await anonKeyOf(dataDir);
    const token = await signUp(url, anonKey, 'chaos-webhooks');
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    sql = await openEmbedded(dataDir);
    const db = sql;
    // As in the jobs part: work starts once a worker has signalled (it installs the queue's schema first).
    const waitUntil = Date.now() + 60_000;
    while (!(await db<{ alive: boolean }[]>`select private.job_worker_alive() as alive`)[0]!.alive) {
      if (Date.now() > waitUntil) throw new Error('no worker signalled within 60 s');
      await sleep(100);
    }
    const [profile] = await db<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${userId}`;
    const workspaceId = profile!.organization_id;
    const endpoint = (await post(url, anonKey, token, '/rest/v1/rpc/create_webhook_endpoint', { workspace_id: workspaceId, url: `${receiver.origin}/hook`, events: ['content.published'] })) as { id: string };
    const [credentials] = await db<{ secret: string }[]>`select secret from private.webhook_endpoint_credentials where endpoint_id = ${endpoint.id}`;
    const started = performance.now();
    let published = 0;
    const publishing = (async () => {
      while (published < publications) {
        await post(url, anonKey, token, '/rest/v1/content_items', { organization_id: workspaceId, user_id: userId, title: `Chaos ${published}`, status: 'published' });
        published += 1;
        await sleep(150);
      }
    })();
    for (let n = 0; n < kills; n += 1) {
      const before = receiver.received.length;
      while (receiver.received.length === before) await sleep(10);
      // A request is at the receiver (it answers after 300 ms): kill a worker now.
      const index = n % workers.length;
      workers[index]!.child.kill('SIGKILL');
      await workers[index]!.exited;
      workers[index] = startWorker(dataDir, env);
      process.stdout.write('.');
      await sleep(500);
    }
    await publishing;
    const deadline = Date.now() + 180_000;
    const undelivered = async () =>
      (await db<{ n: number }[]>`
        select (select count(*)::int from public.webhook_deliveries where status not in ('succeeded', 'unconfirmed'))
             + (${publications} - (select count(*)::int from public.webhook_events)) as n`)[0]!.n;
    while ((await undelivered()) > 0 && Date.now() < deadline) await sleep(500);
    const [counts] = await db<{ events: number; deliveries: number; delivered: number; interrupted: number }[]>`
      select (select count(*)::int from public.webhook_events) as events,
             (select count(*)::int from public.webhook_deliveries) as deliveries,
             (select count(*)::int from public.webhook_deliveries where status = 'succeeded') as delivered,
             (select count(*)::int from public.webhook_delivery_attempts where outcome = 'interrupted') as interrupted`;
    const messageIds = (await db<{ id: string }[]>`select id from public.webhook_events`).map((row) => row.id);
    const held = (await db<{ id: string }[]>`select event_id as id from public.webhook_deliveries where status = 'unconfirmed'`).map((row) => row.id);
    const sends = receiver.to('/hook');
    const distinct = new Set(sends.map((entry) => entry.id));
    const lost = messageIds.filter((id) => !distinct.has(id) && !held.includes(id)).length;
    console.log(`\nkill -9 of a worker (of 2) during webhook delivery × ${kills}, while ${publications} items were published`);
    console.log(`  every delivery settled (delivered, or held unconfirmed) ${(await undelivered()) === 0 ? `${((performance.now() - started) / 1000).toFixed(1)} s after the first publication` : 'NOT within 180 s'}`);
    console.log(`  webhook messages ${counts!.events} for ${publications} publications (${counts!.events - publications} extra), deliveries ${counts!.deliveries}, delivered ${counts!.delivered}`);
    console.log(`  receiver: ${distinct.size} distinct webhook-ids, ${sends.length} requests: ${sends.length - distinct.size} duplicated (${counts!.interrupted} attempts cut by a kill)`);
    console.log(`  held unconfirmed for a human (cut after the request had gone out): ${held.length}, of which arrived ${held.filter((id) => distinct.has(id)).length}; lost ${lost}`);
    console.log(`  every request verifies (standardwebhooks): ${sends.every((entry) => receiver.verifies(entry, credentials!.secret))}`);
  } finally {
    await sql?.end({ timeout: 1 }).catch(() => {});
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    server.child.kill('SIGTERM');
    await server.exited;
    await receiver.close();
    await rm(dir, { recursive: true, force: true });
  }
}
