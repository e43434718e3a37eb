import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSql, quoteIdent, withDatabase, type Sql } from '../../server/src/db/client';
import { startEmbeddedPostgres } from '../../server/src/db/embedded';
import { migrate } from '../../server/src/db/migrate';
import { MIGRATIONS_DIR, SHIM_DIR } from '../../server/src/project-paths';

/** One PostgreSQL per test run, with a migrated template database that each test file copies. */
export interface TestCluster {
  /** Superuser URL on the maintenance database. */
  adminUrl: string;
  /** Migrated template: `createDatabaseFromTemplate` copies it. */
  template: string;
  /** Prefix of every database this run creates (dropped at the end on an external cluster). */
  prefix: string;
  stop(): Promise<void>;
}

/**
 * Embedded PostgreSQL in a throwaway folder, or the cluster of TEST_DATABASE_URL
 * (CI runs the database tests once against the machine's PostgreSQL 15 this way).
 */
export async function startTestCluster(): Promise<TestCluster> {
  const prefix = `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const template = `${prefix}_template`;
  let adminUrl: string;
  let stopCluster: () => Promise<void>;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    adminUrl = external;
    stopCluster = async () => {
      const sql = createSql(adminUrl, { max: 1 });
      try {
        const rows = await sql<{ datname: string }[]>`select datname from pg_database where datname like ${`${prefix}%`}`;
        for (const { datname } of rows) await sql.unsafe(`drop database if exists ${quoteIdent(datname)} with (force)`);
      } finally {
        await sql.end();
      }
    };
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'bb-test-pg-'));
    // As root, PostgreSQL runs as the postgres user, which must enter this folder.
    await chmod(dir, 0o755);
    const pg = await startEmbeddedPostgres({
      databaseDir: path.join(dir, 'data'),
      password: randomBytes(12).toString('hex'),
      fast: true,
      keepExitHooks: true,
    });
    adminUrl = pg.url;
    stopCluster = async () => {
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }

  const admin = createSql(adminUrl, { max: 1 });
  try {
    await admin.unsafe(`create database ${quoteIdent(template)}`);
  } finally {
    await admin.end();
  }
  const sql = createSql(withDatabase(adminUrl, template), { max: 1 });
  try {
    await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
  } finally {
    await sql.end();
  }
  return { adminUrl, template, prefix, stop: stopCluster };
}

/**
 * `create database … template` copies the schema but not the roles' per-database settings (`alter role … in
 * database … set`), which migrations write (the data API's pre-request function): copy them too.
 */
async function copyDatabaseRoleSettings(admin: Sql, from: string, to: string): Promise<void> {
  const rows = await admin<{ role: string; setting: string }[]>`
    select r.rolname as role, unnest(s.setconfig) as setting
    from pg_db_role_setting s join pg_roles r on r.oid = s.setrole join pg_database d on d.oid = s.setdatabase
    where d.datname = ${from}`;
  for (const { role, setting } of rows) {
    const index = setting.indexOf('=');
    await admin.unsafe(
      `alter role ${quoteIdent(role)} in database ${quoteIdent(to)} set ${quoteIdent(setting.slice(0, index))} = ${quoteLiteral(setting.slice(index + 1))}`,
    );
  }
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database for one test file (a copy of the template: a few milliseconds). */
export async function createDatabaseFromTemplate(
  cluster: Pick<TestCluster, 'adminUrl' | 'template' | 'prefix'>,
  options: { empty?: boolean } = {},
): Promise<TestDatabase> {
  const name = `${cluster.prefix}_${randomBytes(5).toString('hex')}`;
  const admin = createSql(cluster.adminUrl, { max: 1 });
  try {
    await admin.unsafe(
      options.empty
        ? `create database ${quoteIdent(name)}`
        : `create database ${quoteIdent(name)} template ${quoteIdent(cluster.template)}`,
    );
    if (!options.empty) await copyDatabaseRoleSettings(admin, cluster.template, name);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(cluster.adminUrl, name),
    async drop() {
      const sql = createSql(cluster.adminUrl, { max: 1 });
      try {
        await sql.unsafe(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}
