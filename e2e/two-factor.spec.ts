import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { awayFromStepEnd, totpCode } from '../tests/support/mfa';
import { newAccount, signUpThroughApi, signUpToDashboard, submitSignIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { withDatabase } from './support/seed';

/**
 * Issue 32's journey: a member signs in with a link from the outbox (375 px); the owner turns two-factor on with a
 * code their authenticator would show, makes the workspace require it and signs in again with a code (1280 px); the
 * member's aal1 session is refused the workspace, the page says why, and turning two-factor on opens it again.
 */

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function newPage(browser: Browser, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

async function outboxLink(dataDir: string, kind: string, to: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const message = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { kind: string; to: string; link: string };
      if (message.kind === kind && message.to === to) return message.link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} e-mail to ${to} in the outbox`);
}

/** /account/security → turn two-factor on with the code of `stepOffset`; returns the key the dialog showed once. */
async function turnOnTwoFactor(page: Page, stepOffset: number): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await expect(dialog.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Enter the 6-digit code the app now shows').fill('000000' === totpCode(secret, stepOffset) ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('That code is not right');
  await awayFromStepEnd();
  await dialog.getByLabel('Enter the 6-digit code the app now shows').fill(totpCode(secret, stepOffset));
  await dialog.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(toast(page, 'Two-factor authentication is on.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('p').filter({ hasText: 'Two-factor authentication:' })).toHaveText(/Two-factor authentication:\s*On$/);
  await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
  return secret;
}

test('sign-in link from the outbox, two-factor on with a code, sign-in with the code, a workspace that requires it (375 and 1280 px, axe clean)', async ({
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(180_000);
  const ownerAccount = newAccount({ firstName: 'Tess', companyName: `Totp ${Date.now()} Ltd` });
  const memberAccount = await signUpThroughApi(baseURL!, newAccount({ firstName: 'Moe' }));
  const owner = await newPage(browser, baseURL!, 1280);
  await signUpToDashboard(owner, ownerAccount);
  await withDatabase(server, (sql) => sql`
    insert into public.organization_members (organization_id, user_id, role)
    select o.id, u.id, 'member' from public.organizations o, auth.users u
    where o.name = ${ownerAccount.companyName} and u.email = ${memberAccount.email}`);

  // The member, on a phone: "Email me a sign-in link", then the link from the e-mail.
  const member = await newPage(browser, baseURL!, 375);
  await member.goto('/auth');
  const signIn = member.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(memberAccount.email);
  await signIn.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const linkForm = signIn.getByRole('form', { name: 'Email me a sign-in link' });
  await expect(linkForm.getByLabel('Email')).toHaveValue(memberAccount.email);
  await linkForm.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(signIn.getByText(`We sent a sign-in link to ${memberAccount.email}.`)).toBeVisible();
  await expectNoAxeViolations(member);
  await expectNoHorizontalScroll(member);
  await member.goto(await outboxLink(server.dataDir, 'magiclink', memberAccount.email));
  await expect(member).toHaveURL(/\/dashboard$/);
  await expect(member.getByRole('heading', { level: 1, name: 'Welcome, Moe!' })).toBeVisible();

  // The owner turns two-factor on from profile settings' Account security, then requires it in the workspace.
  await owner.getByRole('button', { name: 'Profile Settings' }).click();
  await owner.getByRole('dialog').getByRole('link', { name: /Account security/ }).click();
  await expect(owner).toHaveURL(/\/account\/security$/);
  const ownerSecret = await turnOnTwoFactor(owner, -1);
  await owner.goto('/team');
  const setting = owner.getByRole('switch', { name: 'Members must use two-factor authentication' });
  await expect(setting).not.toBeChecked();
  await setting.click();
  await expect(toast(owner, 'Members now need two-factor authentication to open this workspace.')).toBeVisible();
  await expect(setting).toBeChecked();
  await expectNoAxeViolations(owner);

  // Signing in again asks for the code after the password.
  await owner.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(owner).toHaveURL(/\/auth$/);
  await submitSignIn(owner, ownerAccount.email, ownerAccount.password);
  const step = owner.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step.getByLabel('Authentication code')).toBeVisible();
  await expectNoAxeViolations(owner);
  await owner.goto('/dashboard');
  await expect(owner).toHaveURL(/\/auth$/);
  await step.getByLabel('Authentication code').fill(totpCode(ownerSecret, 0));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(owner).toHaveURL(/\/dashboard$/);
  await expect(owner.getByText(`Here is an overview of ${ownerAccount.companyName}`)).toBeVisible();

  // The member's aal1 session: the workspace is refused by the database, and the page says why.
  await member.reload();
  const notice = member.getByRole('status').filter({ hasText: 'Two-factor authentication required' });
  await expect(notice).toContainText(`The workspace “${ownerAccount.companyName}” requires two-factor authentication.`);
  await expect(member.getByText(`Here is an overview of ${ownerAccount.companyName}`)).toBeHidden();
  await expectNoAxeViolations(member);
  await expectNoHorizontalScroll(member);
  await notice.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  await expect(member).toHaveURL(/\/account\/security$/);
  await expect(member.getByText(`Required by “${ownerAccount.companyName}”.`)).toBeVisible();
  await expectNoHorizontalScroll(member);
  await turnOnTwoFactor(member, 0);
  // Now aal2: the workspace is back, without the notice.
  await expect(member.getByRole('status').filter({ hasText: 'Two-factor authentication required' })).toBeHidden();
  await member.goto('/dashboard');
  await member.getByRole('button', { name: /Switch workspace/ }).click();
  await member.getByRole('dialog', { name: 'Your workspaces' }).getByRole('button', { name: `${ownerAccount.companyName} Member` }).click();
  await expect(member.getByText(`Here is an overview of ${ownerAccount.companyName}`)).toBeVisible();
  await expectNoHorizontalScroll(member);
});
