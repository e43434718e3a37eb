import net from 'node:net';

/**
 * One HTTP/1.1 request written byte for byte on a socket (fetch would normalise `..` and encoded separators of the
 * target before sending): the status and the body as received.
 */
export function rawHttp(
  baseUrl: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const url = new URL(baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), text: received.slice(received.indexOf('\r\n\r\n') + 4) }));
    const lines = Object.entries({ Host: url.host, ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), Connection: 'close' });
    socket.write(`${method} ${target} HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
  });
}
