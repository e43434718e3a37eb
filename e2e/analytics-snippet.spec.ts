import type { Page } from '@playwright/test';
import { AGENCY_SITE_ID } from '../src/config/analytics';
import { snippetTag } from '../src/lib/analytics-snippet';
import { anonKeyOf } from './support/accounts';
import { expect, test } from './support/fixtures';
import { withDatabase } from './support/seed';
import { serveSnippetPage, type SnippetPage } from './support/snippet-page';

// The snippet in a real Chromium, pasted into a customer's page on another origin (localhost, the site's domain)
// and reporting to the real server (127.0.0.1): what it sends is what the database stores.
let shop: SnippetPage;
let siteId: string;

interface StoredEvent {
  name: string;
  pathname: string;
  utm_source: string | null;
  props: Record<string, unknown> | null;
}

test.beforeAll(async ({ server }) => {
  siteId = await withDatabase(server, async (sql) => {
    const [organization] = await sql<{ id: string }[]>`insert into public.organizations (name) values ('Shop Inc') returning id`;
    const [site] = await sql<{ id: string }[]>`
      insert into public.analytics_sites (organization_id, name, domain) values (${organization!.id}, 'Shop', 'localhost') returning id`;
    return site!.id;
  });
  const anonKey = await anonKeyOf(server.url);
  shop = await serveSnippetPage(snippetTag({ scriptUrl: `${server.url}/analytics.js`, siteId, apiUrl: server.url, anonKey }));
});

test.afterAll(async () => {
  await shop?.close();
});

const eventsOf = (server: Parameters<typeof withDatabase>[0]) =>
  withDatabase(server, (sql) => sql<StoredEvent[]>`
    select name, pathname, utm_source, props from private.analytics_events where site_id = ${siteId} order by occurred_at`);

/** Counts the snippet's requests to the ingestion endpoint, answered or not. */
function watchEvents(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/rest/v1/rpc/record_analytics_events') && request.method() === 'POST') sent.push(request.postData() ?? '');
  });
  return sent;
}

test('counts a page view, an SPA navigation, a custom event and a goal; sets no cookie and stores nothing', async ({ server, context }) => {
  const page = await context.newPage();
  // The page's timers are driven by the test: the snippet's one-second queue is emptied when the test says so.
  await page.clock.install();
  const sent = watchEvents(page);
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/rpc/record_analytics_events') && response.request().method() === 'POST') answers.push(response.status());
  });
  const namesSent = (index: number) => (JSON.parse(sent[index]!) as { events: { name: string }[] }).events.map((event) => event.name);

  await page.goto(`${shop.url}/landing?utm_source=newsletter`);
  await expect.poll(() => page.evaluate(() => typeof (window as { bbAnalytics?: { track?: unknown } }).bbAnalytics?.track)).toBe('function');
  expect(sent).toHaveLength(0);
  await page.clock.runFor(1000);
  await expect.poll(() => answers.length).toBe(1);
  // An SPA navigation and a goal within the second: one request of two events.
  await page.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.clock.runFor(1000);
  await expect.poll(() => answers.length).toBe(2);
  expect(namesSent(1)).toEqual(['pageview', 'Signup']);
  // Back to the first page (a navigation too), and away before the second is over: sent as the page is hidden.
  await page.goBack();
  await expect(page).toHaveURL(/\/landing/);
  expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);
  expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
  expect(sent).toHaveLength(2);
  // The page's clock stands still, so only the page being hidden can send this one (a keepalive request, which
  // Playwright no longer reports for the page once it has navigated: the database shows it).
  await page.goto('about:blank');
  await expect.poll(async () => (await eventsOf(server)).length).toBe(4);
  expect(answers).toEqual([200, 200]);

  expect(await eventsOf(server)).toEqual([
    { name: 'pageview', pathname: '/landing', utm_source: 'newsletter', props: null },
    { name: 'pageview', pathname: '/pricing', utm_source: null, props: null },
    { name: 'Signup', pathname: '/pricing', utm_source: null, props: { plan: 'pro' } },
    { name: 'pageview', pathname: '/landing', utm_source: 'newsletter', props: null },
  ]);
  expect(await context.cookies()).toEqual([]);
});

test('sends nothing with Do Not Track or Global Privacy Control on; the same visit without them is counted', async ({ server, browser }) => {
  // Each visit in a fresh context with the real clock (the first test froze its context's clock): the page gets
  // more than the snippet's one-second queue to send, then is closed (the snippet sends what is left as the page
  // is hidden). The control visit, made the same way afterwards, must arrive: so the private ones had every chance.
  const landings = { doNotTrack: '/private-dnt', globalPrivacyControl: '/private-gpc', control: '/control' } as const;
  const visit = async (landing: string, setting?: readonly [string, unknown]) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (setting) await page.addInitScript(([name, setTo]) => Object.defineProperty(Navigator.prototype, name, { get: () => setTo }), setting);
    await page.goto(`${shop.url}${landing}`);
    // The snippet has loaded and answers track() (a page under DNT/GPC included).
    await expect.poll(() => page.evaluate(() => typeof (window as { bbAnalytics?: { track?: unknown } }).bbAnalytics?.track)).toBe('function');
    await page.getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForTimeout(1_500);
    await page.close();
    await context.close();
  };
  const before = (await eventsOf(server)).length;
  await visit(landings.doNotTrack, ['doNotTrack', '1']);
  await visit(landings.globalPrivacyControl, ['globalPrivacyControl', true]);
  await visit(landings.control);
  await expect.poll(async () => (await eventsOf(server)).slice(before).map((event) => `${event.name} ${event.pathname}`)).toEqual([
    `pageview ${landings.control}`,
    'pageview /pricing',
    'Signup /pricing',
  ]);
});

test('the agency site counts its public pages once they are interactive, and the contact form as a goal; not the admin area', async ({ server, browser }) => {
  // Earlier tests of this worker visited public pages too (and a closing page's last events may still arrive): this
  // visitor is told apart by a browser of its own (its user agent, so its visitor hash) and found by a UTM tag.
  const marker = `agency-e2e-${Date.now()}`;
  const plain = await browser.newContext();
  const userAgent = await (await plain.newPage()).evaluate(() => navigator.userAgent);
  await plain.close();
  const context = await browser.newContext({ userAgent: `${userAgent} ${marker}` });
  const page = await context.newPage();
  const agencyEvents = () =>
    withDatabase(server, (sql) => sql<{ name: string; pathname: string }[]>`
      select name, pathname from private.analytics_events
      where site_id = ${AGENCY_SITE_ID}
        and visitor_id = (select visitor_id from private.analytics_events where site_id = ${AGENCY_SITE_ID} and utm_source = ${marker} limit 1)
      order by occurred_at`);
  await page.goto(`${server.url}/contact?utm_source=${marker}`);
  await expect.poll(agencyEvents).toEqual([{ name: 'pageview', pathname: '/contact' }]);
  // The snippet was requested after the load event.
  const timing = await page.evaluate(() => ({
    loaded: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
    requested: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/analytics.js'))!.startTime,
  }));
  expect(timing.requested).toBeGreaterThanOrEqual(timing.loaded);

  await page.getByLabel('Name').fill('Dana Reyes');
  await page.getByLabel('Email').fill(`goal-${Date.now()}@example.com`);
  await page.getByLabel('Message').fill('We would like to measure our new website.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
  await expect.poll(agencyEvents).toEqual([{ name: 'pageview', pathname: '/contact' }, { name: 'Contact form', pathname: '/contact' }]);

  await page.goto(`${server.url}/admin-login`);
  await page.goto(`${server.url}/admin`);
  await page.goto(`${server.url}/about`);
  await expect.poll(agencyEvents).toContainEqual({ name: 'pageview', pathname: '/about' });
  expect((await agencyEvents()).map((event) => event.pathname)).not.toContain('/admin');
  await context.close();
});
