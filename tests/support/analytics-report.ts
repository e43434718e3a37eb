import { afterAll, beforeAll, beforeEach } from 'vitest';
import { AWAY_FROM_MIDNIGHT_MS, awayFromUtcMidnight } from './away-from-utc-midnight';
import { signedInUser, type SignedInUser } from './rest-clients';
import { startTestServer, type TestServer } from './test-server';

/**
 * The analytics report tests' world: raw events of known times written as the ingestion would (`writeEvents`),
 * rolled up and reported through supabase-js by a member of the site's workspace (`reportOf`).
 */
export interface AnalyticsEvent {
  at: string;
  visitor: number;
  name?: string;
  path?: string;
  referrer?: string | null;
  utm?: string;
  medium?: string;
  campaign?: string;
  device?: string;
  browser?: string;
  props?: Record<string, string | number | boolean>;
}

type Bucket = { bucket: string; visitors: number; visits: number; pageviews: number };

export interface Report {
  totals: Record<string, number>;
  previous: Record<string, number> | null;
  interval: string;
  series: Bucket[];
  previous_series: Bucket[] | null;
  goal_properties: { goal: string; property: string; value: string; visitors: number; events: number; conversion_rate: number }[];
  breakdowns: Record<string, { value: string; visitors: number; visits: number; pageviews: number; events: number; bounce_rate: number; conversion_rate: number }[]>;
}

/** '2026-03-10T10:00:00Z' from ('10:00'), another day with ('10:00', '2026-03-09'). */
export const at = (time: string, day = '2026-03-10') => `${day}T${time}:00Z`;

export async function writeEvents(sql: TestServer['sql'], site: string, events: readonly AnalyticsEvent[]): Promise<void> {
  for (const e of events) {
    await sql`
      insert into private.analytics_events (site_id, occurred_at, visitor_id, name, pathname, referrer, utm_source, utm_medium, utm_campaign, device, browser, props)
      values (${site}, ${e.at}, ${e.visitor}, ${e.name ?? 'pageview'}, ${e.path ?? '/'}, ${e.referrer ?? null}, ${e.utm ?? null},
        ${e.medium ?? null}, ${e.campaign ?? null}, ${e.device ?? 'Desktop'}, ${e.browser ?? 'Firefox'}, ${e.props ? sql.json(e.props) : null})`;
  }
}

export async function reportOf(member: SignedInUser, site: string, start: string, end: string, options: { compare?: [string, string]; topLimit?: number } = {}): Promise<Report> {
  const { data, error } = await member.client.rpc('analytics_report', {
    site_id: site,
    period_start: start,
    period_end: end,
    ...(options.compare ? { compare_start: options.compare[0], compare_end: options.compare[1] } : {}),
    ...(options.topLimit ? { top_limit: options.topLimit } : {}),
  });
  if (error) throw new Error(`${error.code} ${error.details}`);
  return data as unknown as Report;
}

/**
 * A server (with `env`), a workspace owner and its site 'Shop' (shop.example), for the file that calls it (its
 * beforeAll and afterAll); read them through the getters once the file's tests run. No test starts in the last
 * 30 s of a UTC day: salts, budgets and today's rollups are the database's UTC day's.
 */
export function useAnalyticsSite(env: Record<string, string> = {}) {
  let server: TestServer;
  let owner: SignedInUser;
  let siteId: string;
  beforeAll(async () => {
    server = await startTestServer(env);
    owner = await signedInUser(server);
    const { data, error } = await owner.client
      .from('analytics_sites')
      .insert({ organization_id: owner.organizationId, name: 'Shop', domain: 'shop.example', created_by: owner.id })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    siteId = data.id;
  });
  beforeEach(() => awayFromUtcMidnight(), AWAY_FROM_MIDNIGHT_MS);
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      return server;
    },
    get owner() {
      return owner;
    },
    get siteId() {
      return siteId;
    },
  };
}
