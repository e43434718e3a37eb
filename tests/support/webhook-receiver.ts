import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

export type ReceiverBehaviour = (request: IncomingMessage, response: ServerResponse, receiver: WebhookReceiver) => void;

export interface WebhookReceiver {
  /** http://<host>:<port> */
  origin: string;
  received: ReceivedWebhook[];
  /** Requests being answered right now, per path prefix: the most seen at once. */
  maxConcurrent: Map<string, number>;
  /** What a path answers (default 200 "ok"); set per test. */
  behaviours: Map<string, ReceiverBehaviour>;
  /** The requests to a path. */
  to(path: string): ReceivedWebhook[];
  /** Distinct webhook-ids a path received (a receiver that dedupes keeps one of each). */
  distinctIds(path: string): number;
  /** Whether a request verifies with the Standard Webhooks reference implementation (the npm package). */
  verifies(received: ReceivedWebhook, secret: string): boolean;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver of webhooks, as a customer's n8n or Zapier hook would be: it records every request (headers
 * and body as sent), answers per path as the test says, and counts concurrent requests per path.
 */
export async function startWebhookReceiver(host = '127.0.0.2'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const behaviours = new Map<string, ReceiverBehaviour>();
  const current = new Map<string, number>();
  const maxConcurrent = new Map<string, number>();
  const holder: { receiver?: WebhookReceiver } = {};
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({
        path,
        id: String(request.headers['webhook-id'] ?? ''),
        timestamp: String(request.headers['webhook-timestamp'] ?? ''),
        signature: String(request.headers['webhook-signature'] ?? ''),
        body,
      });
      current.set(path, (current.get(path) ?? 0) + 1);
      maxConcurrent.set(path, Math.max(maxConcurrent.get(path) ?? 0, current.get(path)!));
      response.on('close', () => current.set(path, current.get(path)! - 1));
      const behaviour = behaviours.get(path) ?? ((_q, r) => r.end('ok'));
      behaviour(request, response, holder.receiver!);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const receiver: WebhookReceiver = {
    origin,
    received,
    maxConcurrent,
    behaviours,
    to: (path) => received.filter((entry) => entry.path === path),
    distinctIds: (path) => new Set(received.filter((entry) => entry.path === path).map((entry) => entry.id)).size,
    verifies: (entry, secret) => {
      try {
        new Webhook(secret).verify(entry.body, { 'webhook-id': entry.id, 'webhook-timestamp': entry.timestamp, 'webhook-signature': entry.signature });
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  holder.receiver = receiver;
  return receiver;
}
