import { spawn, type ChildProcess } from 'node:child_process';
import { isPostmasterReady } from './postmaster';

/** One run of the `postgres` server process, spawned by us: it is ready, or it failed to start. */
export interface PostmasterProcess {
  pid: number;
  /** Resolves when the process has ended, for whatever reason. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** Fast shutdown, then immediate shutdown, then SIGKILL: resolves when the process is gone (≤ 8 s). */
  stop(): Promise<void>;
}

export interface SpawnPostmasterOptions {
  binary: string;
  databaseDir: string;
  port: number;
  flags: string[];
  /** As root, PostgreSQL runs as the `postgres` system user. */
  user?: { uid: number; gid: number };
  env?: NodeJS.ProcessEnv;
  /** Each line PostgreSQL writes to stderr (all of it, or until its logging collector takes over). */
  onLine: (line: string) => void;
  /** A clear error when PostgreSQL has not accepted connections after this long. */
  readyTimeoutMs: number;
  /** Gives up waiting (the process is stopped): a shutdown during a restart. */
  signal?: AbortSignal;
}

/** PostgreSQL exited or timed out before accepting connections; `lines` are its last stderr lines. */
export class PostmasterStartError extends Error {
  override name = 'PostmasterStartError';
  constructor(
    message: string,
    readonly lines: string[],
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stopChild(child: ChildProcess, exited: Promise<unknown>): () => Promise<void> {
  return async () => {
    const steps: [NodeJS.Signals, number][] = [
      ['SIGINT', 5000], // fast shutdown: sessions end, a checkpoint is written
      ['SIGQUIT', 2000], // immediate shutdown: crash recovery at the next start
      ['SIGKILL', 1000],
    ];
    for (const [signal, ms] of steps) {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const ended = await Promise.race([exited.then(() => true), sleep(ms).then(() => false)]);
      if (ended) return;
    }
  };
}

/**
 * Spawns `postgres -D dir -p port …` in its own process group (a terminal's Ctrl-C reaches the server, which
 * stops PostgreSQL in order) and waits until `postmaster.pid` says `ready`, as pg_ctl does: this works
 * whether PostgreSQL logs to stderr or to its own log files.
 */
export async function spawnPostmaster(options: SpawnPostmasterOptions): Promise<PostmasterProcess> {
  const child = spawn(options.binary, ['-D', options.databaseDir, '-p', String(options.port), ...options.flags], {
    ...options.user,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const recent: string[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      recent.push(line);
      if (recent.length > 30) recent.shift();
      options.onLine(line);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  // A server that outlives us (kill -9) must not fail writing to a pipe nobody reads: PostgreSQL ignores SIGPIPE.
  child.stdout!.on('error', () => {});
  child.stderr!.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const process_: PostmasterProcess = {
    pid: child.pid ?? -1,
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    stop: stopChild(child, exited),
  };

  let hasEnded = false;
  void exited.then(() => (hasEnded = true));
  const failure = await Promise.race([
    spawnError.then((error) => `could not run ${options.binary}: ${error.message}`),
    (async () => {
      const until = Date.now() + options.readyTimeoutMs;
      while (!hasEnded && Date.now() < until && !options.signal?.aborted) {
        if (child.pid && (await isPostmasterReady(options.databaseDir, child.pid))) return null;
        await sleep(50);
      }
      if (options.signal?.aborted) return 'the start was cancelled';
      if (hasEnded) {
        const { code, signal } = await exited;
        return `it exited (${signal ?? `code ${code}`}) before accepting connections`;
      }
      return `it did not accept connections within ${Math.round(options.readyTimeoutMs / 1000)} s`;
    })(),
  ]);
  if (failure === null) return process_;
  await process_.stop();
  throw new PostmasterStartError(failure, recent);
}
