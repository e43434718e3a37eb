import type { Locator, Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * The Editorial Calendar's month view takes a drag to any day of the grid, not only of the item's own week row
 * (issue 25: a drag to another row did nothing). A real pointer in Chromium, as a person drags.
 */

/**
 * Drags `item` with the mouse, in small steps as a hand moves, held at `grab` of its height (0 top, 1 bottom), and lets
 * go with the pointer at `drop` of the target day's height: a person lets go as soon as the pointer is in the day.
 */
async function drag(page: Page, item: Locator, target: Locator, grab: number, drop: number) {
  const from = (await item.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height * grab);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height * grab, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height * drop, { steps: 15 });
  await page.mouse.up();
}

test('a calendar item dragged to a day of another week row moves to the day under the pointer, down and up, and stays after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signUpToDashboard(page);
  // This month's 10th, 17th (the next row) and 3rd (the row above the 10th): all in the grid of the month shown.
  const month = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  });
  const [planned, nextRow, rowAbove] = [`${month}-10`, `${month}-17`, `${month}-03`];

  await page.goto(paths.marketing.content);
  await page.getByRole('button', { name: 'Create Your First Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Content' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Row hopper');
  await dialog.getByLabel('Planned Publish Date').fill(`${planned}T09:30`);
  await dialog.getByRole('button', { name: 'Save Content' }).click();
  await expect(dialog).toBeHidden();

  const day = (value: string) => page.locator(`[data-day="${value}"]`);
  const chip = (value: string) => day(value).getByRole('button', { name: /^Row hopper/ });
  await expect(chip(planned)).toBeVisible();
  await page.getByRole('heading', { name: 'Editorial Calendar' }).evaluate((heading) => heading.scrollIntoView());

  // Held by its lower edge, let go just inside the next row: the pointer is in the 17th, most of the item still in the 10th.
  await drag(page, chip(planned), day(nextRow), 0.9, 0.15);
  await expect(chip(nextRow)).toBeVisible();
  await expect(chip(planned)).toHaveCount(0);

  // And up: held by its top, let go near the bottom of the 3rd.
  await drag(page, chip(nextRow), day(rowAbove), 0.1, 0.85);
  await expect(chip(rowAbove)).toBeVisible();
  await expect(chip(nextRow)).toHaveCount(0);

  // Saved, at the same time of day.
  await page.reload();
  await expect(chip(rowAbove)).toBeVisible();
  expect(await chip(rowAbove).getAttribute('aria-label')).toMatch(/9:30/);
});
