import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base } from '@playwright/test';
import { createSql } from '../server/src/db/client';
import { paths } from '../src/config/paths';
import { startLocalPds, type LocalPds } from '../tests/support/local-pds';
import { signUpToDashboard } from './support/accounts';
import { startE2EServer, type E2EServer } from './support/e2e-server';
import { expect } from './support/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { connectWebhookChannel } from './support/social';

/**
 * Issue 30's e2e journey ("Done when"), on the real server and its job runner: a workspace that requires approval
 * connects a webhook channel (a real HTTP receiver in this test) and a Bluesky account (a real PDS, @atproto/pds,
 * started in this process as the integration tests start it); the owner composes one post with a version per network
 * — the Bluesky version over 300 graphemes is refused live —, sees the link's card before saving (fetched by the job
 * runner from the receiver's page), fills the next free slot, shares it for approval; an outside reviewer approves it
 * from the link signed out at 375 px; the clock is moved through the database and the runner publishes it: once on
 * the PDS, once to the receiver; the Editorial Calendar shows it "Published" with its channels, on the workspace's
 * day. The browser runs 25 hours behind the workspace's zone (Pago Pago, UTC−11, against Kiritimati, UTC+14): every
 * moment falls on another day in the two, so a calendar grouping by the browser's day puts the post on the wrong day.
 * axe clean on every page.
 *
 * Its own server (not the shared fixture's): the receiver and the PDS listen on loopback, which the server reaches
 * only with OUTBOUND_ALLOW_PRIVATE.
 */
const WORKSPACE_ZONE = 'Pacific/Kiritimati';
const BROWSER_ZONE = 'Pacific/Pago_Pago';
const BOOTS_PAGE = `<!doctype html><html><head><title>Boots</title>
<meta property="og:title" content="Autumn boots are here"><meta property="og:description" content="Waterproof, for the whole family.">
<meta property="og:image" content="/card.png"></head><body></body></html>`;
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface Receiver {
  origin: string;
  hooks: Array<{ headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}

/** The webhook channel's receiver and the linked page, on one local HTTP server. */
async function startReceiver(): Promise<Receiver> {
  const hooks: Receiver['hooks'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/hook') {
        hooks.push({ headers: request.headers, body });
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
      if (request.url === '/boots') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BOOTS_PAGE);
      if (request.url === '/card.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL);
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hooks,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const test = base.extend<{ receiver: Receiver; pds: LocalPds }, { journeyServer: E2EServer }>({
  journeyServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startE2EServer({ OUTBOUND_ALLOW_PRIVATE: 'true', OUTBOUND_ALLOW_PORTS: '*' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ journeyServer }, use) => use(journeyServer.url),
  // eslint-disable-next-line no-empty-pattern
  receiver: async ({}, use) => {
    const receiver = await startReceiver();
    await use(receiver);
    await receiver.close();
  },
  // eslint-disable-next-line no-empty-pattern
  pds: async ({}, use) => {
    const pds = await startLocalPds();
    await use(pds);
    await pds.close();
  },
});

test('compose for two networks, schedule into a slot, approve from the link at 375 px, see it published on the calendar', async ({ browser, baseURL, journeyServer, receiver, pds }, testInfo) => {
  testInfo.setTimeout(90_000);
  const alice = await pds.createAccount('alice');
  const sql = createSql(journeyServer.databaseUrl, { max: 1 });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, timezoneId: BROWSER_ZONE });
    const page = await context.newPage();
    const account = await signUpToDashboard(page);
    // The workspace's zone (set through the database: the settings screen is not this journey's subject).
    await sql`update public.organizations o set time_zone = ${WORKSPACE_ZONE}
      from public.profiles p join auth.users u on u.id = p.user_id where o.id = p.organization_id and u.email = ${account.email}`;
    await page.goto(paths.marketing.social);
    await page.getByRole('switch', { name: 'Posts need approval' }).click();
    await expect(page.getByText('Posts now need approval before they go out.')).toBeVisible();

    // Two accounts on two networks: the webhook channel and Bluesky on the local PDS.
    await connectWebhookChannel(page, 'LinkedIn via n8n', `${receiver.origin}/hook`);

    await page.getByRole('button', { name: 'Connect account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect a social account' });
    await dialog.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'Bluesky' }).click();
    await dialog.getByLabel('Handle').fill(alice.handle);
    await dialog.getByLabel('Server').fill(pds.url);
    await dialog.getByLabel('App password').fill(alice.appPassword);
    await dialog.getByRole('button', { name: 'Connect account' }).click();
    await expect(dialog).toBeHidden();
    const accounts = page.getByRole('region', { name: 'Connected accounts' });
    await expect(async () => {
      await page.reload();
      await expect(accounts.getByText('Connected', { exact: true })).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    // A daily 09:00 slot on the webhook channel.
    await page.getByRole('button', { name: 'Time slots of LinkedIn via n8n' }).click();
    const slots = page.getByRole('dialog', { name: 'Time slots of LinkedIn via n8n' });
    await slots.getByLabel('Days').selectOption('every');
    await slots.getByLabel('Time').fill('09:00');
    await slots.getByRole('button', { name: 'Add time slot' }).click();
    await expect(slots.getByText('Sunday at 09:00')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(slots).toBeHidden();

    // Compose: one text, a version per network; the link's card shows before saving.
    const composer = page.getByRole('region', { name: 'Compose' });
    const text = `Autumn boots are in: ${receiver.origin}/boots`;
    await composer.getByLabel('Post').fill(text);
    const card = composer.getByRole('link', { name: 'Link card: Autumn boots are here' });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText('Waterproof, for the whole family.');
    await expect(card.locator('img')).toHaveAttribute('src', `${receiver.origin}/card.png`);
    await composer.getByRole('checkbox', { name: /LinkedIn via n8n/ }).check();
    await composer.getByRole('checkbox', { name: new RegExp(`${alice.handle.replace('.', '\\.')} · bluesky`) }).check();
    const blueskyText = composer.getByLabel(`Text for ${alice.handle}`);
    await blueskyText.fill('🥾'.repeat(301));
    await expect(composer.getByText(/^301 \/ 300 — Bluesky takes 300 .* 1 too long\.$/)).toBeVisible();
    await expect(composer.getByText(/^\d+ \/ 5000$/)).toBeVisible();
    await composer.getByRole('button', { name: 'Next free slot' }).click();
    await expect(composer.getByText(/^Next free slot: /)).toBeVisible();
    await expect(composer.getByLabel('Publish at')).not.toHaveValue('');
    await expectNoAxeViolations(page);
    await composer.getByRole('button', { name: 'Schedule post' }).click();
    await expect(composer.getByRole('alert')).toHaveText(new RegExp(`^${alice.handle.replace('.', '\\.')}: Bluesky takes 300 .* 1 too long\\.$`));
    await blueskyText.fill('Autumn boots for the whole family 🥾');
    await composer.getByRole('button', { name: 'Schedule post' }).click();
    await expect(page.getByText('Post scheduled.')).toBeVisible();

    // Approval: shared as a link, approved signed out on a phone.
    const posts = page.getByRole('region', { name: 'Posts' });
    await expect(posts.getByText('Awaiting approval').first()).toBeVisible();
    await posts.getByRole('button', { name: 'Share for approval' }).click();
    const linkField = posts.getByLabel(/Approval link/);
    await expect(linkField).toHaveValue(/\/approve\/[A-Za-z0-9_-]{43}$/);
    const link = new URL(await linkField.inputValue()).pathname;
    const reviewer = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
    const phone = await reviewer.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: 'Approve a social post' })).toBeVisible();
    await expect(phone.getByText('Autumn boots for the whole family 🥾')).toBeVisible();
    await expectNoAxeViolations(phone);
    await expectNoHorizontalScroll(phone);
    await phone.getByRole('button', { name: 'Approve' }).click();
    await expect(phone.getByText('Thank you: the post is approved.')).toBeVisible();
    await reviewer.close();

    // Its moment comes (the clock moved through the database): the job runner publishes on both channels.
    const [post] = await sql<{ id: string }[]>`select p.id from public.social_posts p where p.body = ${text}`;
    await sql`update public.social_posts set scheduled_at = now() where id = ${post!.id}`;
    await expect
      .poll(async () => (await sql<{ status: string }[]>`select status from public.social_post_channels where post_id = ${post!.id} order by status`).map((row) => row.status), { timeout: 30_000 })
      .toEqual(['published', 'published']);
    const records = await pds.posts(alice.did);
    expect(records.map((record) => record.value.text)).toEqual(['Autumn boots for the whole family 🥾']);
    expect(receiver.hooks).toHaveLength(1);
    expect(receiver.hooks[0]!.body).toContain('Autumn boots are in');
    expect(receiver.hooks[0]!.headers['webhook-signature']).toMatch(/^v1,/);
    const [moment] = await sql<{ at: Date }[]>`select scheduled_at as at from public.social_posts where id = ${post!.id}`;
    const publishedAt = moment!.at;

    // The Editorial Calendar: Published, with its channels, on the workspace's day (not the browser's, a day earlier).
    await page.goto(paths.marketing.content);
    const workspaceDay = new Intl.DateTimeFormat('en-CA', { timeZone: WORKSPACE_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(publishedAt);
    const browserDay = new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(publishedAt);
    expect(workspaceDay).not.toBe(browserDay);
    const published = page.locator(`[data-day="${workspaceDay}"]`).getByRole('button', { name: /^Social · bluesky, webhook: Autumn boots are in: .*, Published, / });
    await expect(published).toBeVisible();
    await expect(page.locator(`[data-day="${browserDay}"]`).getByRole('button', { name: /Autumn boots are in/ })).toHaveCount(0);
    const channel = page.getByRole('combobox', { name: 'Channel', exact: true });
    await channel.selectOption({ label: `bluesky · ${alice.handle}` });
    await expect(published).toBeVisible();
    await channel.selectOption({ label: 'webhook · LinkedIn via n8n' });
    await expect(published).toBeVisible();
    await channel.selectOption({ label: 'Content' });
    await expect(published).toHaveCount(0);
    await channel.selectOption({ label: 'All channels' });
    await expect(published).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  } finally {
    await sql.end();
  }
});
