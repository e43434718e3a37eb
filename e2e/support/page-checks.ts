import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Toasts and dialogs that are still fading in (sonner's 400 ms, Radix's 200 ms) are measured by axe at their passing
 * colours: wait until no finite animation runs and every toast and its text is whole or hidden, for at most three
 * seconds (endless ones — spinners, skeletons — never settle and are not waited for; a page that keeps starting short
 * animations costs three seconds, no more). A toast pushed behind a newer one fades its text out (sonner's `> *`
 * opacity transition) a frame after the newer one mounts: the page must look settled at two polls in a row (CI found
 * a description at 2.8:1 mid-fade). A toast asked for while sonner loads (it loads with a page's first toast:
 * src/lib/toast.ts marks <html data-toasts-pending>) is waited for too.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() => ((window as { __settledPolls?: number }).__settledPolls = 0)).catch(() => {});
  await page
    .waitForFunction(
      () => {
        const settled =
          document.documentElement.dataset.toastsPending === undefined &&
          document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity) &&
          // A toast's fade-in is a transition that starts when sonner marks it mounted: until then no animation runs.
          Array.from(document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')).every(
            (toast) => getComputedStyle(toast).opacity === '1' && Array.from(toast.children).every((part) => ['0', '1'].includes(getComputedStyle(part).opacity)),
          );
        const state = window as { __settledPolls?: number };
        state.__settledPolls = settled ? (state.__settledPolls ?? 0) + 1 : 0;
        return state.__settledPolls >= 2;
      },
      undefined,
      { timeout: 3_000, polling: 100 },
    )
    .catch(() => {});
}

const FREEZE_CSS = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; animation-iteration-count: 1 !important; }';

/**
 * axe finds nothing on the page as it is now; a finding names the rule, the element and what to fix. `exclude`
 * leaves out what axe cannot enter (sandboxed frames: check their documents on their own); `disableRules` only for
 * rules that do not apply to the document (say why where it is used).
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string; disableRules?: string[] } = {}) {
  await settleAnimations(page);
  // A toast on its way out (sonner marks it removed, then fades it) is no longer part of the page.
  const builder = new AxeBuilder({ page }).exclude('[data-sonner-toast][data-removed="true"]');
  if (options.exclude) builder.exclude(options.exclude);
  if (options.disableRules) builder.disableRules(options.disableRules);
  // Whatever is still fading when the wait above gives up (CI measured a toast's title mid-fade at 3.55:1 after it)
  // is measured at its end state: transitions and finite animations are switched off for the check, then restored.
  await page.addStyleTag({ content: FREEZE_CSS }).then((tag) => tag.evaluate((node) => (node as Element).setAttribute('data-axe-freeze', '')));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const results = await builder.analyze().finally(() =>
    page.evaluate(() => document.querySelectorAll('[data-axe-freeze]').forEach((node) => node.remove())).catch(() => {}),
  );
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

/**
 * Opens a tab as a user would: clicks it until it is the selected one. A click that lands while the page is still
 * loading its workspace (which mounts the page's tabs afresh) is lost, and the user simply clicks again.
 */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
