import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '../../server/src/db/client';
import { freePort } from '../../server/src/db/embedded';
import { createCampaign, createList, createTemplate } from '../support/email';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startHostedDataApi, type HostedAccount, type HostedDataApi } from './support/data-api';
import { forgetWorkers, startHostedWorker, until } from './support/hosted-worker';

/**
 * Issue 28, point 6, on the Supabase-shaped PostgreSQL 15: the Email Platform as the app uses it on a hosted project —
 * supabase-js through the data API as `authenticated` (support/data-api.ts), no server of ours, `npm run worker`
 * against the database as `postgres` sending the campaigns and answering their unsubscribe links itself
 * (WORKER_HTTP_PORT, EMAIL_PUBLIC_URL pointing at it). Without a worker, the status the e-mail page reads says
 * campaigns cannot be sent and sending is refused, rather than queued for ever.
 */

const shape = inject('supabaseShape');
let smtp: RealSmtpServer;
let api: HostedDataApi;
/** Read-back and the heartbeat's table, as `postgres` (what the worker connects as). */
let postgres: Sql;

beforeAll(async () => {
  smtp = await startRealSmtpServer();
  api = await startHostedDataApi(shape.urls);
  postgres = createSql(shape.urls.postgres, { max: 1 });
});

afterAll(async () => {
  if (postgres) await forgetWorkers(postgres);
  await Promise.all([api?.close(), postgres?.end(), smtp?.close()]);
});

/** What the e-mail page reads (get-sending-status.ts) and the refusal of "Send now" (change-campaign-state.ts). */
async function sendingStatus(owner: HostedAccount) {
  const { data, error } = await owner.client.rpc('email_sending_status');
  if (error) throw new Error(`email_sending_status: ${error.message}`);
  return data[0];
}

async function campaignOf(owner: HostedAccount, id: string) {
  const { data, error } = await owner.client.from('email_campaigns').select('status, sent_count, failed_count, recipients_total').eq('id', id).single();
  if (error) throw new Error(`campaign: ${error.message}`);
  return data;
}

describe('Email Platform campaigns on the Supabase-shaped database', () => {
  it('without a worker (none, or one whose heartbeat stopped), the page is told campaigns cannot be sent and send_email_campaign refuses with sending_unavailable', async () => {
    const owner = await api.signUp({ first_name: 'Nora', last_name: 'Noworker', company_name: 'No Worker Co' });
    expect(await sendingStatus(owner)).toEqual({ worker_alive: false, last_seen_at: null });
    const list = await createList(owner.client, owner.organizationId, { opt_in: 'single' });
    const campaignId = await createCampaign(owner.client, owner.organizationId, [list.id]);

    const refused = await owner.client.rpc('send_email_campaign', { campaign_id: campaignId });
    expect(refused.error).toMatchObject({ code: 'P0001', details: 'sending_unavailable' });
    expect(refused.error!.message).toMatch(/on hosted Supabase start npm run worker/);
    expect(await campaignOf(owner, campaignId)).toMatchObject({ status: 'draft' });
    expect(await postgres`select count(*)::int as queued from private.job_backlog where job_key = ${`campaign:${campaignId}`}`).toEqual([{ queued: 0 }]);

    // A worker killed three minutes ago (kill -9 leaves its heartbeat behind): still nobody to send.
    const [stale] = await postgres<{ seen_at: Date }[]>`
      insert into private.job_workers (worker_id, seen_at) values ('hosted-killed-worker', date_trunc('second', now()) - interval '3 minutes')
      returning seen_at`;
    try {
      const status = await sendingStatus(owner);
      expect([status?.worker_alive, new Date(status!.last_seen_at!).getTime()]).toEqual([false, stale!.seen_at.getTime()]);
      expect((await owner.client.rpc('send_email_campaign', { campaign_id: campaignId })).error).toMatchObject({ details: 'sending_unavailable' });
      expect(await campaignOf(owner, campaignId)).toMatchObject({ status: 'draft' });
    } finally {
      await postgres`delete from private.job_workers where worker_id = 'hosted-killed-worker'`;
    }
  });

  it('with npm run worker, a campaign from a template reaches each confirmed member once minus the suppressed address, with List-Unsubscribe, List-Unsubscribe-Post and a Message-ID; the one-click POST, served by the worker, suppresses the address', async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const worker = await startHostedWorker(shape.urls.postgres, {
      HOST: '127.0.0.1',
      WORKER_HTTP_PORT: String(port),
      EMAIL_PUBLIC_URL: publicUrl,
      EMAIL_RATE_PER_SECOND: '1000',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Beyond Brochures <team@example.com>',
    });
    const owner = await api.signUp({ first_name: 'Sam', last_name: 'Sender', company_name: 'Hosted Mail Co' });
    const ws = owner.organizationId;
    try {
      expect(await sendingStatus(owner)).toMatchObject({ worker_alive: true });

      // Three contacts put on a single opt-in list by hand (confirmed at once), one of them on the suppression list.
      const [reader, writer, suppressed] = ['reader', 'writer', 'suppressed'].map((name) => `${name}-${owner.id.slice(0, 8)}@example.com`) as [string, string, string];
      const contacts = await owner.client.from('contacts').insert([
        { organization_id: ws, email: reader, first_name: 'Rita' },
        { organization_id: ws, email: writer, first_name: 'Walt' },
        { organization_id: ws, email: suppressed, first_name: 'Sue' },
      ]).select('id, email');
      expect(contacts.error).toBeNull();
      const list = await createList(owner.client, ws, { opt_in: 'single' });
      const added = await owner.client.rpc('add_contacts_to_email_list', { list_id: list.id, contact_ids: contacts.data!.map((row) => row.id) });
      expect(added).toMatchObject({ error: null, data: { added: 3 } });
      expect((await owner.client.from('email_suppressions').insert({ organization_id: ws, email: suppressed })).error).toBeNull();

      // The campaign starts from a template, as the campaign editor fills it in, and is sent now.
      const templateId = await createTemplate(owner.client, ws, { name: 'Hosted news', subject: 'News for {{first_name|you}}' });
      const template = (await owner.client.from('email_templates').select('subject, preheader, blocks').eq('id', templateId).single()).data!;
      const campaignId = await createCampaign(owner.client, ws, [list.id], { template_id: templateId, ...template });
      expect((await owner.client.rpc('send_email_campaign', { campaign_id: campaignId })).error).toBeNull();
      await until(async () => (await campaignOf(owner, campaignId)).status === 'sent', () => `the campaign to be sent by the worker:\n${worker.output()}`);

      expect(await campaignOf(owner, campaignId)).toEqual({ status: 'sent', sent_count: 2, failed_count: 0, recipients_total: 2 });
      expect(smtp.messages.flatMap((message) => message.recipients).sort()).toEqual([reader, writer].sort());
      for (const message of smtp.messages) {
        expect(message.header('list-unsubscribe')).toMatch(new RegExp(`^<${publicUrl}/e/u/[A-Za-z0-9_-]{40,}>$`));
        expect(message.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
        expect(message.messageId).toMatch(/^<d\d+\.\d+@example\.com>$/);
      }
      expect(smtp.to(reader)[0]!.parsed.subject).toBe('News for Rita');
      const deliveries = await owner.client.from('email_deliveries').select('email, status, message_id').eq('campaign_id', campaignId).order('email');
      expect(deliveries.data).toEqual(
        [reader, writer].sort().map((email) => ({ email, status: 'sent', message_id: smtp.to(email)[0]!.messageId })),
      );

      // RFC 8058: the mail client POSTs to the header's URL without a session; the worker answers it.
      const unsubscribeUrl = smtp.to(reader)[0]!.header('list-unsubscribe')!.slice(1, -1);
      const answer = await fetch(unsubscribeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(answer.status).toBe(200);
      const suppressions = await owner.client.from('email_suppressions').select('email, reason, detail').eq('organization_id', ws).order('email');
      expect(suppressions.data).toEqual([
        { email: reader, reason: 'unsubscribed', detail: 'One-click unsubscribe (List-Unsubscribe-Post)' },
        expect.objectContaining({ email: suppressed }),
      ]);
      const readerId = contacts.data!.find((row) => row.email === reader)!.id;
      const members = await owner.client.from('email_list_members').select('status').eq('list_id', list.id).eq('contact_id', readerId).single();
      expect(members.data).toEqual({ status: 'unsubscribed' });
    } catch (error) {
      await worker.stop();
      throw error;
    }
    // Stopped, its heartbeat goes with it: the page says again that campaigns cannot be sent.
    expect(await worker.stop()).toBe(0);
    expect(await sendingStatus(owner)).toMatchObject({ worker_alive: false });
  });
});
