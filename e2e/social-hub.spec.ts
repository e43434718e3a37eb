import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';

/**
 * The Social Hub end to end (first pass): a new owner connects a webhook channel (its signing secret shown once),
 * composes a post with the network's live length check, schedules it and sees it scheduled on that account; at
 * 1280 px and 375 px, axe clean.
 */
for (const width of [1280, 375]) {
  test(`an owner connects a webhook channel and schedules a post at ${width} px`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpToDashboard(page);
    await page.goto(paths.marketing.social);
    await expect(page.getByText('No account connected yet')).toBeVisible();
    await expect(page.getByText('No posts yet')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Connect account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect a social account' });
    await dialog.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'Webhook' }).click();
    await dialog.getByLabel('Channel name').fill('LinkedIn via Zapier');
    await dialog.getByLabel('Webhook URL').fill('https://hooks.example.com/catch/1/secret-token/');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Connect account' }).click();
    const secret = page.getByRole('dialog', { name: 'Signing secret of this webhook' });
    await expect(secret.getByRole('textbox')).toHaveValue(/^whsec_/);
    await secret.getByRole('button', { name: 'Done' }).click();

    const accounts = page.getByRole('region', { name: 'Connected accounts' });
    await expect(accounts.getByText('LinkedIn via Zapier')).toBeVisible();
    await expect(accounts.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByText('secret-token')).toHaveCount(0);

    const composer = page.getByRole('region', { name: 'Compose' });
    await composer.getByLabel('Post').fill('Our spring launch is live 🚀');
    await composer.getByRole('checkbox', { name: /LinkedIn via Zapier/ }).check();
    await expect(composer.getByText('27 / 5000')).toBeVisible();
    await composer.getByLabel('Publish at').fill('2099-05-01T09:00');
    await expectNoAxeViolations(page);
    await composer.getByRole('button', { name: 'Schedule post' }).click();
    await expect(page.getByText('Post scheduled.')).toBeVisible();

    const posts = page.getByRole('region', { name: 'Posts' });
    await expect(posts.getByText('Our spring launch is live 🚀')).toBeVisible();
    await expect(posts.getByText('Scheduled', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
}

test('a broken account shows Reconnect on the dashboard, and the link opens its reconnect dialog in the Social Hub', async ({ browser, baseURL, server }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 900 } });
  const page = await context.newPage();
  const account = await signUpToDashboard(page);
  // An account the network stopped taking (a 401 turns it to `reconnect`): set directly, no PDS needed here.
  const { createSql } = await import('../server/src/db/client');
  const sql = createSql(server.databaseUrl, { max: 1 });
  await sql`
    insert into public.social_accounts (organization_id, network, display_name, service_origin, status, status_message)
    select m.organization_id, 'bluesky', 'studio.bsky.social', 'https://bsky.social', 'reconnect', 'Bluesky refused the account’s credentials (HTTP 401).'
    from public.organization_members m join auth.users u on u.id = m.user_id where u.email = ${account.email}`;
  await sql.end();
  await page.goto(paths.dashboard);
  const notice = page.getByRole('alert').filter({ hasText: '1 social account needs reconnecting' });
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page);
  await notice.getByRole('link', { name: 'Reconnect studio.bsky.social' }).click();
  await expect(page.getByRole('dialog', { name: 'Reconnect studio.bsky.social' })).toBeVisible();
  await expect(page).toHaveURL(/\/marketing\/social$/);
  await context.close();
});
