import type { IncomingHttpHeaders } from 'node:http';
import { plainAddress } from '../../lib/client-address';

/**
 * Headers that name the client's address. A client can send any of them, so the data API never passes
 * them on as sent: `request.headers` in the database carries `x-forwarded-for` with the one address the
 * server trusts (Fastify's, per TRUST_PROXY), which is what `private.request_client_address()` reads — the
 * same place hosted Supabase's gateway reports it.
 */
const CLIENT_ADDRESS_HEADERS = new Set(['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip', 'forwarded']);

/** The JSON of `request.headers` for a request from `clientIp`. */
export function requestHeadersSetting(headers: IncomingHttpHeaders, clientIp: string): string {
  const kept: Record<string, unknown> = {};
  for (const name in headers) {
    if (!CLIENT_ADDRESS_HEADERS.has(name)) kept[name] = headers[name];
  }
  kept['x-forwarded-for'] = plainAddress(clientIp);
  return JSON.stringify(kept);
}
