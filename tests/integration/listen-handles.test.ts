import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { startServer, type RunningServer } from '../../server/src/server';
import { connectWhileTheLoopIsHeld, statusLineOf, watchAccepts } from '../support/accept-turns';
import { createDatabaseFromTemplate, type TestDatabase } from '../support/cluster';

/**
 * LISTEN_HANDLES (decision 0007, session 14): the real server accepts on several handles of its one listening socket,
 * so new connections that wait in its accept queue (wrk's 50 behind a busy server) are accepted several a turn, not
 * one a turn as Node 20's libuv does for a single handle, and every one of them is served by the same app.
 */

let db: TestDatabase;
let dir: string;
let running: RunningServer | undefined;

beforeAll(async () => {
  db = await createDatabaseFromTemplate(inject('cluster'));
  dir = await mkdtemp(path.join(tmpdir(), 'bb-listen-handles-'));
});

afterAll(async () => {
  await running?.stop();
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('the server on several listening handles', () => {
  it('accepts 8 waiting connections in 2 event-loop turns on 4 handles, serves every one, and stops accepting on stop()', async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATA_DIR: path.join(dir, 'data'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: 'listen-handles-admin',
      JOB_RUNNER: 'false',
      LOG_LEVEL: 'silent',
      LISTEN_HANDLES: '4',
    });
    running = await startServer(config, () => {});
    const port = Number(new URL(running.url).port);
    const watch = watchAccepts(port);
    try {
      const sockets = await connectWhileTheLoopIsHeld(port, 8);
      const statuses = await Promise.all(sockets.map((socket) => statusLineOf(socket, '/health')));
      expect(statuses).toEqual(Array(8).fill('HTTP/1.1 200 OK'));
      expect(watch.perTurn).toEqual([4, 4]);
      expect(watch.servers.size).toBe(4);
    } finally {
      watch.stop();
    }

    await running.stop();
    running = undefined;
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
