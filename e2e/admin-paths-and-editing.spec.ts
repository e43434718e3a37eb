import type { Page } from '@playwright/test';
import { loginAsAdmin } from './support/admin';
import { expect, test } from './support/fixtures';

const unknownAdminPaths = ['/admin/foo', '/admin/page-0', '/admin/page-01', '/admin/foo/', '/ADMIN'];

/** Loads a path directly (as a reload or a typed URL does), collecting the console. */
async function loadDirectly(page: Page, path: string) {
  const messages: string[] = [];
  const listener = (message: { text(): string }) => messages.push(message.text());
  page.on('console', listener);
  const response = await page.goto(path);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect.poll(() => messages.some((text) => text.includes(path))).toBe(true);
  page.off('console', listener);
  expect(messages.filter((text) => /QueryClient|Hydration|hydrat/i.test(text))).toEqual([]);
  return response?.status();
}

test('unknown /admin/… URLs answer 404 with the not-found page, signed out and (inside the admin area) signed in', async ({ page }) => {
  for (const path of unknownAdminPaths) {
    expect(await loadDirectly(page, path), path).toBe(404);
    await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toHaveCount(0);
  }

  await loginAsAdmin(page);
  for (const path of unknownAdminPaths) {
    expect(await loadDirectly(page, path), path).toBe(404);
    // /ADMIN is no admin path (paths are case-sensitive): the plain 404 page.
    await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toHaveCount(path === '/ADMIN' ? 0 : 1);
    await page.reload();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
