import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSql, type Sql } from '../../server/src/db/client';
import { embeddedDatabaseUrl } from '../../server/src/db/embedded-database';
import { spawnServer, type ServerProcess } from './spawn-server';

/**
 * Writers through /rest/v1 while processes are killed, and the audit afterwards: shared by the kill tests
 * (tests/integration/self-healing.test.ts) and `npm run chaos`, which prints the figures.
 */

export interface Outcome {
  title: string;
  /** HTTP status, or 0 when the request got no answer (connection refused or cut, or the 15 s guard). */
  status: number;
  startedAt: number;
  ms: number;
}

export interface Writer {
  token: string;
  outcomes: Outcome[];
}

export interface Audit {
  acknowledged: number;
  /** Answered with an error status. */
  refused: number;
  /** No answer at all (the server process died with the request in flight): the outcome is unknown. */
  unanswered: number;
  /** Acknowledged (2xx) rows missing afterwards. */
  lost: string[];
  /** Refused rows present afterwards. */
  phantom: string[];
  /** Unanswered writes that were committed all the same. */
  unansweredWritten: string[];
  longestMs: number;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startServer(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  return spawnServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'chaos-admin-password', ...env });
}

export async function anonKeyOf(dataDir: string): Promise<string> {
  return (JSON.parse(await readFile(path.join(dataDir, 'public-config.json'), 'utf8')) as { anonKey: string }).anonKey;
}

/** A signed-up (auto-confirmed) account's access token: each writer writes into its own organization. */
export async function signUp(url: string, anonKey: string, label: string): Promise<string> {
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${label}-${randomBytes(4).toString('hex')}@example.com`, password: 'chaos-password-1', data: { first_name: label } }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Writes content items one after the other until `stop` is set, recording every outcome. */
export async function runWriter(url: string, anonKey: string, writer: Writer, label: string, stop: { value: boolean }): Promise<void> {
  for (let n = 0; !stop.value; n += 1) {
    const title = `${label}-${n}-${randomBytes(3).toString('hex')}`;
    const startedAt = performance.now();
    let status: number;
    try {
      const response = await fetch(`${url}/rest/v1/content_items`, {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${writer.token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ title }),
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    writer.outcomes.push({ title, status, startedAt, ms: performance.now() - startedAt });
    if (status !== 201) await sleep(50);
  }
}

export async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/**
 * Milliseconds from a kill at `since` until writes succeed again: the end of the first acknowledged write that
 * started after the first failed one (a write can still succeed on a connection whose server process has not
 * noticed the kill yet). Null when that does not happen within `limitMs`.
 */
export async function recoveryAfter(writers: Writer[], since: number, limitMs: number): Promise<number | null> {
  while (performance.now() - since < limitMs) {
    const outcomes = writers.flatMap((writer) => writer.outcomes).filter((outcome) => outcome.startedAt > since);
    const firstFailure = Math.min(...outcomes.filter((o) => o.status !== 201).map((o) => o.startedAt));
    const success = outcomes
      .filter((o) => o.startedAt > firstFailure && o.status === 201)
      .map((o) => o.startedAt + o.ms)
      .sort((a, b) => a - b)[0];
    if (success !== undefined) return success - since;
    await sleep(20);
  }
  return null;
}

/** The embedded database of a data directory, reached directly (superuser). */
export async function openEmbedded(dataDir: string): Promise<Sql> {
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const port = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  return createSql(embeddedDatabaseUrl(password, port), { max: 1 });
}

export async function audit(sql: Sql, writers: Writer[]): Promise<Audit> {
  const outcomes = writers.flatMap((writer) => writer.outcomes);
  const rows = await sql<{ title: string }[]>`select title from public.content_items where title = any(${outcomes.map((o) => o.title)})`;
  const present = new Set(rows.map((row) => row.title));
  const acknowledged = outcomes.filter((o) => o.status === 201);
  const refused = outcomes.filter((o) => o.status !== 201 && o.status !== 0);
  const unanswered = outcomes.filter((o) => o.status === 0);
  return {
    acknowledged: acknowledged.length,
    refused: refused.length,
    unanswered: unanswered.length,
    lost: acknowledged.filter((o) => !present.has(o.title)).map((o) => o.title),
    phantom: refused.filter((o) => present.has(o.title)).map((o) => o.title),
    unansweredWritten: unanswered.filter((o) => present.has(o.title)).map((o) => o.title),
    longestMs: Math.max(0, ...outcomes.map((o) => o.ms)),
  };
}
