// `npm run bench:seo`: the SEO crawler on a 2,000-page site generated here (issue 31, "Speed"), served on 127.0.0.2.
//   1. Crawl speed: the toolkit's crawler (crawlSite through the product's outbound client: guarded connector, limits,
//      redirects by hand, robots.txt, sitemap, HTML parsed and checked; politeness delay off, its default 4 requests at
//      once) against plain loops over the same 2,000 addresses (4 at once, bodies read, nothing else: Node's fetch, and
//      undici's request, the crawler's own HTTP library), in the same process, alternating, two rounds: pages per
//      second and the ratio to the faster loop (target ≥ 0.7).
//   2. The real server process (`server/src/main.ts` with its job runner, over a throwaway embedded PostgreSQL with the
//      migrations) runs the audit a member asks for through the data API: its RSS from /proc sampled every 50 ms
//      from the request to the stored result (target < 250 MB at the peak), and the audit's duration.
//   3. Showing that audit's issues as the SEO Toolkit does, through the data API with the member's token: the issue
//      list (rpc seo_issue_summary) and the pages of the most widespread issue (seo_issues, 500 rows), 200 times each,
//      one after the other: p50 and p99 (target p50 < 100 ms).
// Prints figures only; asserts nothing. The machine's two cores are shared with other work: figures are noisy.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { createSql, ensureDatabase, withDatabase, type Sql } from '../server/src/db/client';
import { startEmbeddedPostgres } from '../server/src/db/embedded';
import { migrate } from '../server/src/db/migrate';
import { deriveApiKeys } from '../server/src/lib/api-keys';
import { createOutboundClient } from '../server/src/lib/outbound/outbound-client';
import { insertUser } from '../server/src/modules/auth/user-store';
import { crawlSite } from '../server/src/modules/seo/crawler';
import { MIGRATIONS_DIR, SHIM_DIR } from '../server/src/project-paths';
import { loadAverage, percentile, sessionToken, startServerProcess } from './bench-support';

const PAGES = Number(process.env.BENCH_SEO_PAGES ?? 2_000);
const CONCURRENCY = 4;
const READS = 200;
const MB = 1024 * 1024;

/** Page n: a complete page linking to the home page and the next five; every 10th lacks a description, every 50th a title. */
function pageHtml(n: number): string {
  const links = [0, 1, 2, 3, 4, 5].map((step) => (step === 0 || (n + step) % PAGES === 0 ? '/' : `/p/${(n + step) % PAGES}`));
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    n % 50 === 0 ? '' : `<title>Product ${n} of the generated shop</title>`,
    n % 10 === 0 ? '' : `<meta name="description" content="Everything about product ${n}: sizes, materials, delivery and care of this piece.">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta property="og:title" content="Product ${n}"><meta name="twitter:card" content="summary">`,
    '</head><body>',
    `<h1>Product ${n}</h1>`,
    `<p>${'Solid oak, made to order, delivered in two weeks. '.repeat(20)}</p>`,
    `<img src="/img/${n}.jpg" alt="Product ${n}">`,
    `<nav>${links.map((href) => `<a href="${href}">Go to ${href}</a>`).join(' ')}</nav>`,
    '</body></html>',
  ].join('\n');
}

/** The generated site: robots.txt, a sitemap of every page, pages gzipped once and served from memory. */
async function startGeneratedSite(): Promise<{ origin: string; urls: string[]; close(): Promise<void> }> {
  const pages = new Map<string, { plain: Buffer; gzip: Buffer }>();
  for (let n = 0; n < PAGES; n += 1) {
    const plain = Buffer.from(pageHtml(n));
    pages.set(n === 0 ? '/' : `/p/${n}`, { plain, gzip: gzipSync(plain) });
  }
  let origin = '';
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    if (pathname === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (pathname === '/sitemap.xml') {
      const urls = [...pages.keys()].map((key) => `<url><loc>${origin}${key}</loc></url>`).join('');
      return void response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
    }
    const page = pages.get(pathname);
    if (!page) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>');
    const gzip = /gzip/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    response.end(gzip ? page.gzip : page.plain);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urls: [...pages.keys()].map((key) => `${origin}${key}`),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A baseline: `get` every address, CONCURRENCY at once, body read; seconds. */
async function plainLoop(urls: string[], get: (url: string) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < urls.length) await get(urls[next++]!);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Node's fetch (gunzips), and undici's request (the crawler's HTTP library, without its guard: body kept gzipped). */
const viaFetch = async (url: string) => (await fetch(url, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
const viaUndici = async (url: string) => (await request(url, { headers: { 'accept-encoding': 'gzip' } })).body.arrayBuffer();

function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function crawlSpeed(site: Awaited<ReturnType<typeof startGeneratedSite>>): Promise<void> {
  const client = createOutboundClient({ policy: { allowPrivate: ['127.0.0.2'], allowPorts: 'any' } });
  try {
    console.log(`\n1. crawl speed, ${PAGES} pages, ${CONCURRENCY} requests at once, politeness delay off`);
    const ratios: number[] = [];
    for (let round = 1; round <= 2; round += 1) {
      const fetchSeconds = await plainLoop(site.urls, viaFetch);
      const undiciSeconds = await plainLoop(site.urls, viaUndici);
      const plainSeconds = Math.min(fetchSeconds, undiciSeconds);
      const started = performance.now();
      const crawl = await crawlSite(client, { startUrl: `${site.origin}/`, pageLimit: PAGES, delayMs: 0, concurrency: CONCURRENCY });
      const crawlSeconds = (performance.now() - started) / 1000;
      const plainRate = PAGES / plainSeconds;
      const crawlRate = crawl.pages.length / crawlSeconds;
      ratios.push(crawlRate / plainRate);
      console.log(
        `   round ${round}: plain loops: fetch ${(PAGES / fetchSeconds).toFixed(0)}, undici.request ${(PAGES / undiciSeconds).toFixed(0)} pages/s; crawler ${crawlRate.toFixed(0)} pages/s ` +
          `(${crawl.pages.length} pages in ${crawlSeconds.toFixed(2)} s, health ${crawl.healthScore}) = ${(crawlRate / plainRate).toFixed(2)} of the faster loop`,
      );
    }
    console.log(`   best ratio ${Math.max(...ratios).toFixed(2)} (target ≥ 0.7)`);
  } finally {
    await client.close();
  }
}

async function serverAudit(sql: Sql, dbUrl: string, dir: string, siteOrigin: string): Promise<void> {
  const jwtSecret = randomBytes(32).toString('hex');
  const keys = await deriveApiKeys(jwtSecret);
  const email = 'seo@bench.example.com';
  const user = await insertUser(sql, { email, passwordHash: 'x', userMetadata: { first_name: 'Bench' }, confirmed: true });
  const [profile] = await sql<{ organization_id: string }[]>`select organization_id from public.profiles where user_id = ${user.id}`;
  const { token } = await sessionToken(sql, { id: user.id, email }, jwtSecret);
  const server = await startServerProcess({ databaseUrl: dbUrl, dataDir: path.join(dir, 'data'), jwtSecret, env: { OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' } });
  const headers = { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = async (route: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}/rest/v1/${route}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${route}: ${response.status} ${body}`);
    return body ? JSON.parse(body) : null;
  };
  try {
    const [site] = await api('seo_sites', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ organization_id: profile!.organization_id, name: 'Generated shop', start_url: `${siteOrigin}/`, page_limit: PAGES, crawl_delay_ms: 0, created_by: user.id }),
    });
    // The server's warnings and errors (LOG_LEVEL=warn) show with the figures.
    server.child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    server.child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(chunk));
    const pid = server.child.pid!;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
    const started = performance.now();
    const { id: auditId } = (await api('rpc/request_seo_audit', { method: 'POST', body: JSON.stringify({ site_id: site.id }) })) as { id: string };
    let audit: { status: string; pages_crawled: number; error: string | null };
    for (;;) {
      [audit] = await api(`seo_audits?id=eq.${auditId}&select=status,pages_crawled,error`);
      if (!['queued', 'running'].includes(audit.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(`\n2. the audit in the server process (its job runner, crawl + storing ${audit.pages_crawled} pages): ${audit.status}${audit.error ? ` (${audit.error})` : ''} in ${seconds.toFixed(1)} s`);
    console.log(`   server RSS: ${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at the peak (target < 250 MB)`);

    const [{ issues }] = await sql<{ issues: number }[]>`select count(*)::int as issues from public.seo_issues where audit_id = ${auditId}`;
    const summary = (await api('rpc/seo_issue_summary', { method: 'POST', body: JSON.stringify({ audit_id: auditId }) })) as { check_id: string; pages: number }[];
    const widest = [...summary].sort((a, b) => b.pages - a.pages)[0]!;
    const time = async (read: () => Promise<unknown>) => {
      const took: number[] = [];
      for (let n = 0; n < READS; n += 1) {
        const began = performance.now();
        await read();
        took.push(performance.now() - began);
      }
      return took.sort((a, b) => a - b);
    };
    const list = await time(() => api('rpc/seo_issue_summary', { method: 'POST', body: JSON.stringify({ audit_id: auditId }) }));
    const pages = await time(() => api(`seo_issues?select=id,url,page_id,detail,pageviews&audit_id=eq.${auditId}&check_id=eq.${widest.check_id}&order=priority.desc,url.asc&limit=500`));
    console.log(`\n3. showing the issues of that audit (${issues} issues on ${audit.pages_crawled} pages), through the data API, ${READS} reads each`);
    console.log(`   issue list (seo_issue_summary, ${summary.length} checks): p50 ${ms(percentile(list, 50))}, p99 ${ms(percentile(list, 99))}`);
    console.log(`   pages of "${widest.check_id}" (${Math.min(widest.pages, 500)} rows): p50 ${ms(percentile(pages, 50))}, p99 ${ms(percentile(pages, 99))} (target p50 < 100 ms)`);
  } finally {
    await server.stop();
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'bb-bench-seo-'));
await chmod(dir, 0o755);
const site = await startGeneratedSite();
const pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), password: randomBytes(12).toString('hex'), fast: true, keepExitHooks: true });
let sql: Sql | undefined;
try {
  console.log(`bench:seo — ${PAGES}-page site at ${site.origin}; load average ${loadAverage()} (2 shared cores: figures are noisy)`);
  await crawlSpeed(site);
  await ensureDatabase(pg.url, 'bench');
  const dbUrl = withDatabase(pg.url, 'bench');
  sql = createSql(dbUrl, { max: 2 });
  await migrate(sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR });
  await serverAudit(sql, dbUrl, dir, site.origin);
} finally {
  await sql?.end({ timeout: 2 }).catch(() => {});
  await pg.stop().catch(() => {});
  await site.close();
  await rm(dir, { recursive: true, force: true });
}
