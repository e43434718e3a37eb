import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { paths } from '../src/config/paths';
import { newAccount, submitSignIn, submitSignUp } from './support/accounts';
import { startE2EServer, type E2EServer } from './support/e2e-server';
import { expect, test } from '@playwright/test';

let server: E2EServer;

test.beforeAll(async () => {
  server = await startE2EServer({ AUTH_AUTOCONFIRM: 'false' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('with AUTH_AUTOCONFIRM=false sign-up asks to check e-mail and sign-in says to confirm', async ({ page }) => {
  const account = newAccount();
  await page.goto(new URL(paths.auth, server.url).href);
  await submitSignUp(page, account);

  const form = page.getByRole('form', { name: 'Sign Up' });
  await expect(form.getByRole('status')).toContainText('Please check your email to confirm your account');
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(page).toHaveURL(/\/auth$/);

  await submitSignIn(page, account.email, account.password);
  await expect(page.getByRole('form', { name: 'Sign In' }).getByRole('alert')).toHaveText('Please check your email and confirm your account');
  await expect(page).toHaveURL(/\/auth$/);

  // The confirmation link (from the server's local outbox) returns to the site root with the session in the
  // hash; the root hands it to /auth, which signs the user in and goes on to the dashboard.
  const link = await confirmationLinkTo(account.email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();

  // A link is single-use: the second time, /auth says why it could not be used.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/auth#/);
  await expect(visitor.getByRole('alert')).toHaveText('Email link is invalid or has expired');
  await visitor.close();
});

async function confirmationLinkTo(email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  const messages = await Promise.all(
    (await readdir(outbox)).filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(path.join(outbox, name), 'utf8'))),
  );
  const found = messages.filter((message: { to: string; kind: string }) => message.to === email && message.kind === 'signup');
  if (found.length !== 1) throw new Error(`expected one confirmation e-mail to ${email}, found ${found.length}`);
  return (found[0] as { link: string }).link;
}
