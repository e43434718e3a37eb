/**
 * `npm run lighthouse`: the built app served by the own server (its own throwaway database, free port), Lighthouse 12
 * (mobile preset, the flags of docs measuring.md) with the tests' Chromium, three runs per route: the public pages,
 * then every signed-in route (layout-routes' account area) for a member of a small seeded workspace whose session is
 * in localStorage before the page loads (a fresh profile per run: cold cache).
 * Prints the median of the four category scores, LCP, CLS, TBT and the JavaScript downloaded (the scripts' encoded
 * bodies, the budgets' figure, beside each route's first-load budget; and with the responses' headers). Reports land in
 * lighthouse-report/ (git-ignored). LIGHTHOUSE_RUNS=n changes the number of runs; LIGHTHOUSE_ROUTES=/a,/b measures
 * only those routes; LIGHTHOUSE_DIST=<folder> serves another build's dist/ (a copy kept to compare before and after
 * in the same quiet minutes; the server and its Content-Security-Policy are this tree's: a build whose inline script
 * has another hash has its frame refused — run an older build from an extracted copy of its own tree);
 * LIGHTHOUSE_REPORT_DIR=<folder> writes the reports there (two runs side by side); LIGHTHOUSE_ARTIFACTS=1 also keeps each
 * run's trace and network log (`<report>-artifacts/`, for scripts/lighthouse-lcp-graph.ts).
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signedInStorageEntry } from '../e2e/support/accounts';
import { startE2EServer } from '../e2e/support/e2e-server';
import { firstLoadBudgets } from '../e2e/support/first-load';
import { layoutRoutes } from '../e2e/support/layout-routes';
import { seedAccountWithData } from '../e2e/support/seed';
import { ROOT_DIR } from '../server/src/project-paths';
import { CHROMIUM_FLAGS, resolveChromium } from '../tests/support/chromium';
import { startTestCluster } from '../tests/support/cluster';
import { seedLighthouseBlog } from './lighthouse-blog-seed';
import { launchSignedIn } from './lighthouse-browser';
import { figuresOf, medianFigures, type RunFigures } from './lighthouse-summary';

const PUBLIC_ROUTES = ['/', '/portfolio', '/about', '/roi'];
const SIGNED_IN_ROUTES = layoutRoutes.filter((route) => route.area === 'account').map((route) => route.path);
const selected = process.env.LIGHTHOUSE_ROUTES?.split(',').map((route) => route.trim());
const pick = (routes: string[]) => (selected ? routes.filter((route) => selected.includes(route)) : routes);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MAX_ATTEMPTS = 3;
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];
const reportDir = path.resolve(process.env.LIGHTHOUSE_REPORT_DIR ?? path.join(ROOT_DIR, 'lighthouse-report'));
const distDir = path.resolve(process.env.LIGHTHOUSE_DIST ?? path.join(ROOT_DIR, 'dist'));

/** Launches its own Chromium (fresh profile), or connects to `port`: a browser that already holds a session. */
function runLighthouse(url: string, output: string, chromePath: string, browser: { userDataDir: string } | { port: number }): Promise<void> {
  const connection =
    'port' in browser
      ? [`--port=${browser.port}`, '--disable-storage-reset']
      : [`--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${browser.userDataDir}`].join(' ')}`];
  const args = [
    path.join(ROOT_DIR, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    '--max-wait-for-load=45000',
    ...connection,
    // The trace and the network log beside the report, for scripts/lighthouse-lcp-graph.ts.
    ...(process.env.LIGHTHOUSE_ARTIFACTS ? [`--gather-mode=${output.replace(/\.json$/, '')}-artifacts`, `--audit-mode=${output.replace(/\.json$/, '')}-artifacts`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}:\n${stderr}`))));
  });
}

/**
 * The scripts' bodies as the server sends them to Chromium, the figure of the first-load budgets (`encodedBodySize`):
 * each script asked of the running server with the encodings Chromium accepts, and its body's bytes counted as they
 * arrive (not decoded). The precompressed brotli file where the build wrote one (scripts/precompress.mjs, files of
 * 1 KB or more); smaller files are compressed by the server as it sends them, so their size on disk overstates them
 * (content: 187,553 B counted from disk, 178,246 B received). Lighthouse's transfer sizes add each response's
 * headers (about 1.2 KB with the security headers).
 */
async function encodedBytes(origin: string, scripts: string[]): Promise<number> {
  let total = 0;
  for (const script of scripts) total += await encodedBodyBytes(new URL(script, origin));
  return total;
}

function encodedBodyBytes(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url.pathname}: ${response.statusCode}`));
        return;
      }
      let size = 0;
      response.on('data', (chunk: Buffer) => (size += chunk.length));
      response.on('end', () => resolve(size));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
const bytes = (count: number) => Math.round(count).toLocaleString('en-US');

interface RouteResult {
  route: string;
  area: 'public' | 'signed-in';
  figures: RunFigures;
  encoded: number;
}

const chromePath = await resolveChromium();
await mkdir(reportDir, { recursive: true });
const publicRoutes = pick(PUBLIC_ROUTES);
const signedInRoutes = pick(SIGNED_IN_ROUTES);
const cluster = await startTestCluster();
const results: RouteResult[] = [];
try {
  const server = await startE2EServer({ STATIC_DIR: path.join(distDir, 'client') }, cluster);
  try {
    const origin = server.url;
    const account = signedInRoutes.length > 0 ? await seedAccountWithData(server) : null;
    console.log(`serving ${origin} with Chromium ${chromePath}; ${RUNS} run(s) per route, mobile preset`);
    const measure = async (route: string, area: RouteResult['area']) => {
      const runs: RunFigures[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const output = path.join(reportDir, `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}-${run}.json`);
        const once = async () => {
          if (area === 'signed-in' && account) {
            const browser = await launchSignedIn(chromePath, origin, await signedInStorageEntry(origin, account.email, account.password));
            try {
              await runLighthouse(`${origin}${route}`, output, chromePath, { port: browser.port });
            } finally {
              await browser.close();
            }
          } else {
            const userDataDir = await mkdtemp(path.join(tmpdir(), 'bb-lighthouse-chrome-'));
            try {
              await runLighthouse(`${origin}${route}`, output, chromePath, { userDataDir });
            } finally {
              await rm(userDataDir, { recursive: true, force: true });
            }
          }
        };
        // On a busy machine Lighthouse now and then fails to record the trace (NO_NAVSTART): such a run is repeated.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await once();
            break;
          } catch (error) {
            if (attempt === MAX_ATTEMPTS) throw error;
            console.log(`  ${route} run ${run}: ${(error as Error).message.split('\n')[1] ?? 'failed'}; once more`);
          }
        }
        const figures = figuresOf(JSON.parse(await readFile(output, 'utf8')), origin);
        runs.push(figures);
        console.log(
          `  ${route} run ${run}: perf ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, ` +
            `JS ${bytes(await encodedBytes(origin, figures.scripts))} B`,
        );
      }
      const figures = medianFigures(runs);
      results.push({ route, area, figures, encoded: await encodedBytes(origin, figures.scripts) });
    };
    for (const route of publicRoutes) await measure(route, 'public');
    // A seeded public blog's list and item: measured unless LIGHTHOUSE_ROUTES names routes without 'blog'.
    if (!selected || selected.includes('blog')) for (const route of await seedLighthouseBlog(origin)) await measure(route, 'public');
    for (const route of signedInRoutes) await measure(route, 'signed-in');
  } finally {
    await server.stop();
  }
} finally {
  await cluster.stop();
}

const header = ['route', 'perf', 'a11y', 'best-pr.', 'SEO', 'LCP', 'CLS', 'TBT', 'FCP', 'JS (B)', 'budget (B)', 'with headers', 'scripts'];
const rows = results.map(({ route, area, figures, encoded }) => [
  route,
  String(figures.performance),
  String(figures.accessibility),
  String(figures.bestPractices),
  String(figures.seo),
  `${(figures.lcpMs / 1000).toFixed(2)} s`,
  figures.cls.toFixed(3),
  `${Math.round(figures.tbtMs)} ms`,
  `${(figures.fcpMs / 1000).toFixed(2)} s`,
  bytes(encoded),
  bytes(area === 'public' ? firstLoadBudgets.publicPage : firstLoadBudgets.signedInRoute),
  bytes(figures.scriptTransferBytes),
  String(figures.scripts.length),
]);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
console.log(`\nmedian of ${RUNS} run(s), Lighthouse mobile preset (signed-in routes: a seeded workspace's member, session placed before load):`);
console.log(line(header));
results.forEach((result, index) => {
  if (index > 0 && result.area !== results[index - 1]!.area) console.log('');
  console.log(line(rows[index]!));
});
await writeFile(path.join(reportDir, 'summary.json'), `${JSON.stringify(results, null, 2)}\n`);
