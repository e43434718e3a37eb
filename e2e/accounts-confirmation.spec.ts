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

  // The confirmation link (from the server's local outbox) confirms the account; then signing in works.
  const link = await confirmationLinkTo(account.email);
  const confirmed = await fetch(link, { redirect: 'manual' });
  expect(confirmed.status).toBeGreaterThanOrEqual(300);
  expect(confirmed.status).toBeLessThan(400);
  await page.goto(new URL(paths.auth, server.url).href);
  await submitSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

async function confirmationLinkTo(email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  const messages = await Promise.all(
    (await readdir(outbox)).filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(path.join(outbox, name), 'utf8'))),
  );
  const found = messages.filter((message: { to: string; kind: string }) => message.to === email && message.kind === 'signup');
  if (found.length !== 1) throw new Error(`expected one confirmation e-mail to ${email}, found ${found.length}`);
  // The server builds links on SITE_URL; this test server listens on a free port of its own.
  const link = new URL((found[0] as { link: string }).link);
  return new URL(`${link.pathname}${link.search}`, server.url).href;
}
