import type { Page } from '@playwright/test';
import { ADMIN_FLAG_KEY, ADMIN_SESSION_STORAGE_KEY } from '../src/config/admin';
import { anonKeyOf, newAccount, signUpThroughApi, signUpToDashboard, storedUserAuthKeys } from './support/accounts';
import { loginAsAdmin, menuButton, openPage, restoreSiteDefaults, sideMenu, submitAdminLogin, toast } from './support/admin';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME } from './support/e2e-server';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './support/page-checks';

const adminStorage = (page: Page) =>
  page.evaluate(([sessionKey, flagKey]) => ({ session: localStorage.getItem(sessionKey), flag: localStorage.getItem(flagKey) }), [
    ADMIN_SESSION_STORAGE_KEY,
    ADMIN_FLAG_KEY,
  ] as const);

test.describe('admin guard', () => {
  for (const path of ['/admin', '/admin/administrator', '/admin/page-3']) {
    test(`${path} sends a signed-out visitor to /admin-login, and Back does not return to it`, async ({ page }) => {
      await openPage(page, '/about');
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin-login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/about$/);
    });
  }

  test("setting the localStorage flag to 'true' by hand does not open /admin", async ({ page }) => {
    await page.addInitScript((flagKey) => window.localStorage.setItem(flagKey, 'true'), ADMIN_FLAG_KEY);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    await menuButton(page).click();
    await expect(sideMenu(page).getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(sideMenu(page).getByText('Admin Dashboard')).toHaveCount(0);
  });
});

test.describe('admin login', () => {
  test('a wrong password shows the Login Failed toast and stays on /admin-login', async ({ page }) => {
    await openPage(page, '/admin-login');
    await submitAdminLogin(page, E2E_ADMIN_USERNAME, 'not-the-password');
    await expect(toast(page, 'Login Failed')).toBeVisible();
    await expect(toast(page, 'Invalid username or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login$/);
    expect(await adminStorage(page)).toEqual({ session: null, flag: null });
  });

  test('a valid marketing account that is not a site admin is refused the same way, and keeps no admin session', async ({ page, baseURL }) => {
    const account = await signUpThroughApi(baseURL!, newAccount());
    await openPage(page, '/admin-login');
    await submitAdminLogin(page, account.email, account.password);
    await expect(toast(page, 'Login Failed')).toBeVisible();
    await expect(toast(page, 'Invalid username or password.')).toBeVisible();
    await expect.poll(() => adminStorage(page)).toEqual({ session: null, flag: null });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
  });

  test('the fields are required in login mode; Forgot password turns the button into a reset request that sends nothing', async ({ page }) => {
    await openPage(page, '/admin-login');
    const form = page.getByRole('form', { name: 'Admin Login' });
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(form.getByText('Username is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();

    let authCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/')) authCalls += 1;
    });
    await form.getByRole('checkbox', { name: 'Forgot password' }).click();
    await form.getByRole('button', { name: 'Request Password Reset' }).click();
    await expect(toast(page, 'Password Reset')).toBeVisible();
    await expect(toast(page, 'Please contact the system administrator for password reset.')).toBeVisible();
    expect(authCalls).toBe(0);
    await expect(page).toHaveURL(/\/admin-login$/);
  });

  test('the admin logs in (toast, /admin), is sent from /admin-login to /admin, and Admin Logout ends it on the server', async ({ page, baseURL }) => {
    await openPage(page, '/admin-login');
    await submitAdminLogin(page, E2E_ADMIN_USERNAME, E2E_ADMIN_PASSWORD);
    await expect(toast(page, 'Login Successful')).toBeVisible();
    await expect(toast(page, 'Welcome to the admin section!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    expect((await adminStorage(page)).flag).toBe('true');

    await openPage(page, '/admin-login');
    await expect(page).toHaveURL(/\/admin$/);

    const token = (JSON.parse((await adminStorage(page)).session!) as { access_token: string }).access_token;
    const anonKey = await anonKeyOf(baseURL!);
    const isSiteAdmin = () =>
      fetch(new URL('/rest/v1/rpc/is_site_admin', baseURL), {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    expect(await (await isSiteAdmin()).json()).toBe(true);

    await menuButton(page).click();
    await sideMenu(page).getByRole('button', { name: 'Admin Logout' }).click();
    await expect(sideMenu(page)).toBeHidden();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect.poll(() => adminStorage(page)).toEqual({ session: null, flag: null });
    // Ended on the server: the old access token no longer works.
    await expect.poll(async () => (await isSiteAdmin()).status).toBe(401);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
  });
});

test.describe('admin screens', () => {
  test('/admin: the 20 test pages statement, the left navigation from the database, and the getting-started list', async ({ page }) => {
    await loginAsAdmin(page);
    await expect(page.getByText(/This admin area has 20 blank test pages \(Page 1 to Page 20\)/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    const pages = nav.getByRole('list', { name: 'Test pages' }).getByRole('link');
    await expect(pages).toHaveCount(20);
    await expect(pages.first()).toHaveText('THE TEST LAB');
    await pages.first().click();
    await expect(page).toHaveURL(/\/admin\/page-1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'THE TEST LAB' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Hero image of THE TEST LAB' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/admin/page-5 is the Pricing Testing Page: pricing with Save 20% and an integration guide; an unknown number is 404', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Page 5', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing Testing Page' })).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'Annual billing (Save 20%)' });
    await expect(page.getByText('billed monthly')).toHaveCount(3);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('billed annually')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Integration guide' })).toBeVisible();
    await expect(page.getByText("import { PricingSection } from '@/components/pricing/pricing-section';")).toBeVisible();

    await openPage(page, '/admin/page-99');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });

  test('/admin/administrator: quick links, pricing preview, both editors (pages list at most 24rem high), coming-soon cards', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Administrator' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Administrator' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Pricing Testing Page/ })).toHaveAttribute('href', '/admin/page-5');
    await expect(page.getByRole('link', { name: /Marketing Dashboard/ })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('region', { name: 'Pricing demo preview' }).getByRole('switch', { name: 'Annual billing (Save 20%)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name of the menu item linking to /portfolio' })).toHaveValue('Portfolio');
    const list = page.getByTestId('admin-pages-editor-list');
    await expect(list.getByRole('textbox')).toHaveCount(20);
    expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('384px');
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    for (const title of ['Site Settings', 'Theme Configuration']) {
      // Spec §2 quotes it in lower case: exact, so a change of case fails.
      await expect(page.getByRole('region', { name: title }).getByText('coming soon', { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });
});

test.describe('editing the site', () => {
  test.afterEach(async ({ server }) => {
    await restoreSiteDefaults(server);
  });

  test("rename 'Portfolio' to 'Work': the header shows it, also to an anonymous visitor elsewhere; reset brings 'Portfolio' back", async ({ page, browser, baseURL }) => {
    await loginAsAdmin(page);
    await menuButton(page).click();
    const adminPart = sideMenu(page).getByRole('navigation', { name: 'Admin' });
    await expect(adminPart.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(adminPart.getByRole('link', { name: 'THE TEST LAB' })).toBeVisible();
    await adminPart.getByRole('link', { name: 'Administrator' }).click();
    await expect(page).toHaveURL(/\/admin\/administrator$/);

    const name = page.getByRole('textbox', { name: 'Name of the menu item linking to /portfolio' });
    await name.fill('  Work ');
    await page.getByRole('button', { name: 'Save Menu Items' }).click();
    await expect(toast(page, 'Menu items updated successfully!')).toBeVisible();
    await expect(name).toHaveValue('Work');

    // The header of this page, without a reload.
    await menuButton(page).click();
    await expect(sideMenu(page).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Work', 'About', 'ROI']);
    await page.keyboard.press('Escape');

    // Another visitor, in a browser context of their own, signed out.
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    try {
      await openPage(visitor, '/');
      await menuButton(visitor).click();
      await expect(sideMenu(visitor).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Work', 'About', 'ROI']);
      await expect(sideMenu(visitor).getByText('Admin Dashboard')).toHaveCount(0);

      await page.getByRole('button', { name: 'Reset Menu Items' }).click();
      await page.getByRole('alertdialog', { name: 'Reset the navigation menu?' }).getByRole('button', { name: 'Reset' }).click();
      await expect(toast(page, 'Menu items reset to default!')).toBeVisible();
      await expect(name).toHaveValue('Portfolio');
      await menuButton(page).click();
      await expect(sideMenu(page).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Portfolio', 'About', 'ROI']);

      await openPage(visitor, '/');
      await menuButton(visitor).click();
      await expect(sideMenu(visitor).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Portfolio', 'About', 'ROI']);
    } finally {
      await visitorContext.close();
    }
  });

  test('add a menu item (both fields required), then add page 21 and open /admin/page-21; reset removes it', async ({ page }) => {
    await loginAsAdmin(page);
    await openPage(page, '/admin/administrator');
    const add = page.getByRole('form', { name: 'Add Menu Item' });
    await add.getByLabel('Name').fill('Contact');
    await add.getByRole('button', { name: 'Add Menu Item' }).click();
    await expect(toast(page, 'Please enter both name and URL for the new menu item')).toBeVisible();
    await add.getByLabel('URL').fill('/contact');
    await add.getByRole('button', { name: 'Add Menu Item' }).click();
    await expect(toast(page, 'Menu item added successfully!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name of the menu item linking to /contact' })).toHaveValue('Contact');

    await page.getByRole('button', { name: 'Add Page' }).click();
    await expect(toast(page, 'Page 21 added successfully!')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('list', { name: 'Test pages' }).getByRole('link')).toHaveCount(21);
    await menuButton(page).click();
    await expect(page.getByTestId('admin-pages-list').getByRole('link')).toHaveCount(21);
    await expect(sideMenu(page).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Portfolio', 'About', 'ROI', 'Contact']);
    await page.keyboard.press('Escape');

    await nav.getByRole('link', { name: 'Page 21', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/page-21$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page 21' })).toBeVisible();
    await openPage(page, '/admin/page-21');
    await expect(page.getByRole('heading', { level: 1, name: 'Page 21' })).toBeVisible();

    await openPage(page, '/admin/administrator');
    await page.getByRole('button', { name: 'Reset Admin Pages' }).click();
    await page.getByRole('alertdialog', { name: 'Reset the admin pages?' }).getByRole('button', { name: 'Reset' }).click();
    await expect(toast(page, 'Admin pages reset to default!')).toBeVisible();
    await expect(nav.getByRole('list', { name: 'Test pages' }).getByRole('link')).toHaveCount(20);
    await openPage(page, '/admin/page-21');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });
});

test('a site admin and a marketing user signed in in the same browser both stay signed in', async ({ page }) => {
  const account = await signUpToDashboard(page, newAccount());
  const welcome = page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}!` });

  await loginAsAdmin(page);
  await openPage(page, '/dashboard');
  await expect(welcome).toBeVisible();
  expect(await storedUserAuthKeys(page)).toHaveLength(1);
  // The dashboard has its own header; the site header shows the admin part.
  await openPage(page, '/');
  await menuButton(page).click();
  await expect(sideMenu(page).getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The admin logs out: the marketing user stays.
  await openPage(page, '/admin');
  await menuButton(page).click();
  await sideMenu(page).getByRole('button', { name: 'Admin Logout' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await openPage(page, '/dashboard');
  await expect(welcome).toBeVisible();

  // The admin logs in again, the marketing user signs out (globally): the admin stays.
  await loginAsAdmin(page);
  await openPage(page, '/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await storedUserAuthKeys(page)).toEqual([]);
  await openPage(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  expect((await adminStorage(page)).flag).toBe('true');
});
