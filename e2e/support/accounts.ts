import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ADMIN_SESSION_STORAGE_KEY } from '../../src/config/admin';

export const E2E_PASSWORD = 'e2e-password-1';

export interface NewAccount {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
}

/** A new account with a unique e-mail: every test makes its own users. */
export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const tag = randomBytes(4).toString('hex');
  return {
    firstName: 'Grace',
    lastName: `Hopper ${tag}`,
    companyName: `Compilers ${tag} Inc`,
    email: `e2e-${tag}@example.com`,
    password: E2E_PASSWORD,
    ...overrides,
  };
}

/** Fills and sends the sign-up tab of /auth (the page must show the Welcome card). */
export async function submitSignUp(page: Page, account: NewAccount): Promise<void> {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('First Name').fill(account.firstName);
  await form.getByLabel('Last Name').fill(account.lastName);
  await form.getByLabel('Company Name (Optional)').fill(account.companyName);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password').fill(account.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills and sends the sign-in tab of /auth. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs a new account up through the UI and waits for the dashboard. */
export async function signUpToDashboard(page: Page, account = newAccount()): Promise<NewAccount> {
  await page.goto('/auth');
  await submitSignUp(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.firstName}!` })).toBeVisible();
  return account;
}

/** The anon key the own server injects into every page. */
export async function anonKeyOf(baseURL: string): Promise<string> {
  const html = await (await fetch(new URL('/auth', baseURL))).text();
  const key = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error('the page carries no supabase-anon-key meta tag');
  return key;
}

/** Creates an account through the auth API (as supabase-js would), for tests that start signed out. */
export async function signUpThroughApi(baseURL: string, account = newAccount()): Promise<NewAccount> {
  const anonKey = await anonKeyOf(baseURL);
  const response = await fetch(new URL('/auth/v1/signup', baseURL), {
    method: 'POST',
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${anonKey}`,
      'content-type': 'application/json;charset=UTF-8',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({
      email: account.email,
      password: account.password,
      data: { first_name: account.firstName, last_name: account.lastName, company_name: account.companyName },
    }),
  });
  if (!response.ok) throw new Error(`sign-up through the API failed: ${response.status} ${await response.text()}`);
  return account;
}

/** The marketing user's stored auth keys in the page (never the admin's). */
export async function storedUserAuthKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    (adminKey) =>
      [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => /^sb-.+-auth-token/.test(key) && !key.startsWith(adminKey)),
    ADMIN_SESSION_STORAGE_KEY,
  );
}

/** The access token the page's supabase-js client stored. */
export async function storedAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate((adminKey) => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name) && name !== adminKey);
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  }, ADMIN_SESSION_STORAGE_KEY);
  if (!token) throw new Error('no stored session');
  return token;
}

/** supabase-js's default storage key for a backend at `baseURL`: `sb-<first label of the host>-auth-token`. */
export function userAuthStorageKey(baseURL: string): string {
  return `sb-${new URL(baseURL).hostname.split('.')[0]}-auth-token`;
}

/**
 * Signs in through the auth API (the password grant supabase-js sends) and returns the localStorage entry the
 * page's client would have written: place it before the page loads to open a signed-in route cold, without /auth.
 */
export async function signedInStorageEntry(baseURL: string, email: string, password: string): Promise<{ key: string; value: string }> {
  const anonKey = await anonKeyOf(baseURL);
  const response = await fetch(new URL('/auth/v1/token?grant_type=password', baseURL), {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json;charset=UTF-8' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in through the API failed: ${response.status} ${await response.text()}`);
  return { key: userAuthStorageKey(baseURL), value: JSON.stringify(await response.json()) };
}
