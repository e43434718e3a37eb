// More accepts per event-loop turn: several libuv handles on the server's one listening socket.
//
// Node 20's libuv (1.45+, libuv#3696) accepts ONE connection per readiness event of a listening handle, and the
// listening socket is polled once per event-loop turn: under load, 50 connections opened at once are accepted over
// 50 turns, and their first requests wait in the accept queue meanwhile (decision 0007, session 9: the data API's
// p99 with wrk). A second descriptor of the same socket registered in epoll is a second readiness event in the same
// turn, so N handles accept up to N connections per turn. Node 20 has no `reusePort` (Node 22.12+/23.1) and no dup():
// a handle sent over a child process' IPC channel arrives as a new descriptor of the same socket (SCM_RIGHTS), which
// is how the cluster module shares listening sockets. A short-lived child receives the socket's handle once, sends
// it back `count` times (each arrives as a new descriptor) and exits; it never listens or accepts itself.
import { spawn } from 'node:child_process';
import net from 'node:net';

/**
 * The child: gets the raw handle and sends it back `count` times. Node sends one handle per acknowledgement, so the
 * channel must stay referenced (a 'message' listener) until the parent has them all and disconnects; then it exits.
 */
const BOUNCER = `process.on('message', (count, handle) => {
  for (let i = 0; i < count; i++) process.send('handle', handle);
});`;

/** A net.Server's libuv handle (not in Node's typings; what `child.send(…, handle)` sends as a raw handle). */
type RawHandle = object;

const rawHandleOf = (server: net.Server): RawHandle => {
  const handle = (server as unknown as { _handle?: RawHandle | null })._handle;
  if (!handle) throw new Error('the server is not listening');
  return handle;
};

/** `count` new descriptors of `server`'s listening socket, as raw handles (not yet listening). */
export function duplicateListeningHandle(server: net.Server, count: number, timeoutMs = 10_000): Promise<RawHandle[]> {
  const handle = rawHandleOf(server);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', BOUNCER], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const received: RawHandle[] = [];
    const timer = setTimeout(() => finish(new Error(`no handle back from the child within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      if (child.connected) child.disconnect();
      if (error) {
        child.kill();
        reject(error);
      } else {
        resolve(received);
      }
    };
    child.on('message', (_message, got) => {
      if (got) received.push(got as RawHandle);
      if (received.length === count) finish();
    });
    child.once('error', finish);
    child.once('exit', (code) => {
      if (received.length < count) finish(new Error(`the child exited (${code}) after ${received.length} of ${count} handles`));
    });
    child.send(count, handle as net.Server, (error) => error && finish(error));
  });
}

export interface MoreHandles {
  /** The extra listeners (not `server` itself); each hands its connections to `server`. */
  listeners: net.Server[];
  /** Stops the extra listeners accepting; resolves when the connections they accepted have ended. */
  close(): Promise<void>;
}

/** The socket options node:http's server gives net.Server (allowHalfOpen, noDelay, keepAlive…), copied from `server`. */
function optionsOf(server: net.Server): net.ServerOpts {
  const own = server as unknown as { allowHalfOpen?: boolean; pauseOnConnect?: boolean; noDelay?: boolean; keepAlive?: boolean; keepAliveInitialDelay?: number; highWaterMark?: number };
  return {
    allowHalfOpen: own.allowHalfOpen,
    pauseOnConnect: own.pauseOnConnect,
    noDelay: own.noDelay,
    keepAlive: own.keepAlive,
    // net.Server keeps it in seconds and takes it in milliseconds.
    keepAliveInitialDelay: (own.keepAliveInitialDelay ?? 0) * 1000,
    highWaterMark: own.highWaterMark,
  };
}

/**
 * Makes a listening `server` accept on `total` handles of its socket: its own and `total − 1` duplicates, each a
 * net.Server that emits its connections on `server` (`'connection'`, as node:http documents for sockets it did not
 * accept itself), so they are served exactly like the ones `server` accepts. `total` ≤ 1: nothing to do.
 */
export async function listenOnMoreHandles(server: net.Server, total: number): Promise<MoreHandles> {
  if (total <= 1) return { listeners: [], close: async () => {} };
  const handles = await duplicateListeningHandle(server, total - 1);
  const listeners = handles.map(() => new net.Server(optionsOf(server), (socket) => server.emit('connection', socket)));
  const close = () => Promise.all(listeners.map((listener) => new Promise<void>((resolve) => listener.close(() => resolve())))).then(() => {});
  try {
    await Promise.all(
      listeners.map(
        (listener, index) =>
          new Promise<void>((resolve, reject) => {
            listener.once('error', reject);
            listener.listen(handles[index], () => {
              listener.off('error', reject);
              resolve();
            });
          }),
      ),
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { listeners, close };
}
