/**
 * `npm run seo:lighthouse`: does the SEO Toolkit agree with Lighthouse? (issue 31, "Agreement with the anchor".)
 * Crawls three sites served on this machine with the toolkit's crawler, through the product's outbound client: the
 * fixture site of the tests (tests/support/seo-fixture-site.ts, pages with known defects), a small site whose
 * robots.txt has invalid lines, and the product's own public pages (the built app on its own server, `npm run build`
 * first). Then runs Lighthouse 12's SEO category on every page
 * crawled (one Chromium, the tests' binary) and compares, page × audit, the verdicts both make (scripts/
 * seo-lighthouse-verdicts.ts). Prints the table, every difference, and exits 1 below 95 %.
 */
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startE2EServer } from '../e2e/support/e2e-server';
import { createOutboundClient } from '../server/src/lib/outbound/outbound-client';
import { crawlSite, type CrawlResult } from '../server/src/modules/seo/crawler';
import { ROOT_DIR } from '../server/src/project-paths';
import { CHROMIUM_FLAGS, resolveChromium } from '../tests/support/chromium';
import { startTestCluster } from '../tests/support/cluster';
import { document, startFixtureSite, startLocalServer } from '../tests/support/seo-fixture-site';
import { agreementTable, compareVerdicts, lighthouseVerdicts, toolkitVerdicts, type PageComparison } from './seo-lighthouse-verdicts';

const TARGET = 0.95;
const client = createOutboundClient({ policy: { allowPrivate: ['127.0.0.1', '127.0.0.2'], allowPorts: 'any' } });
const chrome = await chromeLauncher.launch({ chromePath: await resolveChromium(), chromeFlags: ['--headless', ...CHROMIUM_FLAGS] });
const cluster = await startTestCluster();
const fixture = await startFixtureSite();
const comparisons: PageComparison[] = [];

/** Lighthouse's SEO category on one address (desktop, no throttling: only the verdicts matter here). */
async function lighthouseOn(url: string) {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['seo'], formFactor: 'desktop', screenEmulation: { disabled: true }, throttlingMethod: 'provided' });
  if (!result) throw new Error(`Lighthouse gave no report for ${url}`);
  return result.lhr.audits;
}

async function compareSite(label: string, crawl: CrawlResult) {
  const siteChecks = crawl.siteFindings.map((finding) => finding.check);
  // Every address crawled, those robots.txt keeps the crawler from included: Lighthouse loads each as a browser would.
  console.log(`${label}: ${crawl.pages.length} pages; site checks: ${siteChecks.join(', ') || 'none'}`);
  for (const page of crawl.pages) {
    const audits = await lighthouseOn(page.url);
    comparisons.push({ url: page.url, toolkit: toolkitVerdicts(page.findings.map((finding) => finding.check), siteChecks), lighthouse: lighthouseVerdicts(audits) });
    process.stdout.write('.');
  }
  process.stdout.write('\n');
}

try {
  await compareSite(`fixture site ${fixture.origin}`, await crawlSite(client, { startUrl: `${fixture.origin}/`, pageLimit: 100, delayMs: 0 }));
  const badRobots = await startLocalServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    if (pathname === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisalow: /private\nnot a directive\n');
    if (pathname !== '/' && pathname !== '/about') return void response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>');
    const body = pathname === '/' ? '<h1>Home</h1><a href="/about">About the workshop</a>' : '<h1>About</h1><a href="/">Back to the home page</a>';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(document(pathname, { body }));
  });
  try {
    await compareSite(`a site with an invalid robots.txt ${badRobots.origin}`, await crawlSite(client, { startUrl: `${badRobots.origin}/`, pageLimit: 10, delayMs: 0 }));
  } finally {
    await badRobots.close();
  }
  const product = await startE2EServer({ STATIC_DIR: path.join(ROOT_DIR, 'dist/client') }, cluster);
  try {
    await compareSite(`product's public pages ${product.url}`, await crawlSite(client, { startUrl: `${product.url}/`, pageLimit: 30, delayMs: 0 }));
  } finally {
    await product.stop();
  }
} finally {
  chrome.kill();
  await Promise.all([fixture.close(), client.close()]);
  await cluster.stop();
}

const agreement = compareVerdicts(comparisons);
console.log(`\n${comparisons.length} pages, Lighthouse 12's SEO category against the toolkit's checks:\n`);
console.log(agreementTable(agreement));
const differences = Object.entries(agreement.byAudit).flatMap(([audit, row]) => row.differences.map((difference) => ({ audit, ...difference })));
if (differences.length > 0) {
  console.log('\ndifferences (ours / Lighthouse’s, true = passes):');
  for (const difference of differences) console.log(`  ${difference.audit} on ${difference.url}: ${difference.toolkit} / ${difference.lighthouse}`);
}
const ratio = agreement.pairs === 0 ? 0 : agreement.agreed / agreement.pairs;
console.log(`\nagreement ${(100 * ratio).toFixed(1)} % of ${agreement.pairs} page × audit pairs (target ≥ ${100 * TARGET} %)`);
process.exitCode = ratio >= TARGET ? 0 : 1;
