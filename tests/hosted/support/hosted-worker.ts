import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sql } from '../../../server/src/db/client';
import { ROOT_DIR } from '../../../server/src/project-paths';
import { workerNodeArgs } from '../../support/worker-command';

export interface HostedWorker {
  /** What the worker printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then its exit code (0: it stopped gracefully, its heartbeat gone). */
  stop(): Promise<number | null>;
}

/** Polls `check` every 100 ms until it holds; fails naming `what` (read then: e.g. a worker's output) after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, what: string | (() => string), timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `npm run worker` (the process users run: package.json's script) against a database as its URL's role, with a
 * throwaway DATA_DIR and `env` on top; resolves once it says it works (and, when it serves the e-mail links,
 * once it says so too).
 */
export async function startHostedWorker(databaseUrl: string, env: Record<string, string>): Promise<HostedWorker> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bb-hosted-worker-'));
  const child = spawn(process.execPath, workerNodeArgs(), {
    cwd: ROOT_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const code = await exited;
    await rm(dataDir, { recursive: true, force: true });
    return code;
  };
  try {
    const ready = env.WORKER_HTTP_PORT ? /E-mail links .* served on/ : /Worker \S+ working for/;
    await until(() => ready.test(output) || child.exitCode !== null, 'the worker to start');
    if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}:\n${output}`);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output}`, { cause: error });
  }
  return { output: () => output, stop };
}

/**
 * The run's other files share the database and expect a project where no worker has run yet: takes the queue's
 * schema and the workers' traces away again (files of the hosted project run one after another).
 */
export async function forgetWorkers(postgres: Sql): Promise<void> {
  await postgres.begin((tx) => [
    tx`drop schema if exists graphile_worker cascade`,
    tx`delete from private.job_workers`,
    tx`delete from private.job_backlog`,
  ]);
}
