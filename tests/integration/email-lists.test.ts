import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { createList, createTemplate, drain, htmlOf } from '../support/email';
import { startRealSmtpServer, type RealSmtpServer } from '../support/smtp-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

/**
 * Lists and consent (decision 0020) through supabase-js: the public subscribe form (anon), double opt-in confirmed
 * from the e-mail's link, the welcome e-mail, members added by hand, from a filter and from a file, each with its
 * consent record, and the form's limits.
 */

let smtp: RealSmtpServer;
let server: TestServer;
let owner: SignedInUser;

beforeAll(async () => {
  smtp = await startRealSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Beyond Brochures <team@bb.test>' });
  owner = await signedInUser(server, { metadata: { first_name: 'Olive', last_name: 'Owner' } });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

beforeEach(async () => {
  smtp.messages.length = 0;
  await server.sql`delete from private.rate_limits`;
});

/** An anonymous visitor's client from its own network (the server trusts no proxy here: one client address). */
const visitor = () => server.client();

async function member(listId: string, email: string) {
  const [row] = await server.sql<{ status: string; consent_method: string; consent_source: string; confirmed_at: Date | null }[]>`
    select m.status, m.consent_method, m.consent_source, m.confirmed_at from public.email_list_members m
    join public.contacts c on c.id = m.contact_id where m.list_id = ${listId} and lower(c.email) = ${email.toLowerCase()}`;
  return row;
}

describe('the public subscribe form', () => {
  it('double opt-in: creates the contact, e-mails the confirmation link, confirms from it once, then sends the welcome e-mail', async () => {
    const ws = owner.organizationId;
    const welcome = await createTemplate(owner.client, ws, { subject: 'Welcome aboard, {{first_name|friend}}' });
    const list = await createList(owner.client, ws, { name: 'Newsletter', opt_in: 'double', welcome_enabled: true, welcome_template_id: welcome });
    const address = uniqueEmail('subscriber');

    const { data: form } = await visitor().rpc('email_list_form', { form_token: list.form_token });
    expect(form).toEqual([{ list_name: 'Newsletter', workspace_name: expect.any(String), opt_in: 'double' }]);
    const { data, error } = await visitor().rpc('subscribe_to_email_list', { form_token: list.form_token, email: address.toUpperCase(), first_name: 'Sam' });
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'confirmation_sent' });
    expect(await member(list.id, address)).toMatchObject({ status: 'pending', consent_method: 'form', consent_source: 'Subscribe form, hosted page', confirmed_at: null });
    const [contact] = await server.sql<{ source: string; first_name: string }[]>`select source, first_name from public.contacts where organization_id = ${ws} and lower(email) = ${address}`;
    expect(contact).toEqual({ source: 'form', first_name: 'Sam' });

    await drain(server);
    expect(smtp.messages).toHaveLength(1);
    const confirmation = smtp.messages[0]!;
    expect(confirmation.recipients).toEqual([address]);
    expect(confirmation.parsed.subject).toBe('Confirm your subscription to Newsletter');
    const link = /http:\/\/127\.0\.0\.1:\d+\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(confirmation.parsed.text ?? '');
    expect(link).not.toBeNull();

    // What the link's page shows on load: read, nothing confirmed (a mail scanner may open the link).
    const { data: shown } = await visitor().rpc('email_confirmation', { token: link![1]! });
    expect(shown).toEqual([{ status: 'pending', list_name: 'Newsletter', workspace_name: expect.any(String) }]);
    expect(await member(list.id, address)).toMatchObject({ status: 'pending', confirmed_at: null });

    const { data: confirmed } = await visitor().rpc('confirm_email_subscription', { token: link![1]! });
    expect(confirmed).toEqual([{ status: 'confirmed', list_name: 'Newsletter', workspace_name: expect.any(String) }]);
    expect(await member(list.id, address)).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(Date) });
    const { data: again } = await visitor().rpc('confirm_email_subscription', { token: link![1]! });
    expect(again![0]!.status).toBe('already_confirmed');
    expect((await visitor().rpc('email_confirmation', { token: link![1]! })).data![0]!.status).toBe('already_confirmed');

    await drain(server);
    const welcomeMessage = smtp.to(address).find((message) => message.parsed.subject?.startsWith('Welcome'));
    expect(welcomeMessage?.parsed.subject).toBe('Welcome aboard, Sam');
    expect(welcomeMessage?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(htmlOf(welcomeMessage!)).toContain('You receive this because you subscribed to Newsletter.');
  });

  it('refuses a made-up token and a bad address with a clear reason, and a closed form', async () => {
    const list = await createList(owner.client, owner.organizationId, { form_enabled: false });
    const { error: closed } = await visitor().rpc('subscribe_to_email_list', { form_token: list.form_token, email: uniqueEmail('x') });
    expect(closed).toMatchObject({ code: 'P0001', details: 'unknown_form' });
    const open = await createList(owner.client, owner.organizationId);
    const { error: bad } = await visitor().rpc('subscribe_to_email_list', { form_token: open.form_token, email: 'not an address' });
    expect(bad).toMatchObject({ details: 'invalid_email', message: 'Enter a valid e-mail address.' });
    const { error: badLink } = await visitor().rpc('confirm_email_subscription', { token: 'A'.repeat(43) });
    expect(badLink).toMatchObject({ details: 'invalid_token' });
    const { error: badRead } = await visitor().rpc('email_confirmation', { token: 'A'.repeat(43) });
    expect(badRead).toMatchObject({ details: 'invalid_token' });
  });

  it('limits one client and one address (429 with Retry-After), and sends one confirmation per 10 minutes to one address', async () => {
    const list = await createList(owner.client, owner.organizationId, { opt_in: 'double' });
    const target = uniqueEmail('victim');
    const answers: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const { error } = await visitor().rpc('subscribe_to_email_list', { form_token: list.form_token, email: target });
      answers.push(error ? Number((error as { code: string }).code === 'PT429' ? 429 : 400) : 200);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    await drain(server);
    expect(smtp.to(target)).toHaveLength(1);

    await server.sql`delete from private.rate_limits`;
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      const response = await fetch(`${server.url}/rest/v1/rpc/subscribe_to_email_list`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ form_token: list.form_token, email: uniqueEmail(`many${n}`) }),
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.filter((code) => code === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
  });

  it('single opt-in: confirmed at once; an unsubscribed person stays unsubscribed whatever a member does', async () => {
    const ws = owner.organizationId;
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const address = uniqueEmail('single');
    const { data } = await visitor().rpc('subscribe_to_email_list', { form_token: list.form_token, email: address, via: 'embed' });
    expect(data).toEqual({ status: 'subscribed' });
    expect(await member(list.id, address)).toMatchObject({ status: 'confirmed', consent_source: 'Subscribe form, embedded' });
    await server.sql`update public.email_list_members set status = 'unsubscribed', unsubscribed_at = now() where list_id = ${list.id}`;
    const [contact] = await server.sql<{ id: string }[]>`select id from public.contacts where organization_id = ${ws} and email = ${address}`;
    const { data: added } = await owner.client.rpc('add_contacts_to_email_list', { list_id: list.id, contact_ids: [contact!.id] });
    expect(added).toMatchObject({ added: 0, unsubscribed: 1 });
    expect((await member(list.id, address))!.status).toBe('unsubscribed');
  });
});

describe('members added by the workspace', () => {
  it('by hand, from a filter of tags, stages and bands, and from a file, each with its consent record', async () => {
    const ws = owner.organizationId;
    const list = await createList(owner.client, ws, { opt_in: 'single' });
    const [byHand, vip, lead, noEmail] = await server.sql<{ id: string }[]>`
      insert into public.contacts (organization_id, email, first_name, tags, lifecycle_stage) values
        (${ws}, ${uniqueEmail('hand')}, 'Hand', '{}', 'subscriber'),
        (${ws}, ${uniqueEmail('vip')}, 'Vip', '{VIP}', 'customer'),
        (${ws}, ${uniqueEmail('lead')}, 'Lead', '{beta}', 'lead'),
        (${ws}, null, 'Phone only', '{vip}', 'customer')
      returning id`;
    const { data: manual } = await owner.client.rpc('add_contacts_to_email_list', { list_id: list.id, contact_ids: [byHand!.id, noEmail!.id] });
    expect(manual).toMatchObject({ added: 1, without_email: 1 });
    const [record] = await server.sql<{ consent_source: string }[]>`select consent_source from public.email_list_members where contact_id = ${byHand!.id}`;
    expect(record!.consent_source).toBe('Added by Olive Owner');

    const { data: byTag } = await owner.client.rpc('add_filtered_contacts_to_email_list', { list_id: list.id, tags: ['vip'], dry_run: true });
    expect(byTag).toEqual({ matching: 1, already: 0 });
    const { data: preview } = await owner.client.rpc('add_filtered_contacts_to_email_list', { list_id: list.id, tags: ['vip'], lifecycle_stages: ['customer'], dry_run: true });
    expect(preview).toEqual({ matching: 1, already: 0 });
    const { data: filtered } = await owner.client.rpc('add_filtered_contacts_to_email_list', { list_id: list.id, tags: ['vip'], lifecycle_stages: ['customer'] });
    expect(filtered).toMatchObject({ matching: 1, added: 1 });
    const [filterRecord] = await server.sql<{ consent_method: string; consent_source: string }[]>`select consent_method, consent_source from public.email_list_members where contact_id = ${vip!.id}`;
    expect(filterRecord).toEqual({ consent_method: 'filter', consent_source: 'Filter: tags vip · stage customer (by Olive Owner)' });
    expect(await server.sql`select 1 from public.email_list_members where contact_id = ${lead!.id}`).toHaveLength(0);

    const { error: badFilter } = await owner.client.rpc('add_filtered_contacts_to_email_list', { list_id: list.id, score_bands: ['lukewarm'] });
    expect(badFilter).toMatchObject({ details: 'invalid_filter' });

    const imported = uniqueEmail('imported');
    const { data: outcome } = await owner.client.rpc('import_email_list_members', {
      list_id: list.id, file_name: 'people.csv', on_duplicate: 'skip',
      rows: [{ line: 2, email: imported, first_name: 'Imp' }, { line: 3, email: 'broken' }],
    });
    expect(outcome).toMatchObject({ created: 1, list: { added: 1 } });
    expect((outcome as { errors: unknown[] }).errors).toHaveLength(1);
    expect(await member(list.id, imported)).toMatchObject({ status: 'confirmed', consent_method: 'import', consent_source: 'Import of people.csv (by Olive Owner)' });
  });

  it('double opt-in lists ask people added by a member to confirm', async () => {
    const ws = owner.organizationId;
    const list = await createList(owner.client, ws, { opt_in: 'double' });
    const address = uniqueEmail('asked');
    const [contact] = await server.sql<{ id: string }[]>`insert into public.contacts (organization_id, email) values (${ws}, ${address}) returning id`;
    const { data } = await owner.client.rpc('add_contacts_to_email_list', { list_id: list.id, contact_ids: [contact!.id] });
    expect(data).toMatchObject({ added: 1, confirmations: 1 });
    expect((await member(list.id, address))!.status).toBe('pending');
    await drain(server);
    expect(smtp.to(address)[0]!.parsed.subject).toMatch(/^Confirm your subscription/);
  });
});
