import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEmailTemplate } from '../../server/src/modules/email/send-email-template';
import { createTemplate, drain, htmlOf } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * "Send this template to this contact": the server-side function the Automation Platform's jobs call
 * (server/src/modules/email/send-email-template.ts, decision 0020), through a real SMTP server.
 */

let smtp: RealSmtpServer;
let server: TestServer;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  smtp = await startRealSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>' });
  owner = await signedInUser(server);
  stranger = await signedInUser(server);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function contact(workspaceId: string, email: string | null, firstName: string | null = null): Promise<string> {
  const [row] = await server.sql<{ id: string }[]>`
    insert into public.contacts (organization_id, email, first_name, last_name) values (${workspaceId}, ${email}, ${firstName}, ${email ? null : 'Nomail'}) returning id`;
  return row!.id;
}

describe('sendEmailTemplate (a template to one contact, from a job)', () => {
  it('sends the template once with its merge fields and unsubscribe headers, however often the same request is made', async () => {
    const ws = owner.organizationId;
    const templateId = await createTemplate(owner.client, ws, { subject: 'Hello {{first_name|friend}}' });
    const address = uniqueEmail('automated');
    const contactId = await contact(ws, address, 'Ada');
    const request = { workspaceId: ws, templateId, contactId, requestKey: 'automation:run-1:step-2' };

    const first = await sendEmailTemplate(server.sql, request);
    expect(first).toEqual({ deliveryId: expect.stringMatching(/^\d+$/), outcome: 'queued' });
    expect(await sendEmailTemplate(server.sql, request)).toEqual({ deliveryId: first.deliveryId, outcome: 'already_queued' });
    await drain(server);
    expect(await sendEmailTemplate(server.sql, request)).toEqual({ deliveryId: first.deliveryId, outcome: 'already_queued' });
    await drain(server);

    const received = smtp.to(address);
    expect(received).toHaveLength(1);
    expect(received[0]!.parsed.subject).toBe('Hello Ada');
    expect(received[0]!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(htmlOf(received[0]!)).toContain('Hello Ada');
    const deliveries = await server.sql`select kind, status, email, message_id is not null as has_message_id from public.email_deliveries where organization_id = ${ws} and contact_id = ${contactId}`;
    expect(deliveries).toEqual([{ kind: 'template', status: 'sent', email: address, has_message_id: true }]);

    // Another step of the same run is another e-mail.
    expect((await sendEmailTemplate(server.sql, { ...request, requestKey: 'automation:run-1:step-3' })).outcome).toBe('queued');
    await drain(server);
    expect(smtp.to(address)).toHaveLength(2);
  });

  it('queues nothing for a suppressed address, a contact without one, or another workspace’s template or contact', async () => {
    const ws = owner.organizationId;
    const templateId = await createTemplate(owner.client, ws);
    const suppressed = uniqueEmail('suppressed');
    const suppressedId = await contact(ws, suppressed);
    await owner.client.from('email_suppressions').insert({ organization_id: ws, email: suppressed });
    const noAddress = await contact(ws, null);
    const foreignTemplate = await createTemplate(stranger.client, stranger.organizationId);
    const foreignContact = await contact(stranger.organizationId, uniqueEmail('foreign'));
    const ours = await contact(ws, uniqueEmail('ours'));

    const outcome = async (templateId: string, contactId: string, key: string) => (await sendEmailTemplate(server.sql, { workspaceId: ws, templateId, contactId, requestKey: key })).outcome;
    expect(await outcome(templateId, suppressedId, 'k1')).toBe('suppressed');
    expect(await outcome(templateId, noAddress, 'k2')).toBe('no_address');
    expect(await outcome(foreignTemplate, ours, 'k3')).toBe('unknown_template');
    expect(await outcome(templateId, foreignContact, 'k4')).toBe('unknown_contact');
    const [{ count }] = await server.sql<{ count: number }[]>`select count(*)::int as count from public.email_deliveries where request_key in ('k1', 'k2', 'k3', 'k4')`;
    expect(count).toBe(0);
  });
});
