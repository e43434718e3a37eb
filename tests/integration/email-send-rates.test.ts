import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createList, seedSubscribers } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * The sending rates (issue 28, point 3: "a per-workspace and a server-wide rate limit"; decision 0020): token buckets
 * in PostgreSQL shared by every worker, and a campaign that goes no faster than its workspace's bucket. Rates are set
 * so low (one message a minute, one every 100 s) that no wait of this test comes near the next token: the counts do
 * not depend on how fast the machine is.
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

async function perMinute(workspaceId: string, limit: number): Promise<void> {
  await server.sql`update public.email_settings set per_minute_limit = ${limit} where organization_id = ${workspaceId}`;
}

async function take(workspaceId: string, wanted: number, serverPerSecond: number): Promise<{ granted: number; wait_ms: number }> {
  const [row] = await server.sql<{ granted: number; wait_ms: number }[]>`select * from private.take_email_send_tokens(${workspaceId}, ${wanted}, ${serverPerSecond})`;
  return row!;
}

describe('the sending rates', () => {
  it('a workspace’s bucket: a burst of ten seconds’ worth, then nothing until it refills', async () => {
    const { organizationId: ws } = await signedInUser(server);
    await perMinute(ws, 60);
    expect((await take(ws, 50, 1000)).granted).toBe(10);
    await perMinute(ws, 1);
    const next = await take(ws, 50, 1000);
    expect(next.granted).toBe(0);
    expect(next.wait_ms).toBeGreaterThan(0);
  });

  it('the server’s bucket is shared by every workspace', async () => {
    const [first, second] = [await signedInUser(server), await signedInUser(server)];
    await server.sql`delete from private.rate_limits where key = 'email_send:server'`;
    // One message every 100 s for the whole server; each workspace's own bucket is full.
    expect(await take(first.organizationId, 50, 0.01)).toMatchObject({ granted: 1 });
    const other = await take(second.organizationId, 50, 0.01);
    expect(other.granted).toBe(0);
    expect(other.wait_ms).toBeGreaterThan(1000);
    await server.sql`delete from private.rate_limits where key = 'email_send:server'`;
  });

  it('a campaign goes no faster than its workspace’s rate: one message a minute sends one, and the rest wait', async () => {
    const ws = owner.organizationId;
    await perMinute(ws, 1);
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const addresses = [uniqueEmail('slow1'), uniqueEmail('slow2'), uniqueEmail('slow3')];
    await seedSubscribers(server.sql, ws, list.id, addresses);
    const campaignId = await createCampaign(owner.client, ws, [list.id]);
    expect((await owner.client.rpc('send_email_campaign', { campaign_id: campaignId })).error).toBeNull();

    await expect.poll(() => smtp.messages.length, { timeout: 30_000 }).toBe(1);
    // The worker asks again at least once a second while it waits: give it a few asks, well short of the next token.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(smtp.messages).toHaveLength(1);
    const [state] = await server.sql<{ status: string; sent_count: number }[]>`select status, sent_count from public.email_campaigns where id = ${campaignId}`;
    expect(state).toEqual({ status: 'sending', sent_count: 1 });
    // Stop it so that the server closes without waiting for the next minute.
    expect((await owner.client.rpc('cancel_email_campaign', { campaign_id: campaignId })).error).toBeNull();
  });
});
