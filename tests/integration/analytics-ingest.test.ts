import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHROME, useIngestion, type Sent } from '../support/analytics-ingest';
import { signedInUser } from '../support/rest-clients';

// Ingestion from the attacker's side: public.record_analytics_event(s), as the snippet calls them (anon key, the
// page's Origin), on the real server behind a proxy that names the client. Limits and privacy:
// analytics-ingest-limits.test.ts.
const ingest = useIngestion();
const { send, sendBatch, pageview, stored, refusal } = ingest;
const CLIENT = '198.51.100.7';

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
    const [row] = await ingest.server.sql<{ browser: string }[]>`
      select browser from private.analytics_events where site_id = ${ingest.siteId} and name = 'browser-probe' order by occurred_at desc limit 1`;
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
    const [row] = await ingest.server.sql`select props from private.analytics_events where site_id = ${ingest.siteId} and name = 'signup'`;
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
    const [row] = await ingest.server.sql<{ visitor_id: string }[]>`
      select visitor_id::text from private.analytics_events where site_id = ${ingest.siteId} and name = 'hash-probe' order by occurred_at desc limit 1`;
    return row!.visitor_id;
  }

  it('is sha256(salt of the day, site, client, user agent): the same all day, another for another browser or network', async () => {
    const alice = { 'x-forwarded-for': '198.51.100.10' };
    const id = await visitorOf(alice);
    expect(await visitorOf(alice)).toBe(id);
    expect(await visitorOf({ ...alice, 'user-agent': 'Mozilla/5.0 Firefox/133.0' })).not.toBe(id);
    expect(await visitorOf({ 'x-forwarded-for': '198.51.100.11' })).not.toBe(id);

    const [salt] = await ingest.server.sql<{ salt: Buffer }[]>`select salt from private.analytics_salts`;
    const digest = createHash('sha256').update(Buffer.concat([salt!.salt, Buffer.from(`${ingest.siteId}|198.51.100.10|${CHROME}`)])).digest();
    expect(digest.readBigInt64BE(0).toString()).toBe(id);
  });

  it('changes the next day, and the salt of the past day is gone', async () => {
    const alice = { 'x-forwarded-for': '198.51.100.12' };
    const today = await visitorOf(alice);
    // The day turns: today's salt becomes yesterday's.
    await ingest.server.sql`update private.analytics_salts set day = day - 1`;
    const tomorrow = await visitorOf(alice);
    expect(tomorrow).not.toBe(today);
    const salts = await ingest.server.sql<{ today: boolean }[]>`select day = (now() at time zone 'utc')::date as today from private.analytics_salts`;
    expect(salts).toEqual([{ today: true }]);
  });
});

describe('the agency site (no domain): events from the host that serves the API', () => {
  const AGENCY = 'a9e9c5e0-0000-4000-8000-000000000001';
  it('accepts its own origin and refuses another', async () => {
    const own = new URL(ingest.server.url).host;
    expect((await send(pageview({ site_id: AGENCY, url: `${ingest.server.url}/roi` }), { origin: ingest.server.url })).status).toBe(200);
    expect(await refusal(await send(pageview({ site_id: AGENCY, url: `${ingest.server.url}/roi` }), { origin: 'https://evil.example' }))).toBe('400 P0001 origin_mismatch');
    expect(own).toContain('127.0.0.1');
  });

  it('takes a domain from a site admin only; then events come from that domain', async () => {
    const admin = await signedInUser(ingest.server, { siteAdmin: true });
    expect((await admin.client.from('analytics_sites').select('id').eq('id', AGENCY)).data).toEqual([{ id: AGENCY }]);
    expect((await ingest.owner.client.from('analytics_sites').update({ domain: 'hijack.example' }).eq('id', AGENCY).select('id')).data).toEqual([]);
    expect((await ingest.owner.client.from('analytics_sites').delete().eq('id', AGENCY).select('id')).data).toEqual([]);
    expect((await admin.client.from('analytics_sites').update({ domain: 'agency.example' }).eq('id', AGENCY).select('id')).data).toEqual([{ id: AGENCY }]);
    expect(await refusal(await send(pageview({ site_id: AGENCY, url: `${ingest.server.url}/roi` }), { origin: ingest.server.url }))).toBe('400 P0001 origin_mismatch');
    expect((await send(pageview({ site_id: AGENCY, url: 'https://www.agency.example/roi' }), { origin: 'https://www.agency.example' })).status).toBe(200);
    expect((await admin.client.from('analytics_sites').update({ domain: null }).eq('id', AGENCY).select('id')).error).toBeNull();
  });
});
