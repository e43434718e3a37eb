/**
 * `npm run lighthouse`: the built app served by the own server (throwaway DATA_DIR, free port), Lighthouse 12
 * (mobile preset, the flags of docs measuring.md) with the tests' Chromium, three runs per public route and for a
 * seeded public blog's list and one of its items (scripts/lighthouse-blog-seed.ts).
 * Prints the median of the four category scores, LCP, CLS, TBT and the JavaScript downloaded (gzip -9 of the
 * same files, and what the server actually sent). Reports land in lighthouse-report/ (git-ignored).
 * LIGHTHOUSE_RUNS=n changes the number of runs; LIGHTHOUSE_ROUTES=/,/about measures those public pages only (the blog's
 * two pages always).
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT_DIR } from '../server/src/project-paths';
import { CHROMIUM_FLAGS, resolveChromium } from '../tests/support/chromium';
import { spawnServer } from '../tests/support/spawn-server';
import { seedLighthouseBlog } from './lighthouse-blog-seed';
import { figuresOf, medianFigures, type RunFigures } from './lighthouse-summary';

/** The public pages; a seeded public blog's list and item are added once the server runs. */
const ROUTES = process.env.LIGHTHOUSE_ROUTES?.split(',').filter(Boolean) ?? ['/', '/portfolio', '/about', '/roi'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];
const reportDir = path.join(ROOT_DIR, 'lighthouse-report');

function runLighthouse(url: string, output: string, chromePath: string, userDataDir: string): Promise<void> {
  const args = [
    path.join(ROOT_DIR, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    '--max-wait-for-load=45000',
    `--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${userDataDir}`].join(' ')}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}:\n${stderr}`))));
  });
}

async function gzipBytes(scripts: string[]): Promise<number> {
  let total = 0;
  for (const script of scripts) total += gzipSync(await readFile(path.join(ROOT_DIR, 'dist/client', script)), { level: 9 }).length;
  return total;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const chromePath = await resolveChromium();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bb-lighthouse-data-'));
await chmod(dataDir, 0o755);
await mkdir(reportDir, { recursive: true });
const server = spawnServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: path.join(ROOT_DIR, 'dist/client') });
const results: { route: string; figures: RunFigures; gzip: number }[] = [];
try {
  const origin = await server.ready;
  console.log(`serving ${origin} with Chromium ${chromePath}; ${RUNS} run(s) per route, mobile preset`);
  const routes = [...ROUTES, ...(await seedLighthouseBlog(origin))];
  for (const route of routes) {
    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const output = path.join(reportDir, `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '__')}-${run}.json`);
      const userDataDir = await mkdtemp(path.join(tmpdir(), 'bb-lighthouse-chrome-'));
      try {
        // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): one more try.
        await runLighthouse(`${origin}${route}`, output, chromePath, userDataDir).catch(async (error: Error) => {
          console.log(`  ${route} run ${run}: ${error.message.split('\n')[1] ?? error.message}; trying once more`);
          await runLighthouse(`${origin}${route}`, output, chromePath, userDataDir);
        });
      } finally {
        await rm(userDataDir, { recursive: true, force: true });
      }
      const figures = figuresOf(JSON.parse(await readFile(output, 'utf8')), origin);
      runs.push(figures);
      console.log(
        `  ${route} run ${run}: perf ${figures.performance}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms`,
      );
    }
    const figures = medianFigures(runs);
    results.push({ route, figures, gzip: await gzipBytes(figures.scripts) });
  }
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });
}

const header = ['route', 'perf', 'a11y', 'best-pr.', 'SEO', 'LCP', 'CLS', 'TBT', 'FCP', 'JS gzip', 'JS sent', 'scripts'];
const rows = results.map(({ route, figures, gzip }) => [
  route,
  String(figures.performance),
  String(figures.accessibility),
  String(figures.bestPractices),
  String(figures.seo),
  `${(figures.lcpMs / 1000).toFixed(2)} s`,
  figures.cls.toFixed(3),
  `${Math.round(figures.tbtMs)} ms`,
  `${(figures.fcpMs / 1000).toFixed(2)} s`,
  kb(gzip),
  kb(figures.scriptTransferBytes),
  String(figures.scripts.length),
]);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
console.log(`\nmedian of ${RUNS} run(s), Lighthouse mobile preset:`);
console.log(line(header));
for (const row of rows) console.log(line(row));
await writeFile(path.join(reportDir, 'summary.json'), `${JSON.stringify(results, null, 2)}\n`);
