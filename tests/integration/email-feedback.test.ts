import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signGeneric } from '../../server/src/modules/email/webhook-providers';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { createCampaign, createList, drain, htmlOf, seedSubscribers, unsubscribeTokenOf } from '../support/email';
import { startRealSmtpServer, type ReceivedMessage, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * What happened to a message (decision 0020): the one-click unsubscribe by POST without a session (RFC 8058), the
 * providers' bounce and complaint webhooks with valid and invalid signatures, opens and clicks recorded only when
 * the workspace tracks them, and engagement scored on the contact.
 */

let smtp: RealSmtpServer;
let server: TestServer;
let owner: SignedInUser;

beforeAll(async () => {
  smtp = await startRealSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>', EMAIL_RATE_PER_SECOND: '1000' });
  owner = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.messages.length = 0;
});

/** A campaign to new addresses of a new list, sent; its messages by address. */
async function sendCampaign(count: number): Promise<{ campaignId: string; listId: string; addresses: string[]; messages: ReceivedMessage[] }> {
  const ws = owner.organizationId;
  const list = await createList(owner.client, ws, { opt_in: 'single' });
  const addresses = Array.from({ length: count }, (_, n) => uniqueEmail(`r${n}`));
  await seedSubscribers(server.sql, ws, list.id, addresses, { first_name: 'Rae' });
  const campaignId = await createCampaign(owner.client, ws, [list.id]);
  const { error } = await owner.client.rpc('send_email_campaign', { campaign_id: campaignId });
  if (error) throw new Error(error.message);
  await drain(server);
  return { campaignId, listId: list.id, addresses, messages: addresses.map((address) => smtp.to(address)[0]!) };
}

async function delivery(campaignId: string, email: string) {
  const { data } = await owner.client.from('email_deliveries').select('status, opened_at, open_count, clicked_at, click_count, bounced_at, bounce_type, complained_at, unsubscribed_at').eq('campaign_id', campaignId).eq('email', email).single();
  return data!;
}

async function suppressed(email: string): Promise<string | null> {
  const [row] = await server.sql<{ reason: string }[]>`select reason from public.email_suppressions where organization_id = ${owner.organizationId} and email = ${email}`;
  return row?.reason ?? null;
}

describe('unsubscribing', () => {
  it('one click by POST without a session unsubscribes the recipient from the whole workspace; a GET only shows the page', async () => {
    const { campaignId, listId, addresses, messages } = await sendCampaign(2);
    const token = unsubscribeTokenOf(messages[0]!);
    const page = await fetch(`${server.url}/e/u/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect(await suppressed(addresses[0]!)).toBeNull();

    const response = await fetch(`${server.url}/e/u/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await suppressed(addresses[0]!)).toBe('unsubscribed');
    expect(await suppressed(addresses[1]!)).toBeNull();
    expect((await delivery(campaignId, addresses[0]!)).unsubscribed_at).not.toBeNull();
    const [membership] = await server.sql<{ status: string }[]>`
      select m.status from public.email_list_members m join public.contacts c on c.id = m.contact_id where m.list_id = ${listId} and c.email = ${addresses[0]!}`;
    expect(membership!.status).toBe('unsubscribed');

    // Another campaign to the same list leaves them out.
    smtp.messages.length = 0;
    const next = await createCampaign(owner.client, owner.organizationId, [listId]);
    await owner.client.rpc('send_email_campaign', { campaign_id: next });
    await drain(server);
    expect(smtp.messages.flatMap((m) => m.recipients)).toEqual([addresses[1]]);
  });

  it('a made-up token unsubscribes nobody and says the link does not work', async () => {
    const response = await fetch(`${server.url}/e/u/${'x'.repeat(43)}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This link does not work');
  });
});

describe('bounce and complaint webhooks', () => {
  async function secrets() {
    const { data, error } = await owner.client.rpc('email_webhook_settings', { workspace_id: owner.organizationId });
    if (error) throw new Error(error.message);
    return data![0]!;
  }

  it('Postmark: the right basic auth suppresses a hard bounce; wrong credentials change nothing', async () => {
    const { addresses, campaignId } = await sendCampaign(1);
    const { endpoint_token: endpoint, postmark_password: password } = await secrets();
    const body = JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: addresses[0], Description: 'The server was unable to deliver your message' });
    const wrong = await fetch(`${server.url}/e/webhooks/${endpoint}/postmark`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('postmark:guess').toString('base64')}` }, body,
    });
    expect(wrong.status).toBe(401);
    expect(await suppressed(addresses[0]!)).toBeNull();
    const right = await fetch(`${server.url}/e/webhooks/${endpoint}/postmark`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`postmark:${password}`).toString('base64')}` }, body,
    });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ recorded: 1, suppressed: 1 });
    expect(await suppressed(addresses[0]!)).toBe('hard_bounce');
    expect(await delivery(campaignId, addresses[0]!)).toMatchObject({ bounce_type: 'hard', bounced_at: expect.any(String) });
  });

  it('SendGrid: a signed spam report suppresses the address; a forged signature is refused', async () => {
    const { addresses, campaignId, messages } = await sendCampaign(2);
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const key = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const { error } = await owner.client.rpc('update_email_webhook_settings', { workspace_id: owner.organizationId, sendgrid_public_key: key });
    expect(error).toBeNull();
    const { endpoint_token: endpoint } = await secrets();
    const post = (body: string, signature: string, timestamp: string) =>
      fetch(`${server.url}/e/webhooks/${endpoint}/sendgrid`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-twilio-email-event-webhook-signature': signature, 'x-twilio-email-event-webhook-timestamp': timestamp },
        body,
      });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = JSON.stringify([{ email: addresses[0], event: 'spamreport', 'smtp-id': messages[0]!.messageId, timestamp: Number(timestamp) }]);
    const forgedBody = JSON.stringify([{ email: addresses[1], event: 'spamreport', timestamp: Number(timestamp) }]);
    const signature = sign('sha256', Buffer.from(timestamp + body), privateKey).toString('base64');
    expect((await post(forgedBody, signature, timestamp)).status).toBe(401);
    expect(await suppressed(addresses[1]!)).toBeNull();
    const response = await post(body, signature, timestamp);
    expect(response.status).toBe(200);
    expect(await suppressed(addresses[0]!)).toBe('complaint');
    expect((await delivery(campaignId, addresses[0]!)).complained_at).not.toBeNull();
  });

  it('the generic format: a Standard Webhooks signature verifies; a stale or wrong one is refused', async () => {
    const { addresses } = await sendCampaign(1);
    const { endpoint_token: endpoint, generic_secret: secret } = await secrets();
    const body = JSON.stringify({ events: [{ type: 'bounce', email: addresses[0], bounce_type: 'soft', detail: 'Mailbox full' }, { type: 'bounce', email: addresses[0], bounce_type: 'hard' }] });
    const post = (id: string, timestamp: number, signature: string) =>
      fetch(`${server.url}/e/webhooks/${endpoint}/generic`, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature }, body });
    const now = Math.floor(Date.now() / 1000);
    expect((await post('msg_1', now, signGeneric('wrong-secret', 'msg_1', now, body))).status).toBe(401);
    expect((await post('msg_1', now - 3600, signGeneric(secret, 'msg_1', now - 3600, body))).status).toBe(401);
    expect(await suppressed(addresses[0]!)).toBeNull();
    const response = await post('msg_1', now, signGeneric(secret, 'msg_1', now, body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recorded: 2, suppressed: 1 });
    expect(await suppressed(addresses[0]!)).toBe('hard_bounce');
  });

  it('another workspace’s endpoint token cannot reach this workspace, and only admins read the secrets', async () => {
    const other = await signedInUser(server);
    const { data: otherSecrets } = await other.client.rpc('email_webhook_settings', { workspace_id: other.organizationId });
    const { addresses } = await sendCampaign(1);
    const body = JSON.stringify({ RecordType: 'SpamComplaint', Email: addresses[0] });
    const response = await fetch(`${server.url}/e/webhooks/${otherSecrets![0]!.endpoint_token}/postmark`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`postmark:${otherSecrets![0]!.postmark_password}`).toString('base64')}` }, body,
    });
    expect(response.status).toBe(200);
    expect(await suppressed(addresses[0]!)).toBeNull();
    const { error } = await other.client.rpc('email_webhook_settings', { workspace_id: owner.organizationId });
    expect(error).toMatchObject({ code: '42501', details: 'not_a_member' });
  });
});

describe('opens and clicks', () => {
  it('are neither tracked nor recorded while the workspace does not track them (the default)', async () => {
    const { campaignId, addresses, messages } = await sendCampaign(1);
    const html = htmlOf(messages[0]!);
    expect(html).not.toContain('/e/o/');
    expect(html).not.toContain('/e/c/');
    expect(html).toContain('href="https://example.com/shop"');
    const token = unsubscribeTokenOf(messages[0]!);
    expect((await fetch(`${server.url}/e/o/${token}`)).headers.get('content-type')).toBe('image/gif');
    // A redirect still leads only to a link of the message; it is not recorded.
    expect((await fetch(`${server.url}/e/c/${token}/0`, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/news?a=1&b=2');
    expect(await delivery(campaignId, addresses[0]!)).toMatchObject({ opened_at: null, clicked_at: null });
  });

  it('once tracked: the pixel records an open, a click redirects only to a link of the message, and both score the contact', async () => {
    const ws = owner.organizationId;
    await owner.client.from('email_settings').update({ track_opens: true, track_clicks: true }).eq('organization_id', ws);
    await owner.client.from('contact_score_rules').insert([
      { organization_id: ws, kind: 'email_opened', value: '30', points: 15 },
      { organization_id: ws, kind: 'email_clicked', value: '30', points: 20 },
    ]);
    const { campaignId, addresses, messages } = await sendCampaign(1);
    const html = htmlOf(messages[0]!);
    const token = unsubscribeTokenOf(messages[0]!);
    expect(html).toContain(`/e/o/${token}`);
    const clickLinks = [...html.matchAll(/href="(http:\/\/127\.0\.0\.1:\d+\/e\/c\/[^"]+)"/g)].map((match) => match[1]!);
    expect(clickLinks.length).toBeGreaterThanOrEqual(2);
    const [before] = await server.sql<{ lead_score: number }[]>`select lead_score from public.contacts where organization_id = ${ws} and email = ${addresses[0]!}`;

    await fetch(`${server.url}/e/o/${token}`);
    const redirect = await fetch(clickLinks.at(-1)!, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://example.com/shop');
    expect((await fetch(`${server.url}/e/c/${token}/99`, { redirect: 'manual' })).status).toBe(404);
    expect(await delivery(campaignId, addresses[0]!)).toMatchObject({ open_count: 1, click_count: 1, opened_at: expect.any(String), clicked_at: expect.any(String) });
    const [after] = await server.sql<{ lead_score: number; last_email_opened_at: Date; last_activity_at: Date }[]>`
      select lead_score, last_email_opened_at, last_activity_at from public.contacts where organization_id = ${ws} and email = ${addresses[0]!}`;
    // +15 for the open and +20 for the click (and the default "recent activity" rule, as engagement is activity).
    expect(after!.lead_score).toBeGreaterThanOrEqual(Math.min(100, before!.lead_score + 35));
    expect(after!.last_email_opened_at).toBeInstanceOf(Date);
    const events = await server.sql<{ type: string }[]>`select type from private.workspace_events where workspace_id = ${ws} and type in ('email.opened', 'email.clicked') order by id`;
    expect(events.map((event) => event.type)).toEqual(['email.opened', 'email.clicked']);

    // Tracking turned off afterwards: nothing more is recorded.
    await owner.client.from('email_settings').update({ track_opens: false, track_clicks: false }).eq('organization_id', ws);
    await fetch(`${server.url}/e/o/${token}`);
    expect((await delivery(campaignId, addresses[0]!)).open_count).toBe(1);
  });
});
