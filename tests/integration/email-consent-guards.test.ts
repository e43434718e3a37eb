import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCampaign, createList, drain, seedSubscribers, unsubscribeTokenOf } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * "A person who unsubscribed stays so whatever a member does; only they subscribe again" (decision 0020), from the
 * attacker's side (audit of issue 28): the public form of a single opt-in list takes any address from anyone, so it
 * must not lift an unsubscribe or a complaint; and the suppression list's delete policy lets nobody lift them by hand.
 */

let smtp: RealSmtpServer;
let server: TestServer;
let owner: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  smtp = await startRealSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>', EMAIL_RATE_PER_SECOND: '1000' });
  owner = await signedInUser(server);
  member = await signedInUser(server);
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${member.id}, 'member')`;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

beforeEach(async () => {
  smtp.messages.length = 0;
  await server.sql`delete from private.rate_limits`;
});

async function suppression(email: string): Promise<string | null> {
  const [row] = await server.sql<{ reason: string }[]>`select reason from public.email_suppressions where organization_id = ${owner.organizationId} and email = ${email}`;
  return row?.reason ?? null;
}

async function membership(listId: string, email: string): Promise<string | null> {
  const [row] = await server.sql<{ status: string }[]>`
    select m.status from public.email_list_members m join public.contacts c on c.id = m.contact_id where m.list_id = ${listId} and c.email = ${email}`;
  return row?.status ?? null;
}

let campaignCount = 0;

/** A campaign to the list, sent; its recipients' addresses (what else the queue sent meanwhile stays in smtp.messages). */
async function sendTo(listId: string): Promise<string[]> {
  smtp.messages.length = 0;
  const campaignId = await createCampaign(owner.client, owner.organizationId, [listId], { subject: `Campaign ${(campaignCount += 1)}` });
  expect((await owner.client.rpc('send_email_campaign', { campaign_id: campaignId })).error).toBeNull();
  await drain(server);
  return smtp.messages.filter((message) => message.parsed.subject?.startsWith('Campaign ')).flatMap((message) => message.recipients);
}

describe('the public form of a single opt-in list', () => {
  it('does not bring back a person who unsubscribed: they are asked to confirm from their mailbox, and only that lifts it', async () => {
    const list = await createList(owner.client, owner.organizationId, { opt_in: 'single' });
    const reader = uniqueEmail('left');
    await seedSubscribers(server.sql, owner.organizationId, list.id, [reader]);
    expect(await sendTo(list.id)).toEqual([reader]);
    const unsubscribed = await fetch(`${server.url}/e/u/${unsubscribeTokenOf(smtp.to(reader)[0]!)}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await suppression(reader)).toBe('unsubscribed');

    // Anyone — here a stranger on the public form — types the address in again. The answer is the usual one.
    const { data, error } = await server.client().rpc('subscribe_to_email_list', { form_token: list.form_token, email: reader });
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'subscribed' });
    expect(await membership(list.id, reader)).toBe('pending');
    expect(await suppression(reader)).toBe('unsubscribed');
    expect(await sendTo(list.id)).toEqual([]);

    // The confirmation e-mail went to the address; its owner following it is what subscribes them again.
    const confirmation = smtp.to(reader).find((message) => message.parsed.subject?.startsWith('Confirm your subscription'));
    const link = /\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(confirmation?.parsed.text ?? '');
    expect(link).not.toBeNull();
    expect((await server.client().rpc('confirm_email_subscription', { token: link![1]! })).data![0]!.status).toBe('confirmed');
    expect(await suppression(reader)).toBeNull();
    expect(await sendTo(list.id)).toEqual([reader]);
  });

  it('does not bring back an address that complained either; a new address is confirmed at once as before', async () => {
    const list = await createList(owner.client, owner.organizationId, { opt_in: 'single' });
    const [angry, fresh] = [uniqueEmail('angry'), uniqueEmail('fresh')];
    await server.sql`select private.suppress_email(${owner.organizationId}, ${angry}, 'complaint', 'Marked as spam')`;
    for (const email of [angry, fresh]) {
      expect((await server.client().rpc('subscribe_to_email_list', { form_token: list.form_token, email })).data).toEqual({ status: 'subscribed' });
    }
    expect(await membership(list.id, angry)).toBe('pending');
    expect(await suppression(angry)).toBe('complaint');
    expect(await membership(list.id, fresh)).toBe('confirmed');
    expect(await sendTo(list.id)).toEqual([fresh]);
  });
});

describe('lifting a suppression by hand', () => {
  it('nobody lifts an unsubscribe or a complaint; only admins lift a hard bounce; members lift what a member added', async () => {
    const ws = owner.organizationId;
    const [left, angry, bounced, manual] = [uniqueEmail('left'), uniqueEmail('angry'), uniqueEmail('bounced'), uniqueEmail('manual')];
    for (const [email, reason] of [[left, 'unsubscribed'], [angry, 'complaint'], [bounced, 'hard_bounce'], [manual, 'manual']] as const) {
      await server.sql`select private.suppress_email(${ws}, ${email}, ${reason})`;
    }
    const lift = async (who: SignedInUser, email: string) =>
      ((await who.client.from('email_suppressions').delete().eq('organization_id', ws).eq('email', email).select('email')).data ?? []).length;

    expect([await lift(owner, left), await lift(owner, angry), await lift(member, left), await lift(member, angry)]).toEqual([0, 0, 0, 0]);
    expect(await lift(member, bounced)).toBe(0);
    expect(await lift(owner, bounced)).toBe(1);
    expect(await lift(member, manual)).toBe(1);
    expect([await suppression(left), await suppression(angry), await suppression(bounced), await suppression(manual)]).toEqual(['unsubscribed', 'complaint', null, null]);

    // Nor by changing its reason first: the table has no update grant.
    const { error } = await owner.client.from('email_suppressions').update({ reason: 'manual' } as never).eq('email', left).select('email');
    expect(error).toMatchObject({ code: '42501' });
  });
});
