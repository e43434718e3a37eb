import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useIngestion } from '../support/analytics-ingest';

// The ingestion's limits and privacy from the attacker's side: per-client budgets of events and of refused requests
// (keyed by a salted hash, never the address), floods answered 429 for their own client only, a leading www. set
// aside, and no address or user agent in any table.
const ingest = useIngestion();
const { send, sendBatch, pageview } = ingest;

/** Every table of the database (schemas public, private, auth, storage) whose rows, as text, contain one of `needles`. */
async function tablesContaining(needles: string[]): Promise<string[]> {
  const tables = await ingest.server.sql<{ name: string }[]>`
    select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'private', 'auth', 'storage')`;
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await ingest.server.sql.unsafe<{ text: string | null }[]>(`select string_agg(t::text, ' ') as text from ${name} t`);
    const text = (row?.text ?? '').toLowerCase();
    // The needle's bytes in hex as well: a bytea key that is the address's bytes would show that way.
    for (const needle of needles) if (text.includes(needle.toLowerCase()) || text.includes(Buffer.from(needle).toString('hex'))) found.push(`${name}: ${needle}`);
  }
  return found;
}

describe('privacy: the address and the user agent only enter hashes', () => {
  it('keeps neither the address nor the user agent in any table, not even hashed without the day’s salt', async () => {
    const client = '198.51.100.199';
    expect((await send(pageview(), { 'x-forwarded-for': client })).status).toBe(200);
    // A refused request takes a token of its client's budget too: that row must not name the client either.
    expect((await send(pageview(), { 'x-forwarded-for': client, origin: 'https://evil.example' })).status).toBe(400);
    expect(await ingest.server.sql`select 1 from private.analytics_client_budgets`).not.toHaveLength(0);
    const unsalted = [createHash('sha256').update(client).digest('hex'), createHash('sha256').update(client).digest('base64')];
    const found = await tablesContaining([client, 'Chrome/131', ...unsalted]);
    expect(found).toEqual([]);
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
    const { data } = await ingest.owner.client.from('analytics_sites')
      .insert({ organization_id: ingest.owner.organizationId, name: 'Old style', domain: 'www.oldstyle.example', created_by: ingest.owner.id }).select('id').single();
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
