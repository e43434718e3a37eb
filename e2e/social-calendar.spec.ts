import type { Locator, Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { connectWebhookChannel } from './support/social';

/**
 * The Social Hub's calendar and queue end to end (issue 30, point 3): an owner gives a webhook channel a daily 09:00
 * time slot, "Next free slot" fills the composer's moment, the post shows on the Editorial Calendar filtered by its
 * channel, moves a day with Alt + → (and, on a wide screen, is dragged back); at 1280 px and 375 px, axe clean.
 */
async function drag(page: Page, item: Locator, target: Locator) {
  const from = (await item.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

for (const width of [1280, 375]) {
  test(`a post scheduled into a time slot shows on the calendar by its channel and moves at ${width} px`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpToDashboard(page);
    await page.goto(paths.marketing.social);

    await connectWebhookChannel(page, 'Zapier channel', 'https://hooks.example.com/catch/1/secret-token/');

    await page.getByRole('button', { name: 'Time slots of Zapier channel' }).click();
    const slots = page.getByRole('dialog', { name: 'Time slots of Zapier channel' });
    await expect(slots.getByText('No time slots yet.')).toBeVisible();
    await slots.getByLabel('Days').selectOption('every');
    await slots.getByLabel('Time').fill('09:00');
    await slots.getByRole('button', { name: 'Add time slot' }).click();
    await expect(slots.getByText('Sunday at 09:00')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    const composer = page.getByRole('region', { name: 'Compose' });
    await composer.getByLabel('Post').fill('Slot post for the calendar');
    await composer.getByRole('checkbox', { name: /Zapier channel/ }).check();
    await composer.getByRole('button', { name: 'Next free slot' }).click();
    await expect(composer.getByText(/^Next free slot: /)).toBeVisible();
    await expect(composer.getByLabel('Publish at')).toHaveValue(/T09:00$/);
    await composer.getByRole('button', { name: 'Schedule post' }).click();
    await expect(page.getByText('Post scheduled.')).toBeVisible();

    await page.getByRole('link', { name: 'Open the calendar' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.marketing.content}$`));
    const channel = page.getByRole('combobox', { name: 'Channel', exact: true });
    await channel.selectOption({ label: 'webhook · Zapier channel' });
    const post = page.getByRole('button', { name: /^Social · webhook: Slot post for the calendar, Scheduled/ });
    await expect(post).toBeVisible();
    await channel.selectOption({ label: 'Content' });
    await expect(post).toHaveCount(0);
    await channel.selectOption({ label: 'All channels' });
    await expect(post).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    const before = await post.getAttribute('aria-label');
    await post.focus();
    await page.keyboard.press('Alt+ArrowRight');
    await expect(page.getByText(/^Moved "Slot post for the calendar" to /)).toBeAttached();
    await expect(post).not.toHaveAttribute('aria-label', before!);
    await expect(post).toHaveAttribute('aria-label', /09:00|9:00/);

    if (width === 1280) {
      const day = await post.evaluate((element) => element.closest('[data-day]')!.getAttribute('data-day'));
      const previous = new Date(`${day}T12:00:00Z`);
      previous.setUTCDate(previous.getUTCDate() - 1);
      const target = page.locator(`[data-day="${previous.toISOString().slice(0, 10)}"]`);
      await drag(page, post, target);
      await expect(target.getByRole('button', { name: /Slot post for the calendar/ })).toBeVisible();
      await page.reload();
      await expect(page.locator(`[data-day="${previous.toISOString().slice(0, 10)}"]`).getByRole('button', { name: /Slot post for the calendar/ })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await context.close();
  });
}
