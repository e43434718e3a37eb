import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { createCampaign, createList, drain, seedSubscribers } from '../support/email';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A campaign stopped while it sends (decision 0020, session 12): the worker claims the next batch of 500 while it
 * sends the current one, so a pause or a cancel mid-send leaves deliveries claimed and never sent. They must go back
 * (queued, their attempt given back) or, cancelled, away — never stay `sending` — and a resumed campaign reaches every
 * recipient once. Real SMTP server, the server's own job runner, 100 messages a second so the stop lands mid-send.
 */
const RECIPIENTS = 700;
let smtp: RealSmtpServer;
let server: TestServer;
let owner: SignedInUser;

beforeAll(async () => {
  smtp = await startRealSmtpServer({});
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>', EMAIL_RATE_PER_SECOND: '100' });
  owner = await signedInUser(server);
  // The workspace's own limit (600 a minute by default) above the server's 100 a second.
  await server.sql`
    insert into public.email_settings (organization_id, per_minute_limit) values (${owner.organizationId}, 6000)
    on conflict (organization_id) do update set per_minute_limit = excluded.per_minute_limit`;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function campaignOf(label: string): Promise<string> {
  const ws = owner.organizationId;
  const list = await createList(owner.client, ws, { opt_in: 'single' });
  await seedSubscribers(server.sql, ws, list.id, Array.from({ length: RECIPIENTS }, (_, n) => `${label}-${n}@stop.test`));
  const campaignId = await createCampaign(owner.client, ws, [list.id]);
  expect((await owner.client.rpc('send_email_campaign', { campaign_id: campaignId })).error).toBeNull();
  return campaignId;
}

/** Waits until some messages went out and the next batch was claimed beside the first. */
async function midSend(campaignId: string): Promise<void> {
  await expect.poll(async () => {
    const [row] = await server.sql<{ sent: number; claimed: number }[]>`
      select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where attempts > 0)::int as claimed
      from public.email_deliveries where campaign_id = ${campaignId}`;
    return row!.sent >= 20 && row!.claimed > 500;
  }, { timeout: 30_000, interval: 50 }).toBe(true);
}

async function deliveries(campaignId: string) {
  return server.sql<{ status: string; attempts: number; n: number }[]>`
    select status, attempts, count(*)::int as n from public.email_deliveries where campaign_id = ${campaignId}
    group by status, attempts order by status, attempts`;
}

/** Waits for the worker to let the campaign go (its attempt ended). */
async function released(campaignId: string): Promise<void> {
  await expect.poll(async () => (await server.sql`select 1 from public.email_campaigns where id = ${campaignId} and claimed_by is null`).length, { timeout: 30_000 }).toBe(1);
}

const sentTo = (label: string) => smtp.messages.flatMap((message) => message.recipients).filter((address) => address.startsWith(`${label}-`));

describe('a campaign stopped mid-send', () => {
  it('paused: what was claimed and not sent goes back untried, and resuming reaches every recipient once', async () => {
    const campaignId = await campaignOf('paused');
    await midSend(campaignId);
    expect((await owner.client.rpc('pause_email_campaign', { campaign_id: campaignId })).error).toBeNull();
    await released(campaignId);

    const rows = await deliveries(campaignId);
    expect(rows.filter((row) => row.status === 'sending')).toEqual([]);
    expect(rows.filter((row) => row.status === 'queued').every((row) => row.attempts === 0)).toBe(true);
    expect(rows.find((row) => row.status === 'sent')?.n).toBe(sentTo('paused').length);

    expect((await owner.client.rpc('resume_email_campaign', { campaign_id: campaignId })).error).toBeNull();
    await drain(server);
    expect(await deliveries(campaignId)).toEqual([{ status: 'sent', attempts: 1, n: RECIPIENTS }]);
    const sent = sentTo('paused');
    expect(sent).toHaveLength(RECIPIENTS);
    expect(new Set(sent).size).toBe(RECIPIENTS);
  });

  it('cancelled: nothing is left claimed or queued, and nothing more goes out', async () => {
    const campaignId = await campaignOf('cancelled');
    await midSend(campaignId);
    expect((await owner.client.rpc('cancel_email_campaign', { campaign_id: campaignId })).error).toBeNull();
    await released(campaignId);
    await drain(server);

    const rows = await deliveries(campaignId);
    expect(rows.map((row) => row.status)).toEqual(['sent']);
    expect(rows[0]!.n).toBe(sentTo('cancelled').length);
    expect(new Set(sentTo('cancelled')).size).toBe(sentTo('cancelled').length);
  });
});
