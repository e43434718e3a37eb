import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { deriveApiKeys, type ApiKeys } from '../../server/src/lib/api-keys';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';
import { mintSession, type UserSession } from '../support/tokens';
import { seedUser } from '../support/users';

/**
 * "One round trip": the server's PostgreSQL socket is wrapped to log, in order, every write the driver makes
 * (W) and every chunk it receives (R). A request costs as many round trips as there are runs of writes: the
 * driver writing again after it received something means it waited for PostgreSQL.
 */

let db: TestDatabase;
let sql: postgres.Sql;
let app: FastifyInstance;
let url: string;
let keys: ApiKeys;
let session: UserSession;
let dataDir: string;
const log: string[] = [];

function roundTrips(events: string[]): number {
  let runs = 0;
  let previous = '';
  for (const event of events) {
    if (event === 'W' && previous !== 'W') runs++;
    previous = event;
  }
  return runs;
}

async function measured(request: () => Promise<Response>): Promise<{ status: number; trips: number }> {
  log.length = 0;
  const response = await request();
  await response.arrayBuffer();
  return { status: response.status, trips: roundTrips(log) };
}

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'bb-trips-'));
  await chmod(dataDir, 0o755);
  const target = new URL(db.url);
  // `socket` (a connected socket factory) is a postgres.js option its type definitions do not list.
  const options = {
    max: 1,
    onnotice: () => {},
    socket: () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(Number(target.port), target.hostname, () => resolve(socket));
        socket.once('error', reject);
        const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
        socket.write = ((...args: unknown[]) => {
          log.push('W');
          return write(...args);
        }) as typeof socket.write;
        socket.on('data', () => log.push('R'));
      }),
  };
  sql = postgres(db.url, options as Parameters<typeof postgres>[1]);
  const jwtSecret = randomBytes(32).toString('hex');
  keys = await deriveApiKeys(jwtSecret);
  const config = { ...loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'silent' }), jwtSecret };
  app = await buildApp({ config, sql, keys }, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/rest/v1`;
  const user = await seedUser(sql);
  session = await mintSession(sql, jwtSecret, user.id);
});

afterAll(async () => {
  await app?.close();
  await sql?.end({ timeout: 5 });
  await db?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const userHeaders = () => ({ apikey: keys.anonKey, authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' });

describe('round trips to PostgreSQL per request (after the statement is prepared)', () => {
  it('a user’s GET (begin, settings, session check, SELECT, commit) costs one round trip', async () => {
    const get = () => fetch(`${url}/content_items?select=*&order=created_at.desc&limit=50`, { headers: userHeaders() });
    await measured(get); // first use prepares the statement (describe, then execute)
    const result = await measured(get);
    expect(result).toEqual({ status: 200, trips: 1 });
  });

  it('an anonymous GET costs one round trip', async () => {
    const get = () => fetch(`${url}/menu_items?select=*&order=sort_order`, { headers: { apikey: keys.anonKey } });
    await measured(get);
    expect(await measured(get)).toEqual({ status: 200, trips: 1 });
  });

  it('an insert with return=representation costs one round trip', async () => {
    const post = () =>
      fetch(`${url}/content_items?select=*`, {
        method: 'POST',
        headers: { ...userHeaders(), prefer: 'return=representation' },
        body: JSON.stringify({ title: 'Trip' }),
      });
    await measured(post);
    expect(await measured(post)).toEqual({ status: 201, trips: 1 });
  });

  it('a singular write waits for the row count before committing: two round trips', async () => {
    const post = () =>
      fetch(`${url}/content_items?select=*`, {
        method: 'POST',
        headers: { ...userHeaders(), prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
        body: JSON.stringify({ title: 'Single' }),
      });
    await measured(post);
    expect(await measured(post)).toEqual({ status: 201, trips: 2 });
  });
});
