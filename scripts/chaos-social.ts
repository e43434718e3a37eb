// The Social Hub part of `npm run chaos` (issue 30): the real server on a throwaway data directory with two `npm run
// worker` processes, a real Bluesky PDS (tests/support/local-pds.ts) in this process, one workspace with one Bluesky
// account, and N posts due one after another. N times, as soon as a channel is `attempting` (a worker is at the PDS),
// that worker is killed with SIGKILL and started again. Once no channel is scheduled or attempting: posts on the PDS,
// posts there twice (must be 0), channels published / unconfirmed / failed, and how many unconfirmed ones did reach
// the PDS (the request was in flight when the worker died: the reason they are never retried automatically).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../server/src/db/embedded';
import { anonKeyOf, openEmbedded, signUp, sleep, startServer } from '../tests/support/chaos-harness';
import { startLocalPds } from '../tests/support/local-pds';

interface WorkerProcess {
  child: { kill(signal: NodeJS.Signals): void; pid?: number };
  exited: Promise<void>;
}

async function rpc(url: string, anonKey: string, token: string, name: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

// 30 posts: one Bluesky account may send 30 in 5 minutes (server/src/modules/social/network-limits.ts); more would wait
// for the window, past this run's deadline.
export async function runSocialChaos(kills: number, startWorker: (dataDir: string, env: Record<string, string>) => WorkerProcess, posts = 30): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-chaos-social-'));
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const env = { PORT: String(await freePort()), JOB_RUNNER: 'false', JOB_CONCURRENCY: '4', OUTBOUND_ALLOW_PRIVATE: 'true' };
  const pds = await startLocalPds();
  const alice = await pds.createAccount('chaos');
  const server = startServer(dataDir, env);
  const workers: WorkerProcess[] = [];
  let sql: Awaited<ReturnType<typeof openEmbedded>> | undefined;
  try {
    const url = await server.ready;
    workers.push(startWorker(dataDir, env), startWorker(dataDir, env));
    const anonKey = await anonKeyOf(dataDir);
    const token = await signUp(url, anonKey, 'chaos-social');
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    sql = await openEmbedded(dataDir);
    const db = sql;
    const waitUntil = Date.now() + 60_000;
    while (!(await db<{ alive: boolean }[]>`select private.job_worker_alive() as alive`)[0]!.alive) {
      if (Date.now() > waitUntil) throw new Error('no worker signalled within 60 s');
      await sleep(100);
    }
    const [profile] = await db<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${userId}`;
    const workspaceId = profile!.organization_id;
    const connected = (await rpc(url, anonKey, token, 'connect_social_account', { workspace_id: workspaceId, network: 'bluesky', identifier: alice.handle, service_url: pds.url, secret: alice.appPassword })) as { account: { id: string } };
    while ((await db<{ status: string }[]>`select status from public.social_accounts where id = ${connected.account.id}`)[0]!.status === 'connecting') await sleep(100);
    const start = Date.now() + 5_000;
    for (let i = 0; i < posts; i += 1) {
      await rpc(url, anonKey, token, 'save_social_post', { workspace_id: workspaceId, body: `Chaos post ${i}`, channels: [{ account_id: connected.account.id }], scheduled_at: new Date(start + i * 250).toISOString() });
    }
    for (let n = 0; n < kills; n += 1) {
      while ((await db<{ n: number }[]>`select count(*)::int as n from public.social_post_channels where status = 'attempting'`)[0]!.n === 0) {
        if ((await db<{ n: number }[]>`select count(*)::int as n from public.social_post_channels where status in ('scheduled', 'attempting')`)[0]!.n === 0) break;
        await sleep(2);
      }
      const index = n % workers.length;
      workers[index]!.child.kill('SIGKILL');
      await workers[index]!.exited;
      workers[index] = startWorker(dataDir, env);
      process.stdout.write('.');
      await sleep(300);
    }
    const deadline = Date.now() + 180_000;
    const open = async () => (await db<{ n: number }[]>`select count(*)::int as n from public.social_post_channels where status in ('scheduled', 'attempting')`)[0]!.n;
    while ((await open()) > 0 && Date.now() < deadline) await sleep(500);
    const channels = await db<{ status: string; body: string }[]>`select status, body from public.social_post_channels`;
    const onPds = (await pds.posts(alice.did)).map((record) => record.value.text);
    const count = (status: string) => channels.filter((channel) => channel.status === status).length;
    const distinct = new Set(onPds);
    const unconfirmedOut = channels.filter((channel) => channel.status === 'unconfirmed' && distinct.has(channel.body)).length;
    console.log(`\nkill -9 of a worker (of 2) while a post is at the Bluesky PDS × ${kills}, ${posts} posts due 250 ms apart`);
    console.log(`  all settled: ${(await open()) === 0 ? 'yes' : 'NOT within 180 s'}; published ${count('published')}, unconfirmed ${count('unconfirmed')} (${unconfirmedOut} of them did reach the PDS), failed ${count('failed')}`);
    console.log(`  on the PDS: ${onPds.length} posts, ${distinct.size} distinct; duplicates ${onPds.length - distinct.size}; published but missing ${channels.filter((c) => c.status === 'published' && !distinct.has(c.body)).length}`);
  } finally {
    await sql?.end({ timeout: 1 }).catch(() => {});
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    server.child.kill('SIGTERM');
    await server.exited;
    await pds.close();
    await rm(dir, { recursive: true, force: true });
  }
}
