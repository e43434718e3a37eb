import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { anonKeyOf, newAccount, signUpThroughApi, signUpToDashboard, storedAccessToken, submitSignIn, submitSignUp, type NewAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { withDatabase } from './support/seed';

/**
 * Teams end to end: invitations by copied link and by the outbox e-mail, access roles as the screens show them,
 * a removed member's open page (a save refused for lost access, an idle page that notices by itself), and switching
 * workspaces. Each person has their own browser context.
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

/**
 * Holds the page's reads of the user's memberships until `release()`: a page checks them every few seconds by
 * itself, and a test that wants a write to meet a removal first holds that check back meanwhile.
 */
async function holdMembershipReads(page: Page): Promise<{ release(): Promise<void> }> {
  const pattern = '**/rest/v1/organization_members?**';
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  await page.route(pattern, async (route) => {
    await opened;
    await route.continue();
  });
  // Once released, the route lets every read through at once (unrouting would race the reads it holds).
  return {
    async release() {
      open();
    },
  };
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

  // The owner removes the member, who has the item open for editing and saves it. The member's page holds its own
  // membership check back until the save, so the save meets the removal first.
  await member.getByRole('button', { name: 'Edit Team plan' }).click();
  const edit = member.getByRole('dialog', { name: 'Edit Content' });
  await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Team plan, revised too late');
  const held = await holdMembershipReads(member);
  await owner.goto(paths.team);
  await owner.getByRole('button', { name: `Remove ${memberAccount.firstName} ${memberAccount.lastName}` }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(owner, 'was removed from the workspace')).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);

  await edit.getByRole('button', { name: 'Save Content' }).click();
  await held.release();
  // Issue 25: the item exists; access was lost, and that is what the member is told.
  const failure = toast(member, 'Error saving content');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(`You no longer have access to ${workspace}.`);
  await expect(failure).not.toContainText('no longer exists');
  await expect(toast(member, `You are now in ${memberAccount.companyName}.`)).toContainText(`You no longer have access to ${workspace}`);
  await expect(member.getByRole('button', { name: `Current workspace: ${memberAccount.companyName}. Switch workspace` })).toBeVisible();
  // The page now works in the member's own workspace: the dialog of the lost one closed, its list is gone.
  await expect(member.getByRole('dialog')).toBeHidden();
  await expect(member.getByText('Team plan')).toBeHidden();
  await owner.goto(paths.marketing.content);
  await expect(owner.getByRole('row', { name: /Team plan/ })).toBeVisible();
  await expect(owner.getByText('revised too late')).toBeHidden();
});

test('a removed member’s open page notices by itself within seconds and moves to a workspace they still have, saying why', async ({ browser, server }) => {
  const [ownerAccount, memberAccount] = [newAccount({ firstName: 'Olga' }), newAccount({ firstName: 'Milo' })];
  await Promise.all([signUpThroughApi(server.url, ownerAccount), signUpThroughApi(server.url, memberAccount)]);
  const workspace = ownerAccount.companyName;
  await withDatabase(server, async (sql) => {
    const [owner] = await sql<{ user_id: string; organization_id: string }[]>`
      select p.user_id, p.organization_id from public.profiles p join auth.users u on u.id = p.user_id where u.email = ${ownerAccount.email}`;
    await sql`insert into public.organization_members (organization_id, user_id, role)
      select ${owner!.organization_id}, id, 'member' from auth.users where email = ${memberAccount.email}`;
    await sql`insert into public.content_items (organization_id, user_id, title) values (${owner!.organization_id}, ${owner!.user_id}, 'Shared plan')`;
  });

  const member = await newPage(browser, server.url);
  await member.goto(paths.auth);
  await submitSignIn(member, memberAccount.email, memberAccount.password);
  await expect(member).toHaveURL(/\/dashboard$/);
  await member.getByRole('button', { name: /^Current workspace:/ }).click();
  await member.getByRole('button', { name: new RegExp(workspace) }).click();
  await member.goto(paths.marketing.content);
  await expect(member.getByRole('row', { name: /Shared plan/ })).toBeVisible();

  // The owner removes the member through the API, as the Team screen does; the member's page is left alone.
  const owner = await newPage(browser, server.url);
  await owner.goto(paths.auth);
  await submitSignIn(owner, ownerAccount.email, ownerAccount.password);
  await expect(owner).toHaveURL(/\/dashboard$/);
  const anonKey = await anonKeyOf(server.url);
  const memberId = await withDatabase(server, async (sql) => (await sql<{ id: string }[]>`select id from auth.users where email = ${memberAccount.email}`)[0]!.id);
  const ownerWorkspace = await withDatabase(server, async (sql) => (await sql<{ id: string }[]>`select id from public.organizations where name = ${workspace}`)[0]!.id);
  const removed = await fetch(new URL('/rest/v1/rpc/remove_member', server.url), {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${await storedAccessToken(owner)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ workspace_id: ownerWorkspace, user_id: memberId }),
  });
  expect(removed.status).toBe(204);

  // Within seconds, with nothing clicked: a toast says why, the page shows the member's own workspace.
  const moved = toast(member, `You no longer have access to ${workspace}`);
  await expect(moved).toBeVisible();
  await expect(moved).toContainText(`You are now in ${memberAccount.companyName}.`);
  await expect(member.getByRole('button', { name: `Current workspace: ${memberAccount.companyName}. Switch workspace` })).toBeVisible();
  await expect(member.getByText('Shared plan')).toBeHidden();
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
