import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { newAccount, signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { withDatabase } from './support/seed';

/**
 * The workspace's public blog: the owner opens it from the Content Hub (a reserved address refused by the field),
 * items are published (status set directly: the scheduler is tested elsewhere), then a reader opens the list and an
 * item at 375 px and 1280 px, as our server renders them (no script) and as the SPA renders them on hosted Supabase
 * (reached here by a client-side navigation), with axe clean and nothing cut off.
 */

const ARTICLE = 'How we planned a calmer launch week for the spring collection of our outdoor gear';

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  expect(found).toEqual([]);
  expect(await layoutProblems(page)).toEqual([]);
}

/** React Router renders a path the server would answer itself: the hosted Supabase rendering of the same URL. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('the owner opens the blog; readers see its published items on phone and desktop, server-rendered and in the app', async ({ page, server }) => {
  test.setTimeout(120_000);
  const account = await signUpToDashboard(page, newAccount({ companyName: 'Northwind Outfitters' }));
  const slug = `northwind-${Date.now().toString(36)}`;

  await page.goto(paths.marketing.content);
  const card = page.getByRole('form', { name: 'Public blog' });
  const address = card.getByLabel('Blog address');
  await address.fill('admin');
  await card.getByRole('button', { name: 'Open the blog' }).click();
  await expect(card.getByText('This address is reserved: choose another.')).toBeVisible();
  await address.fill(slug);
  await card.getByRole('button', { name: 'Open the blog' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`/blog/${slug}`) })).toBeVisible();

  await withDatabase(server, async (sql) => {
    await sql`
      insert into public.content_items (organization_id, user_id, title, excerpt, tags, featured_image_url, content, status)
      select p.organization_id, p.user_id, ${ARTICLE}, 'Five things that made the week quiet.', ${['launch', 'planning']},
        ${`${server.url}/favicon.svg`}, ${'# The plan\n\nWe wrote **everything** down.\n\n<script>alert(1)</script>\n\n- one\n- two'}, 'draft'
      from public.profiles p join auth.users u on u.id = p.user_id where u.email = ${account.email}`;
    await sql`
      insert into public.content_items (organization_id, user_id, title, status)
      select p.organization_id, p.user_id, 'A draft nobody may read', 'draft'
      from public.profiles p join auth.users u on u.id = p.user_id where u.email = ${account.email}`;
    // Published the way the scheduler will publish it: the status changes.
    await sql`update public.content_items set status = 'published' where title = ${ARTICLE}`;
  });

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(paths.blog(slug));
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Outfitters' })).toBeVisible();
    await expect(page.getByText('A draft nobody may read')).toHaveCount(0);
    expect(await page.locator('script').count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: ARTICLE }).click();
    await expect(page.getByRole('heading', { level: 1, name: ARTICLE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'The plan' })).toBeVisible();
    await expect(page).toHaveTitle(`${ARTICLE} | Northwind Outfitters`);
    expect(await page.locator('script').count()).toBe(0);
    await expectAccessible(page);

    // The app's rendering of the same addresses (what a static host serves with hosted Supabase).
    await page.goto(paths.dashboard);
    await openInApp(page, paths.blog(slug));
    await expect(page.getByRole('link', { name: ARTICLE })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Outfitters' })).toBeVisible();
    await expectAccessible(page);
    await openInApp(page, (await page.getByRole('link', { name: ARTICLE }).getAttribute('href'))!);
    await expect(page.getByRole('heading', { level: 2, name: 'The plan' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: ARTICLE })).toBeVisible();
    await expect(page.locator('main script')).toHaveCount(0);
    await expectAccessible(page);
  }
});
