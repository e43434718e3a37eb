// `npm run bench:social` (issue 30, Speed): BENCH_SOCIAL_POSTS posts (default 1,000) due in the same minute across
// BENCH_SOCIAL_ACCOUNTS Bluesky accounts (default 50) on a real local PDS (tests/support/local-pds.ts, in this
// process), published by the real server's job runner (`npm start`'s, JOB_CONCURRENCY = BENCH_SOCIAL_CONCURRENCY,
// default 8) on a throwaway data directory. The posts are saved through the data API (save_social_post, an hour
// ahead), then all moved to the same coming minute in one statement (the channels' trigger moves their jobs).
// Prints: due → published p50 / p99 (the channel's finished_at − the post's moment), posts/s from the moment to the
// last one out, the busiest account's sends in any 5 minutes and in the day against Bluesky's documented limits
// (server/src/modules/social/network-limits.ts: 30 sign-ins per 5 minutes, 300 a day — 20 posts per account at the
// default sizes, so none has to wait), and duplicates: the records on the PDS per account against the channels
// published for it (must be 0). The machine is shared: figures are noisy. Prints figures only; asserts nothing.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../server/src/db/embedded';
import { networkLimits } from '../server/src/modules/social/network-limits';
import { anonKeyOf, openEmbedded, signUp, sleep, startServer } from '../tests/support/chaos-harness';
import { startLocalPds, type PdsAccount } from '../tests/support/local-pds';
import { loadAverage, percentile } from './bench-support';

const POSTS = Number(process.env.BENCH_SOCIAL_POSTS ?? 1_000);
const ACCOUNTS = Number(process.env.BENCH_SOCIAL_ACCOUNTS ?? 50);
const CONCURRENCY = process.env.BENCH_SOCIAL_CONCURRENCY ?? '8';
const SETTLE_MS = Number(process.env.BENCH_SOCIAL_TIMEOUT_MS ?? 900_000);

async function rpc(url: string, anonKey: string, token: string, name: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** At most `limit` promises at a time. */
async function inBatches<T>(items: T[], limit: number, run: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const index = next++;
      await run(items[index]!, index);
    }
  }));
}

/** The most sends of one list of moments (ms) in any window of `seconds`. */
function busiestWindow(moments: number[], seconds: number): number {
  const sorted = [...moments].sort((a, b) => a - b);
  let best = 0;
  for (let start = 0, end = 0; end < sorted.length; end += 1) {
    while (sorted[end]! - sorted[start]! >= seconds * 1000) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-social-'));
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const env = { PORT: String(await freePort()), JOB_RUNNER: 'true', JOB_CONCURRENCY: CONCURRENCY, OUTBOUND_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' };
  const pds = await startLocalPds();
  const server = startServer(dataDir, env);
  let sql: Awaited<ReturnType<typeof openEmbedded>> | undefined;
  try {
    const url = await server.ready;
    const anonKey = await anonKeyOf(dataDir);
    const token = await signUp(url, anonKey, 'bench-social');
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    sql = await openEmbedded(dataDir);
    const db = sql;
    const [profile] = await db<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${userId}`;
    const workspaceId = profile!.organization_id;

    console.log(`bench:social — ${POSTS} posts due in the same minute across ${ACCOUNTS} Bluesky accounts on a local PDS, job concurrency ${CONCURRENCY}`);
    const pdsAccounts: PdsAccount[] = [];
    for (let i = 0; i < ACCOUNTS; i += 1) pdsAccounts.push(await pds.createAccount(`bench${i}`));
    const accountIds: string[] = [];
    for (const account of pdsAccounts) {
      const connected = (await rpc(url, anonKey, token, 'connect_social_account', { workspace_id: workspaceId, network: 'bluesky', identifier: account.handle, service_url: pds.url, secret: account.appPassword })) as { account: { id: string } };
      accountIds.push(connected.account.id);
    }
    const connectBy = Date.now() + 120_000;
    while ((await db<{ n: number }[]>`select count(*)::int as n from public.social_accounts where organization_id = ${workspaceId} and status = 'connected'`)[0]!.n < ACCOUNTS) {
      if (Date.now() > connectBy) throw new Error('the accounts did not connect within 120 s');
      await sleep(200);
    }
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await inBatches(Array.from({ length: POSTS }, (_, i) => i), 8, async (i) => {
      await rpc(url, anonKey, token, 'save_social_post', { workspace_id: workspaceId, body: `Bench post ${i}`, channels: [{ account_id: accountIds[i % ACCOUNTS] }], scheduled_at: later });
    });
    // The coming minute, at least 10 s ahead: every post is due at that same moment.
    const due = new Date(Math.ceil((Date.now() + 10_000) / 60_000) * 60_000);
    await db`update public.social_posts set scheduled_at = ${due} where organization_id = ${workspaceId}`;
    console.log(`  seeded; all due at ${due.toISOString()} (in ${Math.round((due.getTime() - Date.now()) / 1000)} s)`);

    const settleBy = Date.now() + SETTLE_MS;
    const open = async () => (await db<{ n: number }[]>`select count(*)::int as n from public.social_post_channels where organization_id = ${workspaceId} and status in ('scheduled', 'attempting')`)[0]!.n;
    while ((await open()) > 0 && Date.now() < settleBy) await sleep(1_000);

    const channels = await db<{ account_id: string; status: string; body: string; finished_ms: number | null; due_ms: number }[]>`
      select c.account_id, c.status, c.body, extract(epoch from c.finished_at) * 1000 as finished_ms, extract(epoch from p.scheduled_at) * 1000 as due_ms
      from public.social_post_channels c join public.social_posts p on p.id = c.post_id where c.organization_id = ${workspaceId}`;
    const published = channels.filter((channel) => channel.status === 'published');
    const lags = published.map((channel) => Number(channel.finished_ms) - Number(channel.due_ms)).sort((a, b) => a - b);
    const last = Math.max(...published.map((channel) => Number(channel.finished_ms)));
    const statuses = new Map<string, number>();
    for (const channel of channels) statuses.set(channel.status, (statuses.get(channel.status) ?? 0) + 1);

    let records = 0;
    let duplicates = 0;
    let missing = 0;
    let busiest5 = 0;
    let busiestDay = 0;
    for (const [index, account] of pdsAccounts.entries()) {
      const onPds = (await pds.posts(account.did)).map((record) => record.value.text);
      const expected = published.filter((channel) => channel.account_id === accountIds[index]).map((channel) => channel.body);
      const seen = new Set(onPds);
      records += onPds.length;
      duplicates += onPds.length - seen.size;
      missing += expected.filter((text) => !seen.has(text)).length;
      const moments = published.filter((channel) => channel.account_id === accountIds[index]).map((channel) => Number(channel.finished_ms));
      busiest5 = Math.max(busiest5, busiestWindow(moments, 300));
      busiestDay = Math.max(busiestDay, busiestWindow(moments, 86_400));
    }
    const [fiveMinutes, day] = networkLimits.bluesky;
    console.log(`  channels: ${[...statuses].map(([status, n]) => `${status} ${n}`).join(', ')}${(await open()) > 0 ? ` — NOT settled within ${SETTLE_MS / 1000} s` : ''}`);
    console.log(`  due → published: p50 ${(percentile(lags, 50) / 1000).toFixed(2)} s, p99 ${(percentile(lags, 99) / 1000).toFixed(2)} s, max ${((lags.at(-1) ?? 0) / 1000).toFixed(2)} s`);
    console.log(`  throughput: ${published.length} posts in ${((last - due.getTime()) / 1000).toFixed(1)} s after the moment = ${(published.length / Math.max(0.001, (last - due.getTime()) / 1000)).toFixed(1)} posts/s`);
    console.log(`  rate limits: the busiest account sent ${busiest5} in 5 minutes (limit ${fiveMinutes!.max}) and ${busiestDay} in a day (limit ${day!.max})`);
    console.log(`  on the PDS: ${records} records for ${published.length} published channels; duplicates ${duplicates}; published but missing ${missing}`);
    console.log(`  load average (1/5/15 min): ${loadAverage()}`);
  } finally {
    await sql?.end({ timeout: 1 }).catch(() => {});
    server.child.kill('SIGTERM');
    await server.exited;
    await pds.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
