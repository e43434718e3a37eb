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
});
