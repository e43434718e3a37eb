// The socket of a pipeline connection (connection.ts): opened, TLS-wrapped when asked, within a time limit, with its
// failures named as postgres.js names them.
import net from 'node:net';
import tls from 'node:tls';
import { serialize } from 'pg-protocol';
import type { ConnectOptions } from './options';

/** A failure of the connection itself: `code` starts with CONNECTION_ like postgres.js's. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Resolves on `event`; rejects when the socket fails or closes first. */
function waitFor<T = void>(socket: net.Socket, event: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const settle = (finish: () => void) => {
      socket.off(event, onEvent).off('error', onError).off('close', onClose);
      finish();
    };
    const onEvent = (value: T) => settle(() => resolve(value));
    const onError = (error: NodeJS.ErrnoException) => settle(() => reject(new ConnectionError(error.code ?? 'CONNECTION_CLOSED', error.message)));
    const onClose = () => settle(() => reject(new ConnectionError('CONNECTION_CLOSED', 'the database closed the connection')));
    socket.once(event, onEvent).once('error', onError).once('close', onClose);
  });
}

/** The connected socket, TLS-wrapped when asked; `track` gets every socket made, to destroy them on a timeout. */
export async function openSocket(options: ConnectOptions, track: (socket: net.Socket) => void): Promise<net.Socket> {
  if (options.socket) {
    const given = await options.socket();
    track(given);
    return given;
  }
  const socket = options.path ? net.connect(options.path) : net.connect(options.port, options.host);
  track(socket);
  await waitFor(socket, 'connect');
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 60_000);
  if (!options.ssl || options.path) return socket;
  const answer = waitFor<Buffer>(socket, 'data');
  socket.write(serialize.requestSsl());
  if ((await answer)[0] !== 0x53) {
    if (options.ssl === 'prefer' || options.ssl === 'allow') return socket;
    socket.destroy();
    throw new ConnectionError('CONNECTION_SSL', 'the database does not accept TLS connections');
  }
  const tlsOptions: tls.ConnectionOptions =
    typeof options.ssl === 'object' ? options.ssl : options.ssl === 'verify-full' ? {} : { rejectUnauthorized: false };
  const secure = tls.connect({ socket, servername: net.isIP(options.host) ? undefined : options.host, ...tlsOptions });
  track(secure);
  await waitFor(secure, 'secureConnect');
  return secure;
}

export function withTimeout<T>(promise: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectionError('CONNECTION_TIMEOUT', `could not connect within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
