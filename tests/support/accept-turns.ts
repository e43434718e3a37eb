import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import net from 'node:net';

export interface AcceptWatch {
  /** Connections accepted in each event-loop turn that accepted any, in order. */
  perTurn: number[];
  /** The net.Servers (listening handles) that accepted them. */
  servers: Set<net.Server>;
  stop(): void;
}

/**
 * Watches the connections this process accepts on `port` (Node's `net.server.socket` channel) and groups them by
 * event-loop turn: accepts before the same turn's check phase (a setImmediate) are one turn.
 */
export function watchAccepts(port: number): AcceptWatch {
  const perTurn: number[] = [];
  const servers = new Set<net.Server>();
  let turnOpen = false;
  const onSocket = (message: unknown) => {
    // `_server`: the net.Server that accepted it (node:http then sets `server` to itself, so `server` is the same
    // HTTP server for connections handed to it by another listener).
    const socket = (message as { socket: net.Socket & { _server?: net.Server } }).socket;
    if (socket.localPort !== port) return;
    if (socket._server) servers.add(socket._server);
    if (!turnOpen) {
      turnOpen = true;
      perTurn.push(0);
      setImmediate(() => (turnOpen = false));
    }
    perTurn[perTurn.length - 1] = (perTurn[perTurn.length - 1] ?? 0) + 1;
  };
  subscribe('net.server.socket', onSocket);
  return { perTurn, servers, stop: () => unsubscribe('net.server.socket', onSocket) };
}

/**
 * Opens `count` connections to `port` while this process' event loop stands still: they all wait in the listening
 * socket's accept queue when the loop next polls, as wrk's 50 new connections do behind a busy server. Resolves with
 * the sockets once each is connected.
 */
export async function connectWhileTheLoopIsHeld(port: number, count: number): Promise<net.Socket[]> {
  const sockets = Array.from({ length: count }, () => net.connect(port, '127.0.0.1'));
  // net.connect() makes its connect() call on the next tick; this tick comes after theirs.
  await new Promise((resolve) => process.nextTick(resolve));
  // Hold the loop while the kernel completes the handshakes (loopback: at once); no accept can happen meanwhile.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  await Promise.all(sockets.map((socket) => new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))));
  return sockets;
}

/** One `GET path` on a raw socket; resolves with the response's status line. */
export function statusLineOf(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\r\n');
      if (end >= 0) {
        resolve(text.slice(0, end));
        socket.destroy();
      }
    });
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}
