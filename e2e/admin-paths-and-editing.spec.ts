import type { Page } from '@playwright/test';
import { createSql } from '../server/src/db/client';
import { loginAsAdmin, openPage, restoreSiteDefaults } from './support/admin';
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

const toasts = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('admin editors', () => {
  test.afterEach(async ({ server }) => {
    await restoreSiteDefaults(server);
  });

  test('a double click on Add Menu Item, Add Page or Save Menu Items changes once, with one success toast', async ({ page, server }) => {
    const writes: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/rest/v1/') && !url.pathname.startsWith('/rest/v1/rpc/') && ['POST', 'PATCH'].includes(request.method())) writes.push(`${request.method()} ${url.pathname}`);
    });
    await loginAsAdmin(page);
    await openPage(page, '/admin/administrator');

    const add = page.getByRole('form', { name: 'Add Menu Item' });
    await add.getByLabel('Name').fill('Contact');
    await add.getByLabel('URL').fill('/contact');
    await add.getByRole('button', { name: 'Add Menu Item' }).dblclick();
    await expect(toasts(page, 'Menu item added successfully!')).toHaveCount(1);
    await expect(add.getByRole('button', { name: 'Add Menu Item' })).toBeEnabled();

    const addPage = page.getByRole('button', { name: 'Add Page' });
    await addPage.dblclick();
    await expect(toasts(page, 'Page 21 added successfully!')).toHaveCount(1);
    await expect(addPage).toBeEnabled();

    await page.getByRole('textbox', { name: 'Name of the menu item linking to /portfolio' }).fill('Work');
    await page.getByRole('button', { name: 'Save Menu Items' }).dblclick();
    await expect(toasts(page, 'Menu items updated successfully!')).toHaveCount(1);

    await expect(toasts(page, 'Failed to add menu item')).toHaveCount(0);
    await expect(toasts(page, 'Failed to add page')).toHaveCount(0);
    expect(writes).toEqual(['POST /rest/v1/menu_items', 'POST /rest/v1/admin_pages', 'PATCH /rest/v1/menu_items']);
    const sql = createSql(server.databaseUrl, { max: 1 });
    try {
      expect(await sql`select name, sort_order from public.menu_items where href = '/contact'`).toEqual([{ name: 'Contact', sort_order: 5 }]);
      expect(await sql`select max(number)::int as max from public.admin_pages`).toEqual([{ max: 21 }]);
    } finally {
      await sql.end();
    }

    // The same link again is refused here, before any request.
    await add.getByLabel('Name').fill('Contact again');
    await add.getByLabel('URL').fill('/contact');
    await add.getByRole('button', { name: 'Add Menu Item' }).click();
    await expect(toasts(page, 'The menu already links to this URL.')).toHaveCount(1);
    expect(writes).toHaveLength(3);
  });
});

test('the admin navigation: every page whole on a desktop (none cut at an edge), and where the dashboard says it is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsAdmin(page);
  const list = page.getByTestId('admin-nav-pages');
  await expect(list.getByRole('link')).toHaveCount(20);
  expect(await list.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
  const listBox = (await list.boundingBox())!;
  for (const link of await list.getByRole('link').all()) {
    const linkBox = (await link.boundingBox())!;
    expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(listBox.y + listBox.height + 0.5);
  }
  await expect(page.getByText(/reachable from the navigation menu on the left\./)).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText(/reachable from the navigation menu above\./)).toBeVisible();
  await expect(page.getByText(/on the left/)).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Test pages (20)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await toggle.click();
  await expect(list.getByRole('link', { name: 'Page 14', exact: true })).toBeVisible();
  await list.getByRole('link', { name: 'Page 14', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Page 14' })).toBeVisible();
});
