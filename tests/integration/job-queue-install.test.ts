import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobByName } from '../../server/src/jobs/enqueue-job';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A worker installs graphile-worker's schema one migration per transaction. Until its last migration has committed,
 * the queue is not installed for private.enqueue_job: a job asked for meanwhile waits in private.job_backlog
 * instead of going to tables a later migration replaces (it used to answer 500 "could not open relation with OID").
 */

let server: TestServer;
/** The last migration of the installed graphile-worker package (its sql/0000NN.sql files). */
const lastMigration = Math.max(
  ...readdirSync(join(dirname(createRequire(import.meta.url).resolve('graphile-worker/package.json')), 'sql'))
    .filter((file) => /^\d{6}\.sql$/.test(file))
    .map((file) => Number(file.slice(0, 6))),
);

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  await runMigrations({ connectionString: server.config.databaseUrl!, logger: undefined });
});

afterAll(async () => {
  await server?.close();
});

const installed = async () => (await server.sql<{ installed: boolean }[]>`select private.job_queue_installed() as installed`)[0]!.installed;

describe('the job queue while graphile-worker installs its schema', () => {
  it('keeps a job in the backlog while the last migration has not committed, and queues it once it has', async () => {
    // Half installed: the schema, add_job and every migration but the last (a worker in the middle of migrating).
    const [last] = await server.sql<{ id: number; breaking: boolean }[]>`delete from graphile_worker.migrations where id = ${lastMigration} returning id, breaking`;
    expect(last).toBeDefined();
    expect(await installed()).toBe(false);
    await enqueueJobByName(server.sql, 'clean_up_jobs', {}, { jobKey: 'asked-for-while-migrating' });
    expect(await server.sql`select task, job_key from private.job_backlog`).toEqual([{ task: 'clean_up_jobs', job_key: 'asked-for-while-migrating' }]);
    expect(await server.sql`select id from graphile_worker.jobs`).toEqual([]);

    // The last migration commits: the queue is installed, and the maintenance round moves the job into it.
    await server.sql`insert into graphile_worker.migrations (id, breaking) values (${last!.id}, ${last!.breaking})`;
    expect(await installed()).toBe(true);
    expect((await server.sql`select backlog_moved from private.maintain_job_queue()`)[0]).toEqual({ backlog_moved: 1 });
    expect(await server.sql`select task_identifier, key from graphile_worker.jobs`).toEqual([{ task_identifier: 'clean_up_jobs', key: 'asked-for-while-migrating' }]);
    expect(await server.sql`select id from private.job_backlog`).toEqual([]);
  });

  it('asks for the last migration of the installed graphile-worker (an upgrade needs a new migration of ours)', async () => {
    await server.sql`delete from graphile_worker.migrations where id >= ${lastMigration - 1}`;
    await server.sql`insert into graphile_worker.migrations (id) values (${lastMigration - 1})`;
    expect(await installed()).toBe(false);
    await server.sql`insert into graphile_worker.migrations (id) values (${lastMigration})`;
    expect(await installed()).toBe(true);
  });
});
