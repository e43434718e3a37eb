import type { Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { expectNoAxeViolations } from './support/page-checks';

/**
 * The automation editor's Graph view (issue 29, "a visual editor … and an equivalent step list"): a workflow from a
 * template opens in the graph with a box per step; a step added in the graph is in the step list after switching
 * back; the keyboard is not trapped in the graph; axe clean at 1280 px and 375 px.
 */

async function expectCleanPage(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  expect(await layoutProblems(page)).toEqual([]);
}

for (const width of [1280, 375]) {
  test(`a step added in the graph view is in the step list at ${width} px`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpToDashboard(page);

    await page.goto(paths.marketing.automation);
    await expect(page.getByRole('heading', { level: 1, name: /Automation/ })).toBeVisible();
    const workflows = page.getByRole('region', { name: 'Workflows' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Use template: Hot-lead alert to the owner' }).click({ timeout: 2_000 });
      // A click before the page is interactive does nothing; one that worked may take seconds to show its workflow under
      // load: clicking again every 2 s made a workflow each time (13 in one CI run), so wait 10 s before another click.
      await expect(workflows.getByRole('heading', { name: 'Hot-lead alert to the owner' })).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 40_000 });
    await workflows.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit “Hot-lead alert to the owner”' });

    await editor.getByRole('button', { name: 'Graph' }).click();
    await expect(editor.getByRole('button', { name: 'Graph' })).toHaveAttribute('aria-pressed', 'true');
    for (const id of ['@trigger', 'tag-hot', 'tell-owner', 'done']) await expect(editor.getByTestId(`graph-node-${id}`)).toBeVisible();
    await expect(editor.getByTestId('graph-node-tag-hot')).toContainText('Add tag “hot-lead”');
    await expect(editor.getByRole('button', { name: 'Use the step list' })).toBeVisible();
    await expectCleanPage(page);

    // The keyboard goes through the graph's boxes and out of it again: no trap.
    await editor.getByTestId('graph-node-done').focus();
    let left = false;
    for (let press = 0; press < 15 && !left; press += 1) {
      await page.keyboard.press('Tab');
      left = await page.evaluate(() => !document.activeElement?.closest('.react-flow__renderer'));
    }
    expect(left).toBe(true);

    // A step added after the tag step, in the graph.
    await editor.getByTestId('graph-node-tag-hot').click();
    const panel = editor.getByRole('region', { name: /Step tag-hot/ });
    await panel.getByLabel('Kind of step').selectOption('wait');
    await panel.getByRole('button', { name: 'Add step' }).click();
    await expect(editor.getByTestId('graph-node-wait-1')).toContainText('Wait 1 day');
    await expect(editor.getByRole('region', { name: /Step wait-1/ })).toBeVisible();
    await expectCleanPage(page);

    // The step list shows it, in the order a run goes.
    await editor.getByRole('button', { name: 'Steps' }).click();
    await expect(editor.getByRole('heading', { level: 4, name: /^Step 2 \(wait-1\)/ })).toContainText('Wait 1 day');
    await expect(editor.getByRole('heading', { level: 4, name: /^Step 3 \(tell-owner\)/ })).toBeVisible();
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved.')).toBeVisible();
    await context.close();
  });
}
