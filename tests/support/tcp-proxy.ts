import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL, to take the database away from a server without touching the shared
 * test cluster: `pass` forwards, `refuse` stops listening (connection refused), `blackhole` accepts
 * connections and never answers (a network that drops packets). Switching cuts every open connection.
 */
export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

export interface TcpProxy {
  /** The target URL with host and port replaced by the proxy's. */
  url: string;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let mode: ProxyMode = 'pass';
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'blackhole') return;
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const url = new URL(targetUrl);
  url.port = String(port);

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url: url.toString(),
    async setMode(next) {
      cutAll();
      if (next === 'refuse' && server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      if (next !== 'refuse' && !server.listening) await listen(port);
      mode = next;
    },
    async close() {
      cutAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
