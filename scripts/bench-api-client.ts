// The data API measured the way the ceiling is measured (`npm run bench:api`, decision 0007, session 9): in its own
// process on the load generator's CPU, 50 requests in flight over 50 kept-alive HTTP connections opened during a
// 2 s warm-up, latency from the request's start to its last byte. wrk opens 50 new connections for every run, and
// under load Node 20 accepts one connection per event-loop turn (libuv#3696): their first requests wait turn after
// turn and, at 1–2 % of a round's requests, set wrk's p99. The ceiling opens none while it measures; this client
// does not either, so its p99 compares request with request.
import http from 'node:http';
import { measureClosedLoop, type ClosedLoopFigures } from './bench-api-probe';

export interface ClientInput {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export type ClientFigures = ClosedLoopFigures;

export async function runClient(input: ClientInput, check: (body: string) => boolean): Promise<ClientFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: input.connections });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(input.url, { agent, headers: input.headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          if (response.statusCode !== 200 || !check(body)) reject(new Error(`unexpected answer ${response.statusCode}: ${body.slice(0, 200)}`));
          else resolve();
        });
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  // The 50 connections are opened (and accepted) in the warm-up.
  const figures = await measureClosedLoop(once, input.connections, input.seconds);
  agent.destroy();
  return figures;
}
