import { SEO_CHECKS } from '../src/config/seo-checks';

/**
 * The verdicts the SEO Toolkit and Lighthouse's SEO category both make, page by page, and how often they agree
 * (issue 31, "Agreement with the anchor"; scripts/seo-lighthouse-agreement.ts runs both). Which of our checks makes
 * which Lighthouse audit's verdict is the catalogue's `lighthouse` field: an audit fails on a page when any of those
 * checks was found on it (a site-level check, such as robots.txt, on every page of the site).
 */

/** Lighthouse audit id → the checks of ours that make its verdict. */
export const SHARED_AUDITS: ReadonlyMap<string, readonly { id: string; scope: 'page' | 'site' }[]> = (() => {
  const audits = new Map<string, { id: string; scope: 'page' | 'site' }[]>();
  for (const [id, check] of Object.entries(SEO_CHECKS)) {
    if (!check.lighthouse) continue;
    audits.set(check.lighthouse, [...(audits.get(check.lighthouse) ?? []), { id, scope: check.scope }]);
  }
  return audits;
})();

/** true: passes; false: fails. */
export type Verdicts = Record<string, boolean>;

/** Our verdict per shared audit for a page with `pageChecks` found on it, of a site with `siteChecks`. */
export function toolkitVerdicts(pageChecks: readonly string[], siteChecks: readonly string[]): Verdicts {
  const verdicts: Verdicts = {};
  for (const [audit, checks] of SHARED_AUDITS) {
    verdicts[audit] = !checks.some(({ id, scope }) => (scope === 'page' ? pageChecks : siteChecks).includes(id));
  }
  return verdicts;
}

interface LighthouseAudit {
  score: number | null;
  scoreDisplayMode: string;
}

/**
 * Lighthouse's verdict per shared audit from a report (`lhr.audits`): a binary score of 1 passes, 0 fails; an audit
 * that does not apply to the page (`notApplicable`) passes, as Lighthouse counts it; one that errored has no verdict
 * and is left out of the comparison.
 */
export function lighthouseVerdicts(audits: Record<string, LighthouseAudit | undefined>): Verdicts {
  const verdicts: Verdicts = {};
  for (const audit of SHARED_AUDITS.keys()) {
    const result = audits[audit];
    if (!result || result.scoreDisplayMode === 'error') continue;
    if (result.scoreDisplayMode === 'notApplicable') verdicts[audit] = true;
    else if (result.score !== null) verdicts[audit] = result.score >= 1;
  }
  return verdicts;
}

export interface PageComparison {
  url: string;
  toolkit: Verdicts;
  lighthouse: Verdicts;
}

export interface Agreement {
  pairs: number;
  agreed: number;
  /** Per audit: pairs compared, agreed, and where the verdicts differ (url, ours, Lighthouse's). */
  byAudit: Record<string, { pairs: number; agreed: number; failedByBoth: number; differences: { url: string; toolkit: boolean; lighthouse: boolean }[] }>;
}

/** Page × audit pairs that both made a verdict on, and how many agree. */
export function compareVerdicts(pages: readonly PageComparison[]): Agreement {
  const result: Agreement = { pairs: 0, agreed: 0, byAudit: {} };
  for (const audit of SHARED_AUDITS.keys()) result.byAudit[audit] = { pairs: 0, agreed: 0, failedByBoth: 0, differences: [] };
  for (const page of pages) {
    for (const audit of SHARED_AUDITS.keys()) {
      const ours = page.toolkit[audit];
      const theirs = page.lighthouse[audit];
      if (ours === undefined || theirs === undefined) continue;
      const row = result.byAudit[audit]!;
      row.pairs += 1;
      result.pairs += 1;
      if (ours === theirs) {
        row.agreed += 1;
        result.agreed += 1;
        if (!ours) row.failedByBoth += 1;
      } else {
        row.differences.push({ url: page.url, toolkit: ours, lighthouse: theirs });
      }
    }
  }
  return result;
}

/** The agreement as a Markdown table, one row per audit and the total. */
export function agreementTable(agreement: Agreement): string {
  const percent = (agreed: number, pairs: number) => (pairs === 0 ? '—' : `${((100 * agreed) / pairs).toFixed(1)} %`);
  const lines = ['| Lighthouse audit | our checks | pages | agree | failed by both | agreement |', '|---|---|---:|---:|---:|---:|'];
  for (const [audit, row] of Object.entries(agreement.byAudit)) {
    const checks = SHARED_AUDITS.get(audit)!.map(({ id }) => `\`${id}\``).join(', ');
    lines.push(`| ${audit} | ${checks} | ${row.pairs} | ${row.agreed} | ${row.failedByBoth} | ${percent(row.agreed, row.pairs)} |`);
  }
  lines.push(`| **all** | | **${agreement.pairs}** | **${agreement.agreed}** | | **${percent(agreement.agreed, agreement.pairs)}** |`);
  return lines.join('\n');
}
