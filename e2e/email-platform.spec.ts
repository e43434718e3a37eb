import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { paths } from '../src/config/paths';
import { signUpToDashboard } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';

/**
 * The Email Platform's public journey (issue 28): an owner creates a double opt-in list and opens its subscribe form;
 * a visitor without an account subscribes on the hosted page, confirms from the e-mail in the server's outbox (sent
 * by the job runner), and the owner sees one confirmed subscriber; at 1280 px and 375 px, axe clean.
 */

interface OutboxMessage {
  to: string;
  kind: string;
  link?: string;
}

async function confirmationLinkTo(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let found: OutboxMessage[] = [];
  await expect
    .poll(async () => {
      const names = await readdir(outbox).catch(() => [] as string[]);
      const messages = await Promise.all(names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as OutboxMessage));
      found = messages.filter((message) => message.to === email && message.kind === 'email_list_confirmation');
      return found.length;
    }, { timeout: 20_000 })
    .toBe(1);
  return found[0]!.link!;
}

for (const width of [1280, 375]) {
  test(`a visitor subscribes through a list's public form and confirms from the e-mail at ${width} px`, async ({ browser, baseURL, server }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpToDashboard(page);
    await page.goto(paths.marketing.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Platform' })).toBeVisible();
    await expect(page.getByText('Sample data')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('tab', { name: 'Lists' }).click();
    await page.getByRole('button', { name: 'Create List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create List' });
    await dialog.getByLabel('Name').fill(`Newsletter ${width}`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 3, name: `Newsletter ${width}` })).toBeVisible();
    await expect(page.getByText('Double opt-in')).toBeVisible();

    await page.getByRole('button', { name: `Subscribe form: Newsletter ${width}` }).click();
    const form = page.getByRole('dialog', { name: `Subscribe form: Newsletter ${width}` });
    const hostedUrl = await form.getByLabel('Hosted page').inputValue();
    expect(hostedUrl).toMatch(/\/email\/subscribe\/[A-Za-z0-9_-]{43}$/);
    await expect(form.getByLabel('Embeddable snippet')).toHaveValue(/subscribe_to_email_list/);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // The visitor: no account, another browser context.
    const visitorContext = await browser.newContext({ viewport: { width, height: 900 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(hostedUrl);
    await expect(visitor.getByRole('heading', { name: `Subscribe to Newsletter ${width}` })).toBeVisible();
    await visitor.getByLabel('E-mail address').fill('not an address');
    await visitor.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor.getByText('Enter one e-mail address')).toBeVisible();
    await expectNoAxeViolations(visitor);
    const address = `reader.${width}.${Date.now()}@example.com`;
    await visitor.getByLabel('E-mail address').fill(address);
    await visitor.getByLabel('First name').fill('Rita');
    await visitor.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor.getByRole('status')).toHaveText('Almost done: check your inbox and follow the link to confirm.');
    await expectNoAxeViolations(visitor);
    await expectNoHorizontalScroll(visitor);

    const link = await confirmationLinkTo(server.dataDir, address);
    await visitor.goto(link);
    await expect(visitor.getByRole('status')).toHaveText(new RegExp(`^You are subscribed to Newsletter ${width} from `));
    await expectNoAxeViolations(visitor);
    await visitor.goto(link);
    await expect(visitor.getByRole('status')).toHaveText(`You had already confirmed your subscription to Newsletter ${width}.`);
    await visitorContext.close();

    await page.reload();
    await page.getByRole('tab', { name: 'Lists' }).click();
    await expect(page.getByText('1 confirmed')).toBeVisible();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByText('Sample data')).toBeHidden();
    await expect(page.getByRole('region', { name: 'Overview' })).toContainText('Subscribers');
    await expectNoAxeViolations(page);
    await context.close();
  });
}
