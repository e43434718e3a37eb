import { expect, test } from './support/fixtures';

test('the home page renders from the own server and hydrates without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'We build high performance task driven websites' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('an unknown path answers HTTP 404 with the not-found page', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  const home = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toHaveAttribute('href', '/');
  await expect.poll(() => messages.some((text) => text.includes('/no/such/page'))).toBe(true);
  await home.click();
  await expect(page).toHaveURL(/\/$/);
});
