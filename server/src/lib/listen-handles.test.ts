import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectWhileTheLoopIsHeld, statusLineOf, watchAccepts } from '../../../tests/support/accept-turns';
import { listenOnMoreHandles, type MoreHandles } from './listen-handles';

let server: http.Server | undefined;
let more: MoreHandles | undefined;

afterEach(async () => {
  await more?.close();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = more = undefined;
});

async function listening(handles: number): Promise<number> {
  server = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  more = await listenOnMoreHandles(server, handles);
  return (server.address() as net.AddressInfo).port;
}

// Node 20's libuv accepts one connection per listening handle per event-loop turn (libuv#3696); should a later Node
// accept more, the first case fails and LISTEN_HANDLES has had its day (decision 0007, session 14).
describe('listenOnMoreHandles: several handles on one listening socket', () => {
  it.each([
    { handles: 1, perTurn: [1, 1, 1, 1, 1, 1, 1, 1] },
    { handles: 4, perTurn: [4, 4] },
    { handles: 8, perTurn: [8] },
  ])('with $handles handle(s), 8 connections waiting are accepted $perTurn.length turn(s), each by a handle, and all are served', async ({ handles, perTurn }) => {
    const port = await listening(handles);
    expect(more!.listeners).toHaveLength(handles - 1);
    const watch = watchAccepts(port);
    try {
      const sockets = await connectWhileTheLoopIsHeld(port, 8);
      const statuses = await Promise.all(sockets.map((socket) => statusLineOf(socket, '/')));
      expect(statuses).toEqual(Array(8).fill('HTTP/1.1 200 OK'));
      expect(watch.perTurn).toEqual(perTurn);
      expect(watch.servers.size).toBe(handles);
    } finally {
      watch.stop();
    }
  });

  it('closing stops the extra handles accepting; the socket stays open while the server listens', async () => {
    const port = await listening(3);
    await more!.close();
    const watch = watchAccepts(port);
    try {
      const sockets = await connectWhileTheLoopIsHeld(port, 4);
      expect(await Promise.all(sockets.map((socket) => statusLineOf(socket, '/')))).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
      expect(watch.perTurn).toEqual([1, 1, 1, 1]);
      expect([...watch.servers]).toEqual([server]);
    } finally {
      watch.stop();
    }
  });
});
