import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Toasts and dialogs that are still fading in (sonner's 400 ms, Radix's 200 ms) are measured by axe at their passing
 * colours: wait until no finite animation runs, for at most two seconds (endless ones — spinners, skeletons — never
 * settle and are not waited for; a page that keeps starting short animations costs the two seconds, no more).
 */
async function settleAnimations(page: Page) {
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000, polling: 100 },
    )
    .catch(() => {});
}

/**
 * axe finds nothing on the page as it is now; a finding names the rule, the element and what to fix. `exclude`
 * leaves out what axe cannot enter (sandboxed frames: check their documents on their own); `disableRules` only for
 * rules that do not apply to the document (say why where it is used).
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string; disableRules?: string[] } = {}) {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  if (options.exclude) builder.exclude(options.exclude);
  if (options.disableRules) builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ')})`),
  );
  expect(found).toEqual([]);
}

/** Nothing is wider than the screen (no sideways scrolling at 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
