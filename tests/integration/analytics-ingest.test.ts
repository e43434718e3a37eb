import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

// Ingestion from the attacker's side: public.record_analytics_event, as the snippet calls it (anon key, the page's
// Origin), on the real server behind a proxy that names the client (TRUST_PROXY, as hosted Supabase's gateway does).
let server: TestServer;
let owner: SignedInUser;
let siteId: string;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CLIENT = '198.51.100.7';
let nextClient = 1;

interface Sent {
  site_id?: unknown;
  name?: unknown;
  url?: unknown;
  referrer?: unknown;
  props?: unknown;
  screen_width?: unknown;
  admin?: unknown;
}

function send(event: Sent | string, headers: Record<string, string> = {}, rpc = 'record_analytics_event') {
  return fetch(`${server.url}/rest/v1/rpc/${rpc}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      origin: 'https://www.shop.example',
      'user-agent': CHROME,
      'x-forwarded-for': `203.0.113.${nextClient++ % 250}`,
      ...headers,
    },
    body: typeof event === 'string' ? event : JSON.stringify(event),
  });
}

/** record_analytics_events: several events of one site in one request, as the snippet sends them when they queue up. */
const sendBatch = (events: unknown, headers: Record<string, string> = {}, site: unknown = siteId) =>
  send(JSON.stringify({ site_id: site, events }), headers, 'record_analytics_events');

const pageview = (extra: Sent = {}): Sent => ({ site_id: siteId, name: 'pageview', url: 'https://www.shop.example/pricing', screen_width: 1280, ...extra });

async function stored(): Promise<Record<string, unknown>[]> {
  return server.sql`select * from private.analytics_events where site_id = ${siteId} order by occurred_at`;
}

/** Every table of the database (schemas public, private, auth, storage) whose rows, as text, contain one of `needles`. */
async function tablesContaining(needles: string[]): Promise<string[]> {
  const tables = await server.sql<{ name: string }[]>`
    select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'private', 'auth', 'storage')`;
  const found: string[] = [];
  for (const { name } of tables) {
    // encode(…, 'hex') of bytea columns as well: a key that is the address's bytes would show there.
    const [row] = await server.sql.unsafe<{ text: string | null }[]>(`select string_agg(t::text, ' ') as text from ${name} t`);
    const text = (row?.text ?? '').toLowerCase();
    for (const needle of needles) if (text.includes(needle.toLowerCase()) || text.includes(Buffer.from(needle).toString('hex'))) found.push(`${name}: ${needle}`);
  }
  return found;
}

async function refusal(response: Response) {
  const body = (await response.json()) as { code: string; details: string | null; message: string };
  const code = /^[a-z_]+$/.test(body.details ?? '') ? body.details : '';
  return `${response.status} ${body.code} ${code}`.trim();
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signedInUser(server);
  const { data, error } = await owner.client
    .from('analytics_sites')
    .insert({ organization_id: owner.organizationId, name: 'Shop', domain: 'shop.example', created_by: owner.id })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  siteId = data.id;
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await server.sql`delete from private.analytics_client_budgets`;
});

describe('record_analytics_event: what the snippet sends is stored, without the address or the user agent', () => {
  it('stores a pageview from the site’s domain or a subdomain, with path, referrer host, UTM, device and browser', async () => {
    const first = await send(pageview({ url: 'https://www.shop.example/pricing?utm_source=news%20letter&utm_medium=email&utm_campaign=spring+sale', referrer: 'https://www.google.com/search?q=x' }), { 'x-forwarded-for': CLIENT });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ accepted: 1, refused: [] });
    const second = await send(pageview({ url: 'https://shop.example/about', referrer: 'https://shop.example/pricing' }), { origin: 'https://shop.example', 'x-forwarded-for': CLIENT });
    expect(second.status).toBe(200);
    const rows = await stored();
    expect(rows.map(({ name, pathname, referrer, utm_source, utm_medium, utm_campaign, device, browser }) => ({ name, pathname, referrer, utm_source, utm_medium, utm_campaign, device, browser }))).toEqual([
      { name: 'pageview', pathname: '/pricing', referrer: 'google.com', utm_source: 'news letter', utm_medium: 'email', utm_campaign: 'spring sale', device: 'Laptop', browser: 'Chrome' },
      { name: 'pageview', pathname: '/about', referrer: null, utm_source: null, utm_medium: null, utm_campaign: null, device: 'Laptop', browser: 'Chrome' },
    ]);
    expect(rows[0]!.visitor_id).toBe(rows[1]!.visitor_id);
  });

  it('keeps neither the address nor the user agent in any table, not even hashed without the day’s salt', async () => {
    const client = '198.51.100.199';
    expect((await send(pageview(), { 'x-forwarded-for': client })).status).toBe(200);
    // A refused request takes a token of its client's budget too: that row must not name the client either.
    expect((await send(pageview(), { 'x-forwarded-for': client, origin: 'https://evil.example' })).status).toBe(400);
    expect(await server.sql`select 1 from private.analytics_client_budgets`).not.toHaveLength(0);
    const unsalted = [createHash('sha256').update(client).digest('hex'), createHash('sha256').update(client).digest('base64')];
    const found = await tablesContaining([client, 'Chrome/131', ...unsalted]);
    expect(found).toEqual([]);
  });

  it.each([
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 EdgA/131.0', 'Edge'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36', 'Samsung Internet'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15', 'Firefox'],
    [CHROME, 'Chrome'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1', 'Chrome'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari'],
    ['curl/8.5.0', 'Other'],
  ])('names the browser of %s: %s', async (userAgent, browser) => {
    const response = await send(pageview({ name: 'browser-probe' }), { 'user-agent': userAgent });
    expect(response.status).toBe(200);
    const [row] = await server.sql<{ browser: string }[]>`
      select browser from private.analytics_events where site_id = ${siteId} and name = 'browser-probe' order by occurred_at desc limit 1`;
    expect(row!.browser).toBe(browser);
  });

  it.each(['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'AhrefsCrawler/1.0', 'Some-Spider/2'])(
    'answers a bot announcing itself (%s) like everyone, and stores nothing',
    async (userAgent) => {
      const before = (await stored()).length;
      const response = await send(pageview(), { 'user-agent': userAgent });
      expect([response.status, await response.json()]).toEqual([200, { accepted: 1, refused: [] }]);
      expect((await stored()).length).toBe(before);
    },
  );

  it('stores a custom event with its properties', async () => {
    const response = await send(pageview({ name: 'signup', props: { plan: 'pro', seats: 3, yearly: true } }));
    expect(response.status).toBe(200);
    const [row] = await server.sql`select props from private.analytics_events where site_id = ${siteId} and name = 'signup'`;
    expect(row!.props).toEqual({ plan: 'pro', seats: 3, yearly: true });
  });
});

describe('record_analytics_event refuses, with a 4xx and nothing stored', () => {
  const cases: [string, () => Promise<Response>, string][] = [
    ['a forged site id', () => send(pageview({ site_id: '5e5e5e5e-0000-4000-8000-00000000dead' })), '400 P0001 unknown_site'],
    ['a site id that is not a uuid', () => send(pageview({ site_id: 'not-a-site' })), '400 22P02'],
    ['a foreign origin', () => send(pageview(), { origin: 'https://evil.example' }), '400 P0001 origin_mismatch'],
    ['an origin that only ends like the domain', () => send(pageview(), { origin: 'https://notshop.example' }), '400 P0001 origin_mismatch'],
    ['no origin', () => send(pageview(), { origin: '' }), '400 P0001 origin_mismatch'],
    ['an empty name', () => send(pageview({ name: '' })), '400 P0001 invalid_event'],
    ['a name of 121 characters', () => send(pageview({ name: 'x'.repeat(121) })), '400 P0001 invalid_event'],
    ['a javascript: url', () => send(pageview({ url: 'javascript:alert(1)' })), '400 P0001 invalid_event'],
    ['a url of 2,049 characters', () => send(pageview({ url: `https://shop.example/${'a'.repeat(2028)}` })), '400 P0001 invalid_event'],
    ['props that are a list', () => send(pageview({ props: [1, 2] })), '400 P0001 invalid_event'],
    ['a nested prop', () => send(pageview({ props: { a: { b: 1 } } })), '400 P0001 invalid_event'],
    ['31 props', () => send(pageview({ props: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])) })), '400 P0001 invalid_event'],
    ['a prop value of 2,001 characters', () => send(pageview({ props: { note: 'x'.repeat(2001) } })), '400 P0001 invalid_event'],
    ['a screen width of -1', () => send(pageview({ screen_width: -1 })), '400 P0001 invalid_event'],
    ['malformed JSON', () => send('{"site_id": '), '400 PGRST102'],
    ['an unknown argument', () => send({ ...pageview(), admin: true }), '404 PGRST202'],
  ];
  it.each(cases)('%s', async (_name, request, expected) => {
    const before = (await stored()).length;
    expect(await refusal(await request())).toBe(expected);
    expect((await stored()).length).toBe(before);
  });

  it('a body over the size limit (413), not a 5xx', async () => {
    const response = await send(pageview({ props: { note: 'x'.repeat(2 * 1024 * 1024) } }));
    expect(response.status).toBe(413);
  });
});

describe('a flood from one client cannot drown the others', () => {
  it('takes 120 events at once from one client (then one a second), answers 429 with Retry-After; another client goes on', async () => {
    const flooder = { 'x-forwarded-for': '192.0.2.66' };
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 140 }, () => send(pageview(), flooder).then((response) => response.status)));
    const accepted = answers.filter((status) => status === 200).length;
    // 120 in the bucket, plus the one a second it refills while the burst is answered (slower on a busy machine).
    expect(accepted).toBeGreaterThanOrEqual(120);
    expect(accepted).toBeLessThanOrEqual(121 + Math.ceil((Date.now() - started) / 1000));
    expect(answers.filter((status) => status === 429)).toHaveLength(140 - accepted);
    // The bucket is empty: of a few more at once, those past the refill are refused with Retry-After.
    const more = await Promise.all(Array.from({ length: 5 }, () => send(pageview(), flooder)));
    const refused = more.find((response) => response.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ code: 'PT429' });
    expect((await send(pageview(), { 'x-forwarded-for': '192.0.2.67' })).status).toBe(200);
  });
});

describe('refused requests are not free: each takes a token of its client’s refusal budget (60 at once, then one a second)', () => {
  const FORGED = '5e5e5e5e-0000-4000-8000-00000000dead';

  it('answers a flood of forged-site requests from one client with 429, never a 5xx; the client’s valid events wait too; another client records', async () => {
    const flooder = { 'x-forwarded-for': '192.0.2.88' };
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 90 }, () => send(pageview({ site_id: FORGED }), flooder).then((response) => response.status)));
    expect(answers.filter((status) => status >= 500)).toEqual([]);
    const refused = answers.filter((status) => status === 400).length;
    expect(refused).toBeGreaterThanOrEqual(60);
    expect(refused).toBeLessThanOrEqual(61 + Math.ceil((Date.now() - started) / 1000));
    expect(answers.filter((status) => status === 429)).toHaveLength(90 - refused);
    // Its refusal budget is empty: its next requests are answered 429 before any validation, valid or not.
    const more = await Promise.all(Array.from({ length: 5 }, () => send(pageview(), flooder)));
    const throttled = more.find((response) => response.status === 429)!;
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(await throttled.json()).toMatchObject({ code: 'PT429', message: expect.stringMatching(/refused requests/) });
    // Another address of the same moment is not affected.
    expect((await send(pageview(), { 'x-forwarded-for': '192.0.2.89' })).status).toBe(200);
  });

  const kinds: [string, (headers: Record<string, string>) => Promise<Response>][] = [
    ['an origin mismatch', (headers) => sendBatch([{ name: 'pageview', url: 'https://shop.example/' }], { ...headers, origin: 'https://evil.example' })],
    ['an invalid batch', (headers) => sendBatch({ name: 'pageview' }, headers)],
    ['a batch of only invalid events (answered 200, nothing stored)', (headers) => sendBatch([{ name: '' }, { url: 'x' }], headers)],
    ['an invalid single event', (headers) => send(pageview({ name: '' }), headers)],
  ];
  it.each(kinds)('counts %s', async (_kind, request) => {
    const client = { 'x-forwarded-for': `192.0.2.${100 + kinds.findIndex(([kind]) => kind === _kind)}` };
    const answers = await Promise.all(Array.from({ length: 64 }, () => request(client).then((response) => response.status)));
    expect(answers.filter((status) => status >= 500 || status === 204)).toEqual([]);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    expect((await request(client)).status).toBe(429);
  });
});

describe('www. or not: a site registered with or without www. takes events from both', () => {
  let wwwSite: string;
  beforeAll(async () => {
    const { data } = await owner.client.from('analytics_sites')
      .insert({ organization_id: owner.organizationId, name: 'Old style', domain: 'www.oldstyle.example', created_by: owner.id }).select('id').single();
    wwwSite = data!.id;
  });

  it.each([
    ['https://oldstyle.example', 200],
    ['https://www.oldstyle.example', 200],
    ['https://shop.oldstyle.example', 200],
    ['https://notoldstyle.example', 400],
    ['https://www.notoldstyle.example', 400],
    ['https://oldstyle.example.evil.example', 400],
  ])('registered as www.oldstyle.example, an event from %s: %i', async (origin, status) => {
    const response = await send(pageview({ site_id: wwwSite, url: `${origin}/` }), { origin });
    expect(response.status).toBe(status);
  });

  it('registered as shop.example, an event from www.shop.example (and a www. subdomain) is taken', async () => {
    expect((await send(pageview(), { origin: 'https://www.shop.example' })).status).toBe(200);
    expect((await send(pageview(), { origin: 'https://www.blog.shop.example' })).status).toBe(200);
  });
});

describe('record_analytics_events: a batch, each event validated on its own, every event counted by the limit', () => {
  const event = (extra: Sent = {}) => ({ name: 'pageview', url: 'https://www.shop.example/batch', screen_width: 390, ...extra });

  it('stores the valid events with one visitor and says which were refused and why', async () => {
    const before = (await stored()).length;
    const response = await sendBatch(
      [event(), event({ name: '' }), event({ name: 'signup', props: { plan: 'pro' }, url: 'https://shop.example/join?utm_source=ads' }), event({ props: [1] }), 'text'],
      { 'x-forwarded-for': '198.51.100.30' },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { accepted: number; refused: { index: number; code: string }[] };
    expect(answer.accepted).toBe(2);
    expect(answer.refused.map(({ index, code }) => [index, code])).toEqual([[1, 'invalid_event'], [3, 'invalid_event'], [4, 'invalid_event']]);
    const rows = (await stored()).slice(before);
    expect(rows.map(({ name, pathname, utm_source, device, props }) => ({ name, pathname, utm_source, device, props }))).toEqual([
      { name: 'pageview', pathname: '/batch', utm_source: null, device: 'Mobile', props: null },
      { name: 'signup', pathname: '/join', utm_source: 'ads', device: 'Mobile', props: { plan: 'pro' } },
    ]);
    expect(new Set(rows.map((row) => String(row.visitor_id))).size).toBe(1);
  });

  const refusals: [string, () => Promise<Response>, string][] = [
    ['events that are not a list', () => sendBatch({ name: 'pageview' }), '400 P0001 invalid_batch'],
    ['no events', () => sendBatch([]), '400 P0001 invalid_batch'],
    ['51 events', () => sendBatch(Array.from({ length: 51 }, () => event())), '400 P0001 invalid_batch'],
    ['a forged site id, even with only invalid events', () => sendBatch([event({ name: '' })], {}, '5e5e5e5e-0000-4000-8000-00000000dead'), '400 P0001 unknown_site'],
    ['a foreign origin', () => sendBatch([event()], { origin: 'https://evil.example' }), '400 P0001 origin_mismatch'],
  ];
  it.each(refusals)('refuses %s, storing nothing', async (_name, request, expected) => {
    const before = (await stored()).length;
    expect(await refusal(await request())).toBe(expected);
    expect((await stored()).length).toBe(before);
  });

  it('takes a token per event: two batches of 50 fit the bucket of 120, a third is refused whole (429), 20 fit, 20 more do not', async () => {
    const flooder = { 'x-forwarded-for': '192.0.2.77' };
    const fifty = Array.from({ length: 50 }, () => event());
    expect((await sendBatch(fifty, flooder)).status).toBe(200);
    expect((await sendBatch(fifty, flooder)).status).toBe(200);
    const before = (await stored()).length;
    const refused = await sendBatch(fifty, flooder);
    expect(refused.status).toBe(429);
    // 50 wanted, about 20 held: about 30 seconds at one a second.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(25);
    expect((await stored()).length).toBe(before);
    expect((await sendBatch(Array.from({ length: 20 }, () => event()), flooder)).status).toBe(200);
    // The bucket is empty again (but for the second or so it refilled): 20 more must wait.
    expect((await sendBatch(Array.from({ length: 20 }, () => event()), flooder)).status).toBe(429);
    expect((await sendBatch([event()], { 'x-forwarded-for': '192.0.2.78' })).status).toBe(200);
  });
});

describe('visitors without cookies: a daily rotating salted hash', () => {
  async function visitorOf(headers: Record<string, string>): Promise<string> {
    expect((await send(pageview({ name: 'hash-probe' }), headers)).status).toBe(200);
    const [row] = await server.sql<{ visitor_id: string }[]>`
      select visitor_id::text from private.analytics_events where site_id = ${siteId} and name = 'hash-probe' order by occurred_at desc limit 1`;
    return row!.visitor_id;
  }

  it('is sha256(salt of the day, site, client, user agent): the same all day, another for another browser or network', async () => {
    const alice = { 'x-forwarded-for': '198.51.100.10' };
    const id = await visitorOf(alice);
    expect(await visitorOf(alice)).toBe(id);
    expect(await visitorOf({ ...alice, 'user-agent': 'Mozilla/5.0 Firefox/133.0' })).not.toBe(id);
    expect(await visitorOf({ 'x-forwarded-for': '198.51.100.11' })).not.toBe(id);

    const [salt] = await server.sql<{ salt: Buffer }[]>`select salt from private.analytics_salts`;
    const digest = createHash('sha256').update(Buffer.concat([salt!.salt, Buffer.from(`${siteId}|198.51.100.10|${CHROME}`)])).digest();
    expect(digest.readBigInt64BE(0).toString()).toBe(id);
  });

  it('changes the next day, and the salt of the past day is gone', async () => {
    const alice = { 'x-forwarded-for': '198.51.100.12' };
    const today = await visitorOf(alice);
    // The day turns: today's salt becomes yesterday's.
    await server.sql`update private.analytics_salts set day = day - 1`;
    const tomorrow = await visitorOf(alice);
    expect(tomorrow).not.toBe(today);
    const salts = await server.sql<{ today: boolean }[]>`select day = (now() at time zone 'utc')::date as today from private.analytics_salts`;
    expect(salts).toEqual([{ today: true }]);
  });
});

describe('the agency site (no domain): events from the host that serves the API', () => {
  const AGENCY = 'a9e9c5e0-0000-4000-8000-000000000001';
  it('accepts its own origin and refuses another', async () => {
    const own = new URL(server.url).host;
    expect((await send(pageview({ site_id: AGENCY, url: `${server.url}/roi` }), { origin: server.url })).status).toBe(200);
    expect(await refusal(await send(pageview({ site_id: AGENCY, url: `${server.url}/roi` }), { origin: 'https://evil.example' }))).toBe('400 P0001 origin_mismatch');
    expect(own).toContain('127.0.0.1');
  });

  it('takes a domain from a site admin only; then events come from that domain', async () => {
    const admin = await signedInUser(server, { siteAdmin: true });
    expect((await admin.client.from('analytics_sites').select('id').eq('id', AGENCY)).data).toEqual([{ id: AGENCY }]);
    expect((await owner.client.from('analytics_sites').update({ domain: 'hijack.example' }).eq('id', AGENCY).select('id')).data).toEqual([]);
    expect((await owner.client.from('analytics_sites').delete().eq('id', AGENCY).select('id')).data).toEqual([]);
    expect((await admin.client.from('analytics_sites').update({ domain: 'agency.example' }).eq('id', AGENCY).select('id')).data).toEqual([{ id: AGENCY }]);
    expect(await refusal(await send(pageview({ site_id: AGENCY, url: `${server.url}/roi` }), { origin: server.url }))).toBe('400 P0001 origin_mismatch');
    expect((await send(pageview({ site_id: AGENCY, url: 'https://www.agency.example/roi' }), { origin: 'https://www.agency.example' })).status).toBe(200);
    expect((await admin.client.from('analytics_sites').update({ domain: null }).eq('id', AGENCY).select('id')).error).toBeNull();
  });
});
