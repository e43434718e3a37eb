import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { createCampaign, createList, drain, seedSubscribers } from '../support/email';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A campaign paused or cancelled while a message is on its way (decision 0020, session 15): the worker learnt of a
 * member's pause only from its next outcome write, so a message whose lane waited for a rate token went out after
 * the pause (and was recorded as sent). Now the campaign's status is read again after every wait for the rates, and a
 * message's marker — before its final dot — is written only while the campaign is sending. Each test waits for an
 * event (the worker lets the campaign go), never for a length of time: once the campaign is let go, no lane of its
 * attempt is left to send anything.
 */
const RECIPIENTS = 3;
let smtp: RealSmtpServer;
let server: TestServer;
/** The recipient whose RCPT TO the SMTP server holds until `letGo` (the third test). */
let held: { address: string; reached: () => void; letGo: Promise<void> } | undefined;

beforeAll(async () => {
  smtp = await startRealSmtpServer({
    holdRecipient: (address) => {
      if (address !== held?.address) return undefined;
      held.reached();
      return held.letGo;
    },
  });
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>', EMAIL_RATE_PER_SECOND: '1000' });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const addressesOf = (label: string) => Array.from({ length: RECIPIENTS }, (_, n) => `${label}-${n}@on-the-way.test`);
const sentTo = (label: string) => smtp.messages.flatMap((message) => message.recipients).filter((address) => address.startsWith(`${label}-`));

async function perMinute(workspaceId: string, limit: number): Promise<void> {
  await server.sql`
    insert into public.email_settings (organization_id, per_minute_limit) values (${workspaceId}, ${limit})
    on conflict (organization_id) do update set per_minute_limit = excluded.per_minute_limit`;
}

/** A campaign to RECIPIENTS subscribers of a workspace of its own (its own rate bucket), sending. */
async function sendingCampaign(label: string, limit: number): Promise<{ owner: SignedInUser; campaignId: string }> {
  const owner = await signedInUser(server);
  const ws = owner.organizationId;
  await perMinute(ws, limit);
  const list = await createList(owner.client, ws, { opt_in: 'single' });
  await seedSubscribers(server.sql, ws, list.id, addressesOf(label));
  const campaignId = await createCampaign(owner.client, ws, [list.id]);
  expect((await owner.client.rpc('send_email_campaign', { campaign_id: campaignId })).error).toBeNull();
  return { owner, campaignId };
}

async function deliveries(campaignId: string) {
  return server.sql<{ status: string; attempts: number; n: number }[]>`
    select status, attempts, count(*)::int as n from public.email_deliveries where campaign_id = ${campaignId}
    group by status, attempts order by status, attempts`;
}

/** Waits until `count` deliveries of the campaign are recorded as sent. */
async function recordedSent(campaignId: string, count: number): Promise<void> {
  await expect.poll(async () => {
    const [row] = await server.sql<{ n: number }[]>`select count(*)::int as n from public.email_deliveries where campaign_id = ${campaignId} and status = 'sent'`;
    return row!.n;
  }, { timeout: 30_000, interval: 50 }).toBe(count);
}

/** Waits for the worker to let the campaign go (its attempt ended: every lane of it has stopped). */
async function released(campaignId: string): Promise<void> {
  await expect.poll(async () => (await server.sql`select 1 from public.email_campaigns where id = ${campaignId} and claimed_by is null`).length, { timeout: 30_000 }).toBe(1);
}

/** Resumes at a workspace rate that makes no one wait, and expects every recipient to have had the message once. */
async function resumeAndFinish(owner: SignedInUser, campaignId: string, label: string): Promise<void> {
  await perMinute(owner.organizationId, 6000);
  expect((await owner.client.rpc('resume_email_campaign', { campaign_id: campaignId })).error).toBeNull();
  await drain(server);
  expect(await deliveries(campaignId)).toEqual([{ status: 'sent', attempts: 1, n: RECIPIENTS }]);
  expect(sentTo(label).sort()).toEqual(addressesOf(label).sort());
}

describe('a campaign stopped while a message is on its way', () => {
  // Six a minute: the bucket holds one message, the next one comes 10 s later — the worker is waiting for it.
  it('paused while the worker waits for a rate token: that message does not go, and resuming sends it once', async () => {
    const { owner, campaignId } = await sendingCampaign('paused', 6);
    await recordedSent(campaignId, 1);
    expect((await owner.client.rpc('pause_email_campaign', { campaign_id: campaignId })).error).toBeNull();
    await released(campaignId);

    expect(sentTo('paused')).toHaveLength(1);
    expect(await deliveries(campaignId)).toEqual([
      { status: 'queued', attempts: 0, n: RECIPIENTS - 1 },
      { status: 'sent', attempts: 1, n: 1 },
    ]);
    await resumeAndFinish(owner, campaignId, 'paused');
  });

  it('cancelled while the worker waits for a rate token: that message never goes', async () => {
    const { owner, campaignId } = await sendingCampaign('cancelled', 6);
    await recordedSent(campaignId, 1);
    expect((await owner.client.rpc('cancel_email_campaign', { campaign_id: campaignId })).error).toBeNull();
    await released(campaignId);
    await drain(server);

    expect(sentTo('cancelled')).toHaveLength(1);
    expect(await deliveries(campaignId)).toEqual([{ status: 'sent', attempts: 1, n: 1 }]);
    const [campaign] = await server.sql<{ status: string; sent_count: number }[]>`select status, sent_count from public.email_campaigns where id = ${campaignId}`;
    expect(campaign).toEqual({ status: 'cancelled', sent_count: 1 });
  });

  // No wait for the rates: the message is past its token, held by the SMTP server at RCPT TO, when the pause lands.
  // Its marker is refused, so its final dot never goes.
  it('paused while a message is in its envelope: its final dot is not sent, and resuming sends it once', async () => {
    let reached!: () => void;
    const atRecipient = new Promise<void>((resolve) => (reached = resolve));
    let letGo!: () => void;
    held = { address: 'envelope-1@on-the-way.test', reached, letGo: new Promise<void>((resolve) => (letGo = resolve)) };
    try {
      const { owner, campaignId } = await sendingCampaign('envelope', 6000);
      await atRecipient;
      await recordedSent(campaignId, RECIPIENTS - 1);
      expect((await owner.client.rpc('pause_email_campaign', { campaign_id: campaignId })).error).toBeNull();
      letGo();
      await released(campaignId);

      expect(sentTo('envelope')).not.toContain(held.address);
      expect(sentTo('envelope')).toHaveLength(RECIPIENTS - 1);
      expect(await deliveries(campaignId)).toEqual([
        { status: 'queued', attempts: 0, n: 1 },
        { status: 'sent', attempts: 1, n: RECIPIENTS - 1 },
      ]);
      held = undefined;
      await resumeAndFinish(owner, campaignId, 'envelope');
    } finally {
      letGo();
      held = undefined;
    }
  });
});
