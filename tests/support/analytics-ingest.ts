import { beforeEach } from 'vitest';
import { useAnalyticsSite } from './analytics-report';

/**
 * The analytics ingestion tests' world: the real server behind a proxy that names the client (TRUST_PROXY, as hosted
 * Supabase's gateway does), a workspace owner and its site `shop.example`, and the requests the snippet makes (anon
 * key, the page's Origin, a browser's user agent, another client address each time unless told). Every client's
 * budget is full again before each test. Call at the top of a test file.
 */
export const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface Sent {
  site_id?: unknown;
  name?: unknown;
  url?: unknown;
  referrer?: unknown;
  props?: unknown;
  screen_width?: unknown;
  admin?: unknown;
}

export function useIngestion() {
  const site = useAnalyticsSite({ TRUST_PROXY: 'true' });
  let nextClient = 1;

  beforeEach(async () => {
    await site.server.sql`delete from private.analytics_client_budgets`;
  });

  /** record_analytics_event (or `rpc`) with the snippet's headers; `headers` override them. */
  function send(event: Sent | string, headers: Record<string, string> = {}, rpc = 'record_analytics_event') {
    return fetch(`${site.server.url}/rest/v1/rpc/${rpc}`, {
      method: 'POST',
      headers: {
        apikey: site.server.anonKey,
        'content-type': 'application/json',
        origin: 'https://www.shop.example',
        'user-agent': CHROME,
        'x-forwarded-for': `203.0.113.${nextClient++ % 250}`,
        ...headers,
      },
      body: typeof event === 'string' ? event : JSON.stringify(event),
    });
  }

  return {
    get server() {
      return site.server;
    },
    get owner() {
      return site.owner;
    },
    get siteId() {
      return site.siteId;
    },
    send,
    /** record_analytics_events: several events of one site in one request, as the snippet sends them when they queue up. */
    sendBatch: (events: unknown, headers: Record<string, string> = {}, siteId: unknown = site.siteId) =>
      send(JSON.stringify({ site_id: siteId, events }), headers, 'record_analytics_events'),
    pageview: (extra: Sent = {}): Sent => ({ site_id: site.siteId, name: 'pageview', url: 'https://www.shop.example/pricing', screen_width: 1280, ...extra }),
    stored: (): Promise<Record<string, unknown>[]> => site.server.sql`select * from private.analytics_events where site_id = ${site.siteId} order by occurred_at`,
    /** '400 P0001 unknown_site', '429 PT429': status, error code and (a code-like) detail of a refusal. */
    async refusal(response: Response) {
      const body = (await response.json()) as { code: string; details: string | null; message: string };
      const code = /^[a-z_]+$/.test(body.details ?? '') ? body.details : '';
      return `${response.status} ${body.code} ${code}`.trim();
    },
  };
}
