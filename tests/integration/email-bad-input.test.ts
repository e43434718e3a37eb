import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { startEmailHttpServer } from '../../server/src/modules/email/email-http-server';
import { createList } from '../support/email';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Bad input at every public address of the Email Platform (audit of issue 28): the subscribe form's and the
 * confirmation link's functions, the unsubscribe page and its one-click POST, the open pixel, the click redirect and
 * the provider webhooks. Malformed, oversized, mistyped and hostile requests are refused (4xx) or harmless (a page,
 * the pixel), never a 5xx. Every answer is collected, so a failure lists all the requests that got a 5xx.
 */

let server: TestServer;
let owner: SignedInUser;
let formToken: string;
let endpoint: string;
/** A token of a real message of the workspace (its hash stored as the worker stores it), with one link. */
const messageToken = randomBytes(32).toString('base64url');
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  owner = await signedInUser(server);
  const ws = owner.organizationId;
  formToken = (await createList(owner.client, ws, { opt_in: 'single' })).form_token;
  const key = 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE' + 'A'.repeat(88);
  expect((await owner.client.rpc('update_email_webhook_settings', { workspace_id: ws, sns_topic_arn: TOPIC, sendgrid_public_key: key })).error).toBeNull();
  endpoint = (await owner.client.rpc('email_webhook_settings', { workspace_id: ws })).data![0]!.endpoint_token;
  const [set] = await server.sql<{ id: string }[]>`select private.email_link_set(${ws}, array['https://example.com/a']) as id`;
  await server.sql`
    insert into public.email_deliveries (organization_id, kind, email, status, sent_at, token_hash, link_set_id)
    values (${ws}, 'campaign', 'reader@example.com', 'sent', now(), ${createHash('sha256').update(messageToken).digest()}, ${set!.id})`;
});

afterAll(async () => {
  await server?.close();
});

interface Probe {
  label: string;
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

async function statusesOf(probes: Probe[]): Promise<string[]> {
  const answers: string[] = [];
  for (const probe of probes) {
    const response = await fetch(`${server.url}${probe.path}`, { method: probe.method, headers: probe.headers, body: probe.body, redirect: 'manual' });
    await response.arrayBuffer();
    answers.push(`${response.status} ${probe.label}`);
  }
  return answers;
}

const serverErrors = (answers: string[]) => answers.filter((answer) => answer.startsWith('5'));

const JSON_BODIES = ['', '{', 'null', '[]', '5', '"x"', 'true', '[null]', '{"a":', '\u0000', '{"x":"\u0000"}', '\ud800', 'x'.repeat(300 * 1024)];

describe('the subscribe form and the confirmation link (the data API, anon)', () => {
  const rpc = (name: string, body: string, label: string, contentType = 'application/json'): Probe => ({
    label: `${name} ${label}`, method: 'POST', path: `/rest/v1/rpc/${name}`, body, headers: { apikey: server.anonKey, 'content-type': contentType },
  });

  it('answers malformed bodies and hostile arguments without a 5xx', async () => {
    const probes: Probe[] = [];
    for (const name of ['subscribe_to_email_list', 'confirm_email_subscription', 'email_confirmation', 'email_list_form']) {
      JSON_BODIES.forEach((body, n) => probes.push(rpc(name, body, `body #${n}`)));
      probes.push(rpc(name, 'form_token=x', 'form-encoded', 'application/x-www-form-urlencoded'));
    }
    const hostile: Record<string, unknown>[] = [
      { form_token: 5, email: 'a@example.com' },
      { form_token: formToken, email: ['a@example.com'] },
      { form_token: formToken, email: { a: 1 } },
      { form_token: formToken, email: null },
      { form_token: formToken, email: `${'a'.repeat(100_000)}@example.com` },
      { form_token: formToken, email: 'nul\u0000@example.com' },
      { form_token: formToken, email: 'a@example.com', first_name: 'Eve\u0000' },
      { form_token: formToken, email: 'b@example.com', first_name: 'Eve\r\nBcc: x@evil.test' },
      { form_token: formToken, email: 'c@example.com', first_name: 'x'.repeat(100_000), last_name: ['x'] },
      { form_token: formToken, email: 'd@example.com', via: 'x'.repeat(10_000) },
      { form_token: formToken, email: 'e@example.com', unknown_argument: 1 },
      { form_token: '\u0000', email: 'f@example.com' },
      { form_token: 'x'.repeat(100_000), email: 'g@example.com' },
    ];
    hostile.forEach((args, n) => probes.push(rpc('subscribe_to_email_list', JSON.stringify(args), `arguments #${n}`)));
    for (const token of [null, 5, '', '\u0000', 'x'.repeat(100_000), ['a'], '%00', "' or 1=1 --"]) {
      probes.push(rpc('confirm_email_subscription', JSON.stringify({ token }), `token ${JSON.stringify(token).slice(0, 20)}`));
      probes.push(rpc('email_confirmation', JSON.stringify({ token }), `read token ${JSON.stringify(token).slice(0, 20)}`));
      probes.push(rpc('email_list_form', JSON.stringify({ form_token: token }), `form token ${JSON.stringify(token).slice(0, 20)}`));
    }
    const answers = await statusesOf(probes);
    expect(serverErrors(answers)).toEqual([]);
    // Each probe was answered (the form limits a client: some are 429).
    expect(answers).toHaveLength(probes.length);
  });
});

describe('the message links: unsubscribe, pixel, click', () => {
  it('answers hostile tokens, link numbers and bodies without a 5xx, and redirects nowhere but to the message’s link', async () => {
    const tokens = ['x', 'test', '%00', '%ZZ', '..%2F..%2Fetc', 'a'.repeat(101), 'a'.repeat(5000), '%F0%9F%98%80'.repeat(10), `${messageToken}%00`];
    const probes: Probe[] = [];
    for (const token of tokens) {
      probes.push({ label: `GET unsubscribe ${token.slice(0, 12)}`, method: 'GET', path: `/e/u/${token}` });
      probes.push({ label: `POST unsubscribe ${token.slice(0, 12)}`, method: 'POST', path: `/e/u/${token}`, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      probes.push({ label: `pixel ${token.slice(0, 12)}`, method: 'GET', path: `/e/o/${token}` });
      probes.push({ label: `click ${token.slice(0, 12)}`, method: 'GET', path: `/e/c/${token}/0` });
    }
    for (const index of ['-1', '1', '99999', '99999999999999999999', '0x0', '1e0', '%00', 'a', '0.5', '00000']) {
      probes.push({ label: `click #${index}`, method: 'GET', path: `/e/c/${messageToken}/${index}` });
    }
    for (const [label, body, type] of [
      ['JSON', '{', 'application/json'],
      ['binary', randomBytes(2048).toString('latin1'), 'application/octet-stream'],
      ['multipart', '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--', 'multipart/form-data; boundary=x'],
      ['oversized', 'x'.repeat(300 * 1024), 'application/x-www-form-urlencoded'],
      ['no type', 'List-Unsubscribe=One-Click', ''],
    ] as const) {
      probes.push({ label: `POST unsubscribe ${label}`, method: 'POST', path: `/e/u/${'Q'.repeat(43)}`, body, headers: type ? { 'content-type': type } : {} });
    }
    const answers = await statusesOf(probes);
    expect(serverErrors(answers)).toEqual([]);

    // An open redirect is not there to be found: only the message's own link, by its number.
    const redirect = await fetch(`${server.url}/e/c/${messageToken}/0?url=https://evil.test/`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, 'https://example.com/a']);
    for (const path of [`/e/c/${messageToken}/1`, `/e/c/${messageToken}/https:%2F%2Fevil.test`, `/e/c/${'Q'.repeat(43)}/0`, `/e/c/${messageToken}/-0`]) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect([path, response.status, response.headers.get('location')]).toEqual([path, 404, null]);
    }
  });
});

describe('the provider webhooks', () => {
  it('refuses malformed, unsigned and forged notifications of every provider without a 5xx, and records nothing', async () => {
    const probes: Probe[] = [];
    const providers = ['postmark', 'sendgrid', 'generic', 'ses', 'unknown'];
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: 'Basic !!!' },
      { authorization: `Basic ${Buffer.from('postmark').toString('base64')}` },
      { 'x-twilio-email-event-webhook-signature': '!!!', 'x-twilio-email-event-webhook-timestamp': String(Math.floor(Date.now() / 1000)) },
      { 'x-twilio-email-event-webhook-signature': 'AAAA', 'x-twilio-email-event-webhook-timestamp': '99999999999999999999' },
      { 'webhook-id': 'x', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA v1, v2,x' },
      { 'webhook-id': 'x', 'webhook-timestamp': '-1', 'webhook-signature': 'v1,' },
    ];
    const bodies = [...JSON_BODIES.filter((body) => body.length < 1000), JSON.stringify({ TopicArn: TOPIC }), JSON.stringify({ TopicArn: TOPIC, SigningCertURL: 'https://evil.test/c.pem', Type: 'Notification', Signature: 'x', SignatureVersion: '2' }), JSON.stringify({ TopicArn: TOPIC, SigningCertURL: 5 })];
    for (const provider of providers) {
      for (const [n, headers] of headerSets.entries()) {
        for (const [m, body] of bodies.entries()) {
          probes.push({ label: `${provider} headers #${n} body #${m}`, method: 'POST', path: `/e/webhooks/${endpoint}/${provider}`, body, headers: { 'content-type': 'application/json', ...headers } });
        }
      }
    }
    for (const provider of [...providers, '%00']) {
      probes.push({ label: `${provider} oversized`, method: 'POST', path: `/e/webhooks/${endpoint}/${provider}`, body: 'x'.repeat(300 * 1024), headers: { 'content-type': 'application/json' } });
    }
    for (const wrong of ['x', 'Q'.repeat(43), `${endpoint}%00`, 'a'.repeat(5000)]) {
      probes.push({ label: `endpoint ${wrong.slice(0, 12)}`, method: 'POST', path: `/e/webhooks/${wrong}/postmark`, body: '{}', headers: { 'content-type': 'application/json' } });
    }
    const answers = await statusesOf(probes);
    expect(serverErrors(answers)).toEqual([]);
    expect(answers.filter((answer) => answer.startsWith('2'))).toEqual([]);
    const [{ count }] = await server.sql<{ count: number }[]>`select count(*)::int as count from public.email_suppressions where organization_id = ${owner.organizationId}`;
    expect(count).toBe(0);
  });
});

// Issue 28, point 6: on hosted Supabase no server of ours runs, and `npm run worker` (WORKER_HTTP_PORT) answers the
// messages' links and the webhooks itself. The same routes, with the worker's own Fastify instance and error handler.
describe('the worker’s own HTTP server (hosted Supabase)', () => {
  it('answers bad input without a 5xx and unsubscribes by one-click POST without a session', async () => {
    const app = await startEmailHttpServer({ sql: server.sql, host: '127.0.0.1', port: 0, https: false });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      expect(await (await fetch(`${base}/e/health`)).json()).toEqual({ status: 'ok' });
      const answers: string[] = [];
      for (const provider of ['postmark', 'sendgrid', 'generic', 'ses']) {
        for (const body of JSON_BODIES) {
          const response = await fetch(`${base}/e/webhooks/${endpoint}/${provider}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          answers.push(`${response.status} ${provider} ${body.slice(0, 10)}`);
        }
      }
      for (const path of ['/e/u/%00', '/e/o/x', `/e/c/${messageToken}/99999`, '/e/c/x/0']) answers.push(`${(await fetch(`${base}${path}`, { redirect: 'manual' })).status} ${path}`);
      expect(serverErrors(answers)).toEqual([]);

      const unsubscribed = await fetch(`${base}/e/u/${messageToken}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(unsubscribed.status).toBe(200);
      const [row] = await server.sql<{ reason: string }[]>`select reason from public.email_suppressions where organization_id = ${owner.organizationId} and email = 'reader@example.com'`;
      expect(row?.reason).toBe('unsubscribed');
    } finally {
      await app.close();
    }
  });
});
