import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEmailTo, TEST_PASSWORD } from '../support/auth';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

let sink: SmtpSink;
let server: TestServer;
let unreachable: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  [server, unreachable] = await Promise.all([
    startTestServer({ AUTH_AUTOCONFIRM: 'false', SMTP_URL: `smtp://127.0.0.1:${sink.port}`, SMTP_FROM: 'Beyond Brochures <auth@bb.test>' }),
    startTestServer({ AUTH_AUTOCONFIRM: 'false', SMTP_URL: 'smtp://127.0.0.1:1' }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), unreachable?.close()]);
  await sink?.close();
});

describe('e-mail by SMTP', () => {
  it('sends the confirmation e-mail by SMTP and still keeps it in the outbox', async () => {
    const email = uniqueEmail();
    const { error } = await server.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    const stored = await lastEmailTo(server, email, 'signup');
    expect(stored.smtp).toBe('sent');
    const message = sink.messages.find((text) => text.includes(`To: ${email}`));
    expect(message).toBeDefined();
    expect(message).toContain('From: Beyond Brochures <auth@bb.test>');
    expect(message).toContain('Subject: Confirm Your Email');
    const body = message!.replace(/=\r\n/g, ''); // quoted-printable soft line breaks
    expect(body).toContain(new URL(stored.link).searchParams.get('token'));
  });

  it('fails the sign-up (500, nothing saved) when SMTP is unreachable', async () => {
    const email = uniqueEmail();
    const { data, error } = await unreachable.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ name: 'AuthRetryableFetchError', status: 500, message: 'Error sending confirmation email' });
    const [row] = await unreachable.sql`select count(*)::int as n from auth.users where email = ${email}`;
    expect(row).toEqual({ n: 0 });
    expect((await lastEmailTo(unreachable, email, 'signup')).smtp).toBe('failed');
  });
});
