import { SEO_CHECKS, SEVERITY_WEIGHT, type SeoCheckId } from '../../../../src/config/seo-checks';

/**
 * The health score of a site (docs/decisions/0018-seo-audits.md):
 *   page score = 0 with any critical issue, else 100 × max(0, 1 − (sum of the weights of its issues) / 20)
 *                (error 3, warning 1, notice 0.25: one error costs 15 points, one warning 5)
 *   site score = the mean of its pages' scores, less 5 points per site-level error, 2 per warning, 0.5 per notice,
 *                rounded, between 0 and 100.
 * A site with no page crawled scores 0.
 */
export const PAGE_BUDGET = 20;
const SITE_PENALTY = { critical: 10, error: 5, warning: 2, notice: 0.5 } as const;

export function pageScore(checks: readonly SeoCheckId[]): number {
  let failed = 0;
  for (const check of checks) {
    const severity = SEO_CHECKS[check].severity;
    if (severity === 'critical') return 0;
    failed += SEVERITY_WEIGHT[severity];
  }
  return 100 * Math.max(0, 1 - failed / PAGE_BUDGET);
}

export function healthScore(pages: readonly (readonly SeoCheckId[])[], siteChecks: readonly SeoCheckId[]): number {
  if (pages.length === 0) return 0;
  const mean = pages.reduce((sum, checks) => sum + pageScore(checks), 0) / pages.length;
  const penalty = siteChecks.reduce((sum, check) => sum + SITE_PENALTY[SEO_CHECKS[check].severity], 0);
  return Math.round(Math.min(100, Math.max(0, mean - penalty)));
}
