import { expect, type Page } from '@playwright/test';

/** Connects a webhook channel from the Social Hub's accounts card and closes its signing secret's dialog. */
export async function connectWebhookChannel(page: Page, name: string, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Connect a social account' });
  await dialog.getByRole('combobox', { name: 'Network' }).click();
  await page.getByRole('option', { name: 'Webhook' }).click();
  await dialog.getByLabel('Channel name').fill(name);
  await dialog.getByLabel('Webhook URL').fill(url);
  await dialog.getByRole('button', { name: 'Connect account' }).click();
  const secret = page.getByRole('dialog', { name: 'Signing secret of this webhook' });
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toBeHidden();
}
