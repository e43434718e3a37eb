import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { newAccount, signUpToDashboard, submitSignUp, type NewAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';

/**
 * Teams end to end: invitations by copied link and by the outbox e-mail, access roles as the screens show them,
 * a removed member's open page, and switching workspaces. Each person has their own browser context.
 */

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function newPage(browser: Browser, baseURL: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  return context.newPage();
}

/** Invites an address from the Team screen and returns the link the dialog shows (and copies, when asked). */
async function invite(page: Page, email: string, role: 'Member' | 'Viewer', options: { copyAndCheck?: boolean } = {}): Promise<string> {
  await page.getByRole('button', { name: 'Invite People' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('combobox', { name: 'Access role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  const created = page.getByRole('dialog', { name: 'Invitation created' });
  await expect(created.getByText(`We e-mailed the invitation to ${email}`)).toBeVisible();
  const link = await created.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(new RegExp(`^${new URL(page.url()).origin}/invite/[A-Za-z0-9_-]{43}$`));
  if (options.copyAndCheck) {
    await created.getByRole('button', { name: 'Copy invitation link' }).click();
    await expect(toast(page, 'Invitation link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectNoAxeViolations(page);
  }
  await created.getByRole('button', { name: 'Done' }).click();
  return link;
}

async function outboxLink(dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const message = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { kind: string; to: string; link: string };
      if (message.kind === 'workspace_invitation' && message.to === to) return message.link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation e-mail to ${to} in the outbox`);
}

/** Opens an invitation signed out, creates the account from it (address prefilled) and accepts. */
async function joinThroughInvitation(page: Page, link: string, account: NewAccount, workspace: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: `Join ${workspace}` })).toBeVisible();
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page.getByRole('form', { name: 'Sign Up' }).getByLabel('Email')).toHaveValue(account.email);
  await submitSignUp(page, account);
  await expect(page).toHaveURL(new RegExp(`${new URL(link).pathname}$`));
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: `Current workspace: ${workspace}. Switch workspace` })).toBeVisible();
}

test('an owner invites a member by link and a viewer by e-mail; access roles hold, and removal ends access at once', async ({ browser, server }) => {
  // Three people sign up and work in turn: a long journey in one test.
  test.slow();
  const owner = await newPage(browser, server.url);
  const ownerAccount = await signUpToDashboard(owner);
  const workspace = ownerAccount.companyName;
  const memberAccount = newAccount({ firstName: 'Mia' });
  const viewerAccount = newAccount({ firstName: 'Vic' });

  await owner.getByRole('button', { name: `Current workspace: ${workspace}. Switch workspace` }).click();
  await owner.getByRole('link', { name: 'Team' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const memberLink = await invite(owner, memberAccount.email, 'Member', { copyAndCheck: true });
  await invite(owner, viewerAccount.email, 'Viewer');
  await expect(owner.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(owner);

  // The member follows the copied link; the viewer the link of the e-mail in the outbox.
  const member = await newPage(browser, server.url);
  await member.goto(memberLink);
  await expect(member.getByRole('heading', { level: 1, name: `Join ${workspace}` })).toBeVisible();
  await expectNoAxeViolations(member);
  await joinThroughInvitation(member, memberLink, memberAccount, workspace);
  await member.goto(paths.marketing.content);
  await member.getByRole('button', { name: 'Create Content' }).click();
  const dialog = member.getByRole('dialog', { name: 'Create Content' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Team plan');
  await dialog.getByRole('button', { name: 'Save Content' }).click();
  await expect(toast(member, 'Content created successfully!')).toBeVisible();

  await owner.goto(paths.marketing.content);
  await expect(owner.getByRole('row', { name: /Team plan/ })).toBeVisible();

  const viewer = await newPage(browser, server.url, 375);
  const emailed = await outboxLink(server.dataDir, viewerAccount.email);
  await joinThroughInvitation(viewer, emailed.replace(/^https?:\/\/[^/]+/, server.url), viewerAccount, workspace);
  await viewer.goto(paths.marketing.content);
  await expect(viewer.getByText('Team plan')).toBeVisible();
  await expect(viewer.getByText('You are a viewer in this workspace')).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Create|Edit|Delete|Save/ })).toHaveCount(0);
  await expectNoHorizontalScroll(viewer);
  await viewer.goto(paths.team);
  await expect(viewer.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(3);
  await expect(viewer.getByRole('button', { name: /Invite|Remove|Access role of/ })).toHaveCount(0);
  await expectNoHorizontalScroll(viewer);
  await expectNoAxeViolations(viewer);

  // The owner removes the member, whose content page is still open.
  await owner.goto(paths.team);
  await owner.getByRole('button', { name: `Remove ${memberAccount.firstName} ${memberAccount.lastName}` }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(owner, 'was removed from the workspace')).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);

  await member.getByRole('button', { name: 'Create Content' }).click();
  await member.getByRole('dialog', { name: 'Create Content' }).getByRole('textbox', { name: 'Title', exact: true }).fill('Too late');
  await member.getByRole('dialog', { name: 'Create Content' }).getByRole('button', { name: 'Save Content' }).click();
  await expect(toast(member, 'Error saving content')).toBeVisible();
  await expect(toast(member, `You no longer have access to ${workspace}`)).toBeVisible();
  await expect(member.getByRole('button', { name: `Current workspace: ${memberAccount.companyName}. Switch workspace` })).toBeVisible();
  // The page now works in the member's own workspace: the dialog of the lost one closed, its list is gone.
  await expect(member.getByRole('dialog')).toBeHidden();
  await expect(member.getByText('Team plan')).toBeHidden();
});

test('a user switches between two workspaces and each shows its own list; the choice is remembered', async ({ page }) => {
  const account = await signUpToDashboard(page);
  await page.goto(paths.marketing.content);
  await page.getByRole('button', { name: 'Create Your First Content' }).click();
  await page.getByRole('dialog', { name: 'Create Content' }).getByRole('textbox', { name: 'Title', exact: true }).fill('Alpha item');
  await page.getByRole('dialog', { name: 'Create Content' }).getByRole('button', { name: 'Save Content' }).click();
  await expect(page.getByRole('row', { name: /Alpha item/ })).toBeVisible();

  await page.getByRole('button', { name: /^Current workspace:/ }).click();
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  const create = page.getByRole('dialog', { name: 'Create a workspace' });
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByText('Enter a name for the workspace.')).toBeVisible();
  await expectNoAxeViolations(page);
  await create.getByLabel('Workspace name').fill('Beta Workspace');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Current workspace: Beta Workspace. Switch workspace' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No content items yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Your First Content' }).click();
  await page.getByRole('dialog', { name: 'Create Content' }).getByRole('textbox', { name: 'Title', exact: true }).fill('Beta item');
  await page.getByRole('dialog', { name: 'Create Content' }).getByRole('button', { name: 'Save Content' }).click();
  await expect(page.getByRole('row', { name: /Beta item/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Alpha item/ })).toBeHidden();

  await page.getByRole('button', { name: /^Current workspace:/ }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: new RegExp(account.companyName) }).click();
  await expect(page.getByRole('row', { name: /Alpha item/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Beta item/ })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('row', { name: /Alpha item/ })).toBeVisible();
  await expect(page.getByRole('button', { name: `Current workspace: ${account.companyName}. Switch workspace` })).toBeVisible();
});
