import { expect, type Page } from '@playwright/test';
import { createSql } from '../../server/src/db/client';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, type E2EServer } from './e2e-server';

export const menuButton = (page: Page) => page.locator('button[aria-label="Open menu"]');
export const sideMenu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/** Opens a page and waits until the app is interactive (prerendered pages hydrate after their first paint). */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Fills and sends the /admin-login form (the page must show it). */
export async function submitAdminLogin(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Admin Login' });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** The site admin logs in through /admin-login and lands on /admin. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await openPage(page, '/admin-login');
  await submitAdminLogin(page, E2E_ADMIN_USERNAME, E2E_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** A toast by its title (sonner lists them in a region named Notifications). */
export const toast = (page: Page, title: string) => page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });

/** Back to the four default menu items and the 20 default admin pages (tests share the worker's server). */
export async function restoreSiteDefaults(server: E2EServer): Promise<void> {
  const sql = createSql(server.databaseUrl, { max: 1 });
  try {
    await sql.begin(async (tx) => {
      await tx`delete from public.menu_items`;
      await tx`insert into public.menu_items (name, href, sort_order) select * from private.default_menu_items()`;
      await tx`delete from public.admin_pages`;
      await tx`insert into public.admin_pages (number, title, path) select * from private.default_admin_pages()`;
    });
  } finally {
    await sql.end();
  }
}
