import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { addContacts, outboxMessages } from './support/email-outbox';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, openTab } from './support/page-checks';

/**
 * Issue 28's "a campaign with an image from the Creative Studio" on the real server, its Storage and its job runner:
 * a member uploads an image to the asset library and approves it; in the campaign editor an image block takes it from
 * the asset picker (with the keyboard); the campaign is sent, and the received e-mail (the server's outbox) holds the
 * image's public address, which a mail program can load signed out. The asset then lists the sent campaign where it
 * is used, and deleting it is refused naming the campaign (issue 27 §5).
 */

/** A 1200 × 600 photo-like PNG (noise, so it does not compress to nothing). */
async function photo(): Promise<Buffer> {
  const [width, height] = [1200, 600];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

test('a campaign takes an image from the Creative Studio and the sent e-mail loads it from a public address', async ({ browser, baseURL, server }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signUpToDashboard(page);
  const stamp = `${Date.now()}`;
  await addContacts(page, baseURL!, [{ email: `reader.${stamp}@example.com`, first_name: 'Rita', tags: ['readers'] }]);

  // The image, uploaded to the asset library and approved; its derived images are made by the job runner.
  await page.goto(paths.marketing.creative);
  await page.getByLabel('Choose Files').setInputFiles([{ name: 'spring-hero.png', mimeType: 'image/png', buffer: await photo() }]);
  await page.getByRole('button', { name: 'Open spring-hero.png' }).click({ timeout: 30_000 });
  const detail = page.getByRole('dialog', { name: 'spring-hero.png' });
  await detail.getByRole('button', { name: 'Submit for Review' }).click();
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(detail.getByRole('button', { name: 'Back to Draft' })).toBeVisible();
  await expect(detail.locator('img').first()).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // A list of the readers.
  await page.goto(paths.marketing.email);
  await openTab(page, 'Lists');
  await page.getByRole('button', { name: 'Create List' }).click();
  const listDialog = page.getByRole('dialog', { name: 'Create List' });
  await listDialog.getByLabel('Name').fill('Readers');
  await listDialog.getByRole('combobox', { name: 'Opt-in' }).click();
  await page.getByRole('option', { name: 'Single opt-in' }).click();
  await listDialog.getByRole('button', { name: 'Save' }).click();
  await expect(listDialog).toBeHidden();
  await page.getByRole('button', { name: 'Add from filter: Readers' }).click();
  const filter = page.getByRole('dialog', { name: 'Add contacts from a filter' });
  await filter.getByLabel('Tags (comma-separated)').fill('readers');
  await expect(filter.getByText('1 contact matches.')).toBeVisible();
  await filter.getByRole('button', { name: 'Add to list' }).click();
  await expect(filter).toBeHidden();

  // The campaign: an image block, its image chosen from the asset library with the keyboard.
  await openTab(page, 'Campaigns');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const editor = page.getByRole('dialog', { name: 'Create Campaign' });
  await editor.getByLabel('Campaign name').fill('Spring pictures');
  await editor.getByLabel('Subject', { exact: true }).fill('Spring, in pictures');
  await editor.getByRole('combobox', { name: 'Add block: kind' }).click();
  await page.getByRole('option', { name: 'Image', exact: true }).click();
  await editor.getByRole('button', { name: 'Add block' }).click();
  await editor.getByRole('button', { name: 'Image 3: Choose from the Creative Studio' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an Approved Asset' });
  await picker.getByRole('radio', { name: 'spring-hero.png' }).focus();
  await page.keyboard.press('Space');
  await expect(picker.getByRole('radio', { name: 'spring-hero.png' })).toBeChecked();
  await expectNoAxeViolations(page);
  await picker.getByRole('button', { name: 'Use This Asset' }).focus();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  const address = editor.getByLabel('Image 3: Image address');
  await expect(address).toHaveValue(/\/storage\/v1\/object\/public\/email-images\/[0-9a-f-]+\/[0-9a-f-]+\.webp$/, { timeout: 20_000 });
  await expect(editor.getByLabel('Image 3: Alternative text')).toHaveValue('spring hero');
  const imageUrl = await address.inputValue();
  await editor.getByRole('checkbox', { name: /Readers/ }).check();
  await expectNoAxeViolations(page, { exclude: 'iframe' });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  await page.getByRole('button', { name: 'Send now: Spring pictures' }).click();
  await page.getByRole('alertdialog', { name: 'Send this campaign now?' }).getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('1 of 1 sent')).toBeVisible({ timeout: 90_000 });

  // The received e-mail shows the image from its public address, which answers signed out with the image.
  const received = (await outboxMessages(server.dataDir)).filter((message) => message.kind === 'campaign' && message.to === `reader.${stamp}@example.com`);
  expect(received).toHaveLength(1);
  expect(received[0]!.html).toContain(`src="${imageUrl}"`);
  const stranger = await browser.newContext();
  const image = await stranger.request.get(imageUrl);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  expect((await sharp(await image.body()).metadata()).format).toBe('webp');
  await stranger.close();

  // Back in the library, the asset says where it is used, and deleting it is refused naming the sent campaign.
  await page.goto(paths.marketing.creative);
  await expect(async () => {
    await page.getByRole('button', { name: 'Open spring-hero.png' }).click();
    await expect(detail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(detail.getByRole('link', { name: /^Campaign “Spring pictures” \(sent: / })).toBeVisible();
  await detail.getByRole('button', { name: 'Delete Asset' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete "spring-hero.png"?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText('This asset is in use')).toBeVisible();
  await expect(confirm.getByText(/^Campaign “Spring pictures” \(sent: its e-mails show a public copy/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});
