import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { MAX_STATEMENTS, PgConnection, PostgresError } from '../../server/src/db/pipeline/connection';
import { ConnectionError } from '../../server/src/db/pipeline/socket';
import { connectOptionsOf, type ConnectOptions } from '../../server/src/db/pipeline/options';
import { acquireChannel, batchChannel, type AcquireMessage, type BatchMessage } from '../../server/src/db/pipeline/diagnostics';
import { createPipelinePool } from '../../server/src/db/pipeline/pool';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';

/**
 * The data API's pipeline client against the real PostgreSQL: authentication, a batch as one transaction with
 * one Sync, an error skipping the rest of the batch, prepared statements reused and bounded, a lost
 * connection reported as a connection failure, and the pool.
 */

let db: TestDatabase;
let sql: Sql;
let options: ConnectOptions;

const text = (value: string | null | undefined) => value ?? null;

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  sql = createSql(db.url, { max: 1 });
  options = connectOptionsOf(sql, 'pipeline test');
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await db?.drop();
});

describe('a connection', () => {
  it('authenticates as the URL’s user and runs a transaction in one batch', async () => {
    const connection = await PgConnection.connect(options);
    const results = await connection.run([
      { text: 'begin', values: [] },
      { text: `select set_config('request.x', $1, true)`, values: ['set in the same transaction'] },
      { text: `select current_setting('request.x', true) as x, $1::int + 1 as n, current_user`, values: ['41'] },
      { text: 'commit', values: [] },
    ]);
    expect(results.map((result) => result.error)).toEqual([undefined, undefined, undefined, undefined]);
    expect(results[2]!.rows.map((row) => row.map(text))).toEqual([['set in the same transaction', '42', decodeURIComponent(new URL(db.url).username)]]);
    expect(connection.transactionStatus).toBe('I');
    connection.end();
  });

  it('an error skips the rest of the batch; the transaction is left failed until rolled back', async () => {
    const connection = await PgConnection.connect(options);
    const results = await connection.run([
      { text: 'begin', values: [] },
      { text: 'select 1/0', values: [] },
      { text: 'select 2', values: [] },
      { text: 'commit', values: [] },
    ]);
    expect(results[1]!.error).toBeInstanceOf(PostgresError);
    expect([results[1]!.error!.code, results[1]!.error!.message, results[2]!.rows, results[3]!.error]).toEqual(['22012', 'division by zero', [], undefined]);
    expect(connection.transactionStatus).toBe('E');
    await connection.run([{ text: 'rollback', values: [] }]);
    expect(connection.transactionStatus).toBe('I');
    const after = await connection.run([{ text: 'select 3', values: [] }]);
    expect(text(after[0]!.rows[0]![0])).toBe('3');
    connection.end();
  });

  it('prepares each statement once, and closes the oldest beyond the limit', async () => {
    const connection = await PgConnection.connect(options);
    const count = async () =>
      Number(text((await connection.run([{ text: 'select count(*) from pg_prepared_statements', values: [] }]))[0]!.rows[0]![0]));
    await connection.run([{ text: 'select $1::int', values: ['1'] }]);
    const before = await count();
    await connection.run([{ text: 'select $1::int', values: ['2'] }]);
    expect(await count()).toBe(before);
    for (let i = 0; i < MAX_STATEMENTS + 20; i++) await connection.run([{ text: `select ${i}`, values: [] }]);
    expect(await count()).toBeLessThanOrEqual(MAX_STATEMENTS);
    connection.end();
  });

  it('a wrong password, or a server going away, is an error of its own, never a hang', async () => {
    await expect(PgConnection.connect({ ...options, password: 'wrong' })).rejects.toMatchObject({ code: '28P01' });
    const refused = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await expect(PgConnection.connect({ ...options, socket: undefined, host: '127.0.0.1', port: refused, connectTimeout: 2 })).rejects.toBeInstanceOf(ConnectionError);
    const connection = await PgConnection.connect(options);
    const pid = text((await connection.run([{ text: 'select pg_backend_pid()', values: [] }]))[0]!.rows[0]![0]);
    await sql`select pg_terminate_backend(${Number(pid)})`;
    const lost = await connection.run([{ text: 'select 1', values: [] }]).catch((error: unknown) => error);
    expect(lost).toMatchObject({ code: expect.stringMatching(/^CONNECTION_/) });
    expect(connection.alive).toBe(false);
  });

  it('a server that accepts and then stays silent, at any step of the connect, costs one connect timeout', async () => {
    const sockets: net.Socket[] = [];
    let closed = 0;
    const silent = net.createServer((socket) => {
      sockets.push(socket);
      socket.resume().on('close', () => (closed += 1));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const at = { ...options, socket: undefined, host: '127.0.0.1', port, connectTimeout: 1 };
      // No answer to the startup message; no answer to the TLS request (that wait had no deadline).
      await expect(PgConnection.connect({ ...at, ssl: false })).rejects.toMatchObject({ code: 'CONNECTION_TIMEOUT' });
      await expect(PgConnection.connect({ ...at, ssl: 'prefer' })).rejects.toMatchObject({ code: 'CONNECTION_TIMEOUT' });
      // Both sockets are closed on our side, not left open.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([sockets.length, closed]).toEqual([2, 2]);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('the pool', () => {
  it('serves 50 concurrent users on 3 connections, first come first served, and replaces a lost connection', async () => {
    // An application name of its own: the cluster may be shared (CI runs these tests on the machine's PostgreSQL 15),
    // and the other tests' connections may still be closing.
    const poolOptions = connectOptionsOf(sql, 'pipeline pool test');
    const pool = createPipelinePool(poolOptions, { max: 3, idleTimeout: 5 });
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        pool.use(async (connection) => {
          order.push(index);
          await connection.run([{ text: 'select pg_sleep(0.001)', values: [] }]);
        }),
      ),
    );
    expect(order).toEqual(Array.from({ length: 50 }, (_, index) => index));
    const backends = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where application_name = 'pipeline pool test'`;
    expect(backends[0]!.n).toBeLessThanOrEqual(3);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'pipeline pool test'`;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await pool.use((connection) => connection.run([{ text: 'select 7', values: [] }]));
    expect(text(again[0]!.rows[0]![0])).toBe('7');
    await pool.end();
  });

  it('a request queued behind a connection that dies is served on a new one, not left waiting (postgres.js#1195)', async () => {
    const pool = createPipelinePool(options, { max: 1, idleTimeout: 5 });
    try {
      let pid = '';
      let started!: () => void;
      const isStarted = new Promise<void>((resolve) => (started = resolve));
      const holder = pool
        .use(async (connection) => {
          pid = text((await connection.run([{ text: 'select pg_backend_pid()', values: [] }]))[0]!.rows[0]![0])!;
          started();
          return connection.run([{ text: 'select pg_sleep(5)', values: [] }]);
        })
        .catch((error: unknown) => error);
      await isStarted;
      const queued = pool.use((connection) => connection.run([{ text: 'select 8', values: [] }]));
      await sql`select pg_terminate_backend(${Number(pid)})`;
      expect(await holder).toMatchObject({ code: expect.stringMatching(/^CONNECTION_/) });
      const served = await Promise.race([queued, new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3000))]);
      expect(Array.isArray(served) ? text((served as Awaited<typeof queued>)[0]!.rows[0]![0]) : served).toBe('8');
    } finally {
      await pool.end();
    }
  });

  it('tells a subscribed measuring tool each request’s wait for a connection and each batch’s round trip', async () => {
    const pool = createPipelinePool(options, { max: 1, idleTimeout: 5 });
    const acquired: AcquireMessage[] = [];
    const batches: BatchMessage[] = [];
    const onAcquire = (message: unknown) => acquired.push(message as AcquireMessage);
    const onBatch = (message: unknown) => batches.push(message as BatchMessage);
    acquireChannel.subscribe(onAcquire);
    batchChannel.subscribe(onBatch);
    try {
      await Promise.all(
        [0, 1, 2].map(() => pool.use((connection) => connection.run([{ text: 'select pg_sleep(0.02)', values: [] }, { text: 'select 1', values: [] }]))),
      );
    } finally {
      acquireChannel.unsubscribe(onAcquire);
      batchChannel.unsubscribe(onBatch);
      await pool.end();
    }
    // One connection: the first asks an empty queue, the second and third queue behind it and wait a batch or two.
    expect(acquired.map((message) => message.queued)).toEqual([0, 1, 2]);
    expect(acquired[2]!.waitedMs).toBeGreaterThanOrEqual(30);
    expect(batches.map((batch) => batch.steps)).toEqual([2, 2, 2]);
    for (const batch of batches) expect(batch.roundTripMs).toBeGreaterThanOrEqual(15);
  });
});
