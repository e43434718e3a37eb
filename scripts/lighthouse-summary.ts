/** Pure helpers of scripts/lighthouse.ts: one Lighthouse JSON report → figures, three runs → medians. */

export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Script URLs (same origin) the page downloaded. */
  scripts: string[];
  /** Bytes the server actually sent for those scripts (brotli when the browser accepts it). */
  scriptTransferBytes: number;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: { url: string; resourceType?: string; transferSize?: number }[] } }>;
}

const score = (report: LighthouseReport, id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
const numeric = (report: LighthouseReport, id: string) => report.audits[id]?.numericValue ?? Number.NaN;

export function figuresOf(report: LighthouseReport, origin: string): RunFigures {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin));
  return {
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: score(report, 'seo'),
    lcpMs: numeric(report, 'largest-contentful-paint'),
    cls: numeric(report, 'cumulative-layout-shift'),
    tbtMs: numeric(report, 'total-blocking-time'),
    fcpMs: numeric(report, 'first-contentful-paint'),
    scripts: scripts.map((item) => new URL(item.url).pathname),
    scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median of every figure across the runs; the scripts of the first run (a cold load each time). */
export function medianFigures(runs: RunFigures[]): RunFigures {
  const pick = (key: Exclude<keyof RunFigures, 'scripts'>) => median(runs.map((run) => run[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    fcpMs: pick('fcpMs'),
    scripts: runs[0]?.scripts ?? [],
    scriptTransferBytes: pick('scriptTransferBytes'),
  };
}
