import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSql } from '../../server/src/db/client';
import { freePort } from '../../server/src/db/embedded';

/**
 * A throwaway PostgreSQL 15 cluster with hosted Supabase's shape (supabase-shape.sql): `supabase_admin` is the only
 * superuser, `postgres` is not one. PostgreSQL 15 comes from PG15_BIN, else Debian's /usr/lib/postgresql/15/bin
 * (`apt-get install postgresql-15`). As root, PostgreSQL runs as the `postgres` system user that package creates.
 */

const run = promisify(execFile);
const SHAPE_SQL = path.join(import.meta.dirname, 'supabase-shape.sql');

export interface SupabaseShapedCluster {
  /** Connection URLs of the database `postgres`, one per login role of a Supabase project. */
  urls: Record<'supabaseAdmin' | 'postgres' | 'authenticator' | 'supabaseAuthAdmin' | 'supabaseStorageAdmin', string>;
  version: string;
  stop(): Promise<void>;
}

export function postgres15BinDir(): string {
  const dir = process.env.PG15_BIN ?? '/usr/lib/postgresql/15/bin';
  if (!existsSync(path.join(dir, 'initdb'))) {
    throw new Error(
      `PostgreSQL 15 not found in ${dir}. Install it (Debian: apt-get install postgresql-15) or point PG15_BIN at its bin folder.`,
    );
  }
  return dir;
}

export interface Postgres15Cluster {
  /** Connection URL of a database (default `postgres`) as a role whose password is the cluster's. */
  url(user: string, database?: string): string;
  password: string;
  /** The PostgreSQL 15 bin folder (pg_dump and the rest). */
  bin: string;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL 15 cluster (Debian's, or PG15_BIN) in a temporary folder, on a free port of 127.0.0.1,
 * whose only superuser is `superuser` with a random password. As root, PostgreSQL runs as the `postgres` system user.
 */
export async function startPostgres15Cluster(superuser: string): Promise<Postgres15Cluster> {
  const bin = postgres15BinDir();
  const asRoot = userInfo().uid === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'bb-postgres15-'));
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const password = randomBytes(16).toString('hex');
  await writeFile(path.join(dir, 'password'), `${password}\n`, { mode: 0o600 });
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(group));
    await chown(path.join(dir, 'password'), Number(stdout), Number(group));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  await pg('initdb', ['-D', dataDir, '-U', superuser, `--pwfile=${path.join(dir, 'password')}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  try {
    await pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    const log = await readFile(path.join(dir, 'server.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL 15 did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`, { cause: error });
  }
  return {
    url: (user, database = 'postgres') => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    password,
    bin,
    stop: async () => {
      await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function startSupabaseShapedCluster(): Promise<SupabaseShapedCluster> {
  const cluster = await startPostgres15Cluster('supabase_admin');
  const { password, stop } = cluster;
  const url = (user: string) => cluster.url(user);

  const admin = createSql(url('supabase_admin'), { max: 1 });
  try {
    await admin.unsafe(await readFile(SHAPE_SQL, 'utf8')).simple();
    for (const role of ['postgres', 'authenticator', 'supabase_auth_admin', 'supabase_storage_admin']) {
      await admin.unsafe(`alter role ${role} password '${password}'`);
    }
    const [row] = await admin<{ version: string }[]>`select current_setting('server_version') as version`;
    return {
      urls: {
        supabaseAdmin: url('supabase_admin'),
        postgres: url('postgres'),
        authenticator: url('authenticator'),
        supabaseAuthAdmin: url('supabase_auth_admin'),
        supabaseStorageAdmin: url('supabase_storage_admin'),
      },
      version: row!.version,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await admin.end();
  }
}
