import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { connectWebhookChannel } from './support/social';

/**
 * Approval of a social post end to end: an owner requires approval, schedules a post (it waits), shares it for
 * approval; an outside reviewer opens the link signed out on a phone (375 px), sees the post and approves it; the
 * owner sees it approved and scheduled, then edits it from the Social Hub and it waits for approval again. axe clean
 * on both pages.
 */
test('an outside reviewer approves a post from its link at 375 px', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signUpToDashboard(page);
  await page.goto(paths.marketing.social);

  await page.getByRole('switch', { name: 'Posts need approval' }).click();
  await expect(page.getByText('Posts now need approval before they go out.')).toBeVisible();

  await connectWebhookChannel(page, 'LinkedIn via Zapier', 'https://hooks.example.com/catch/1/secret-token/');

  const composer = page.getByRole('region', { name: 'Compose' });
  await composer.getByLabel('Post').fill('Client launch post for review');
  await composer.getByRole('checkbox', { name: /LinkedIn via Zapier/ }).check();
  await composer.getByLabel('Publish at').fill('2099-05-01T09:00');
  await composer.getByRole('button', { name: 'Schedule post' }).click();

  const posts = page.getByRole('region', { name: 'Posts' });
  await expect(posts.getByText('Awaiting approval').first()).toBeVisible();
  await posts.getByRole('button', { name: 'Share for approval' }).click();
  const linkField = posts.getByLabel(/Approval link/);
  await expect(linkField).toHaveValue(/\/approve\/[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page);
  const link = new URL(await linkField.inputValue()).pathname;

  const reviewer = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const phone = await reviewer.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Approve a social post' })).toBeVisible();
  await expect(phone.getByText('Client launch post for review')).toBeVisible();
  await expectNoAxeViolations(phone);
  await expectNoHorizontalScroll(phone);
  await phone.getByLabel('Your name (optional)').fill('Pat from the client');
  await phone.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByText('Thank you: the post is approved.')).toBeVisible();
  await phone.reload();
  await expect(phone.getByText('This approval link has already been used.')).toBeVisible();
  await expectNoAxeViolations(phone);

  await page.reload();
  await expect(posts.getByText('Approved', { exact: true })).toBeVisible();
  await expect(posts.getByText('by Pat from the client')).toBeVisible();
  await expect(posts.getByText('Scheduled', { exact: true })).toBeVisible();

  // Changing the approved post from the screen sends it back for approval.
  await expect(async () => {
    await posts.getByRole('button', { name: 'Edit post: Client launch post for review' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit post' })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const edit = page.getByRole('dialog', { name: 'Edit post' });
  await expect(edit.getByLabel('Post')).toHaveValue('Client launch post for review');
  await expect(edit.getByLabel('Publish at')).toHaveValue('2099-05-01T09:00');
  await expectNoAxeViolations(page);
  await edit.getByLabel('Post').fill('Client launch post, second draft');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved. The post changed after its approval, so it waits for approval again.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(posts.getByText('Client launch post, second draft')).toBeVisible();
  await expect(posts.getByText('Awaiting approval').first()).toBeVisible();
  await expect(posts.getByText('Scheduled', { exact: true })).toHaveCount(0);
  await reviewer.close();
  await context.close();
});
