import type { Locator, Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { submitSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { seedAccountWithData, seedTexts, withDatabase } from './support/seed';

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };

async function signIn(page: Page, email: string, password: string) {
  await page.goto(paths.auth);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Whether two boxes share any area. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectInsideScreen(page: Page, locator: Locator) {
  const { x, width } = await box(locator);
  const name = (await locator.getAttribute('aria-label')) ?? '';
  expect(x, name).toBeGreaterThanOrEqual(0);
  expect(x + width, name).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('on a phone, Content Items and campaigns are cards: every text readable, every action on screen', async ({ page, server }) => {
  const account = await seedAccountWithData(server);
  await page.setViewportSize(phone);
  await signIn(page, account.email, account.password);

  await page.goto(paths.marketing.content);
  const list = page.getByRole('list').filter({ has: page.getByRole('heading', { name: seedTexts.contentTitle }) });
  await expect(list.getByRole('listitem')).toHaveCount(4); // the seed's four content items, one of them overdue
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const item of await list.getByRole('listitem').all()) {
    for (const button of await item.getByRole('button').all()) await expectInsideScreen(page, button);
  }
  const published = list.getByRole('listitem').filter({ hasText: seedTexts.contentTitle });
  await expect(published.getByText('Published', { exact: true })).toBeVisible();
  expect(await published.getByText('Published', { exact: true }).evaluate((badge) => badge.scrollWidth <= badge.clientWidth)).toBe(true);
  // The title runs across the card, not one word a line.
  expect((await box(published.getByRole('heading'))).width).toBeGreaterThan(250);
  await published.getByRole('button', { name: `Edit ${seedTexts.contentTitle}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Content' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await layoutProblems(page)).toEqual([]);

  await page.goto(paths.marketing.advertising);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: seedTexts.campaignTitle }) });
  await expect(row.getByText('$1,250,000.50')).toBeVisible();
  expect(overlaps(await box(row.getByText('$1,250,000.50')), await box(row.getByText(/^3\/1\/2026$/)))).toBe(false);
  for (const button of await row.getByRole('button').all()) await expectInsideScreen(page, button);
  await row.getByRole('button', { name: `View ${seedTexts.campaignTitle}` }).click();
  await expect(row.getByRole('region', { name: seedTexts.campaignTitle }).getByText('LinkedIn Ads')).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
});

test('the signed-in header is one compact row on a phone with the name and role under it, and a menu holding the account, the website and sign-out', async ({ page, server }) => {
  const account = await seedAccountWithData(server);
  await page.setViewportSize(phone);
  await signIn(page, account.email, account.password);

  const header = page.getByRole('banner');
  await expect(header.getByText('Multi-Tenant Platform')).toBeVisible();
  // Spec §2: the user's name and role are in the header, seen without opening anything (issue 25).
  await expect(header.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
  await expect(header.getByText('Content Marketing Manager')).toBeVisible();
  const name = await box(header.getByText(`${account.firstName} ${account.lastName}`));
  expect(name.x + name.width).toBeLessThanOrEqual(phone.width);
  // Compact still: the two-line platform name, the badge and one line for the person (251 px before decision 0004).
  expect((await box(header)).height).toBeLessThanOrEqual(120);
  expect(await layoutProblems(page)).toEqual([]);

  // The four stat cards sit two a row.
  const stats = page.getByRole('region', { name: 'Platform Overview' }).getByRole('listitem');
  await expect(stats).toHaveCount(4);
  expect((await box(stats.nth(0))).y).toBe((await box(stats.nth(1))).y);

  await header.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Account menu' });
  await expect(menu.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
  await expect(menu.getByText('Content Marketing Manager')).toBeVisible();
  await expect(menu.getByText(account.companyName)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Website' })).toHaveAttribute('href', '/');
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // A dialog keeps a margin on every side.
  await menu.getByRole('button', { name: 'Profile settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile settings' });
  await expect(dialog).toBeVisible();
  const { x, width } = await box(dialog);
  expect(x).toBeGreaterThanOrEqual(8);
  expect(x + width).toBeLessThanOrEqual(phone.width - 8);
  expect(await layoutProblems(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menu).toBeVisible();

  // On a desktop the same things sit in the header itself (an open menu closes when the screen becomes wide).
  await page.setViewportSize(desktop);
  await expect(menu).toBeHidden();
  await expect(header.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
  await expect(header.getByText('Content Marketing Manager')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Website' })).toHaveAttribute('href', '/');
  await header.getByRole('link', { name: 'Website' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'We build high performance task driven websites' })).toBeVisible();
});

test('a failed save keeps its toast off the dialog’s controls; a failed load says what happened in plain words and offers Try Again', async ({ page, server }) => {
  const account = await seedAccountWithData(server);
  await page.setViewportSize(desktop);
  await signIn(page, account.email, account.password);
  await page.goto(paths.marketing.content);
  await expect(page.getByText(seedTexts.contentTitle, { exact: true })).toBeVisible();

  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    await withDatabase(server, (sql) => sql`revoke insert on public.content_items from authenticated`);
    try {
      await page.getByRole('button', { name: 'Create Content' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Content' });
      await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Refused by the server');
      await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('A body long enough to make the dialog tall.\n'.repeat(20));
      await dialog.getByRole('button', { name: 'Save Content' }).click();
      const failure = page.locator('[data-sonner-toast]').filter({ hasText: 'Error saving content' });
      await expect(failure).toBeVisible();
      await expect(dialog).toBeVisible();
      const toastBox = await box(failure);
      for (const control of await dialog.locator('button, input, textarea, [role="combobox"]').all()) {
        if (!(await control.isVisible())) continue;
        expect(overlaps(toastBox, await box(control)), `${size.width}px: the toast covers ${await control.getAttribute('aria-label') ?? await control.textContent()}`).toBe(false);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // Sonner closes the toast by itself after 4 s, which the loop above can take on a busy machine: close it if it
      // is still open, and go on only when it is gone (the next width's toast has the same text).
      await failure.getByRole('button', { name: 'Close toast' }).click({ timeout: 2_000 }).catch(() => {});
      await expect(failure).toBeHidden();
    } finally {
      await withDatabase(server, (sql) => sql`grant insert on public.content_items to authenticated`);
    }
  }

  await page.setViewportSize(desktop);
  await withDatabase(server, (sql) => sql`revoke select on public.content_items from authenticated`);
  let isRevoked = true;
  try {
    await page.reload();
    const panel = page.getByRole('alert').filter({ hasText: 'Error loading content items' });
    await expect(panel).toBeVisible();
    await expect(panel).not.toContainText('permission denied');
    await expect(panel).toContainText('This account may not see this list right now');
    await withDatabase(server, (sql) => sql`grant select on public.content_items to authenticated`);
    isRevoked = false;
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('cell', { name: new RegExp(`^${seedTexts.contentTitle}`) })).toBeVisible();
  } finally {
    if (isRevoked) await withDatabase(server, (sql) => sql`grant select on public.content_items to authenticated`);
  }
});

test('sign-out stays on the page until /auth (no blank page); /auth shows the brand and links the Terms and the Privacy Policy', async ({ page, server }) => {
  const account = await seedAccountWithData(server);
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}!` })).toBeVisible();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenWithoutPage: string[] }).seenWithoutPage = seen;
    new MutationObserver(() => {
      if (location.pathname === '/auth') return;
      if (!document.querySelector('h1')?.textContent?.startsWith('Welcome')) seen.push(document.body.innerText.slice(0, 60));
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => (window as unknown as { seenWithoutPage: string[] }).seenWithoutPage)).toEqual([]);

  await expect(page.getByRole('link', { name: 'Beyond Brochures' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const stored of ['Accounts', 'Content', 'Campaigns', 'Leads']) await expect(page.getByText(new RegExp(`^${stored}:`))).toBeVisible();
  await expect(page.getByText(/No tracking cookies/)).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});
