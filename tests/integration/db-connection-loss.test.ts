import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';

/**
 * postgres.js 3.4.9 wrote to a connection whose socket was gone (porsager/postgres#1208): `begin()` sends its
 * own `rollback` after the in-flight query failed, and `reserve().release()` put the dead connection back
 * into the pool, where the next query wrote to it. The write ran in a setImmediate, so the TypeError
 * "Cannot read properties of null (reading 'write')" reached the top of the process and ended it.
 * patches/postgres+3.4.9.patch (patch-package, postinstall) fixes both paths; these tests fail (the run reports an uncaught exception) without it.
 */

let db: TestDatabase;
let killer: Sql;

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  killer = createSql(db.url, { max: 1 });
});

afterAll(async () => {
  await killer.end();
  await db.drop();
});

async function backendPid(run: (query: TemplateStringsArray) => Promise<{ pid: number }[]>): Promise<number> {
  const [row] = await run`select pg_backend_pid() as pid`;
  return row!.pid;
}

describe('a connection that dies under postgres.js', () => {
  it('fails the transaction it carried, and the pool serves the next queries', async () => {
    const sql = createSql(db.url, { max: 2 });
    try {
      let pid = 0;
      let started!: () => void;
      const isStarted = new Promise<void>((resolve) => (started = resolve));
      const transaction = sql.begin(async (tx) => {
        pid = await backendPid((q) => tx(q));
        started();
        await tx`select pg_sleep(5)`;
      });
      await isStarted;
      await killer`select pg_terminate_backend(${pid})`;
      await expect(transaction).rejects.toThrow();
      for (let i = 0; i < 6; i += 1) expect(await sql`select ${i}::int as n`).toEqual([{ n: i }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('a released reserved connection that died is not handed out again', async () => {
    const sql = createSql(db.url, { max: 2 });
    try {
      const reserved = await sql.reserve();
      const pid = await backendPid((q) => reserved(q));
      const sleeping = reserved`select pg_sleep(5)`.catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await killer`select pg_terminate_backend(${pid})`;
      expect(await sleeping).toBeInstanceOf(Error);
      await expect(reserved`select 1`).rejects.toThrow();
      reserved.release();
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => sql`select ${i}::int as n`));
      expect(answers.map(([row]) => row!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
