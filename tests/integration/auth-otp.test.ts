import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../server/src/modules/auth/user-store';
import { authFetch, lastEmailTo, linkOnServer, readOutbox, signUpUser, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// Sign-in links and codes (`signInWithOtp`, `verifyOtp`), `resend` and `reauthenticate` through supabase-js.
let server: TestServer;

beforeAll(async () => {
  // Every request comes from one address here: the per-client e-mail limit is tested in auth-limits.test.ts.
  server = await startTestServer({ RATE_LIMIT_EMAIL_PER_CLIENT: '100000' });
});

afterAll(async () => {
  await server?.close();
});

/** Opens an e-mail link as a browser would (no apikey) and reads the 303 target's fragment. */
async function openLink(link: string): Promise<URLSearchParams> {
  const response = await fetch(linkOnServer(server, link), { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
}

const messagesTo = async (email: string) => (await readOutbox(server)).filter((message) => message.to === email);

describe('sign-in links and codes (signInWithOtp)', () => {
  it('e-mails a registered address a sign-in link, which signs in once', async () => {
    const { email } = await signUpUser(server);
    const client = server.client();
    const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: `${server.url}/auth` } });
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ user: null, session: null });
    const message = await lastEmailTo(server, email, 'magiclink');
    expect(message.subject).toBe('Your sign-in link');
    expect(message.link).toContain('type=magiclink');
    expect(message.link).toContain(`redirect_to=${encodeURIComponent(`${server.url}/auth`)}`);
    expect(message.otp).toMatch(/^\d{6}$/);

    const hash = await openLink(message.link);
    expect(hash.get('type')).toBe('magiclink');
    expect(decodeJwt(hash.get('access_token')!)).toMatchObject({ email, aal: 'aal1', amr: [{ method: 'otp' }] });
    const again = await openLink(message.link);
    expect([again.get('error_code'), again.get('error_description')]).toEqual(['otp_expired', 'Email link is invalid or has expired']);
  });

  it('the code of that e-mail signs in with verifyOtp, once, and only for its own address', async () => {
    const { email } = await signUpUser(server);
    const other = await signUpUser(server);
    await server.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const { otp } = await lastEmailTo(server, email, 'magiclink');
    const client = server.client();
    const stolen = await client.auth.verifyOtp({ email: other.email, token: otp, type: 'email' });
    expect([stolen.error?.status, stolen.error?.code, stolen.error?.message]).toEqual([403, 'otp_expired', 'Token has expired or is invalid']);
    const verified = await client.auth.verifyOtp({ email, token: otp, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session!.user.email).toBe(email);
    const reused = await server.client().auth.verifyOtp({ email, token: otp, type: 'email' });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('answers an unknown address exactly as a known one, and sends or creates nothing for it', async () => {
    const known = (await signUpUser(server)).email;
    const unknown = uniqueEmail('nobody');
    const ask = (email: string) => authFetch(server, '/otp', { body: { email, create_user: false, data: {}, gotrue_meta_security: {} } });
    const shape = async (response: Response) => {
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'date' && name !== 'content-length') headers[name] = value;
      });
      return { status: response.status, headers, body: await response.text() };
    };
    const [a, b] = [await shape(await ask(known)), await shape(await ask(unknown))];
    expect(b).toEqual(a);
    expect(a).toMatchObject({ status: 200, body: '{}' });
    await lastEmailTo(server, known, 'magiclink');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await messagesTo(unknown)).toEqual([]);
    expect(await server.sql`select 1 from auth.users where email = ${unknown}`).toHaveLength(0);
  });

  it('with shouldCreateUser (the default) signs an unknown address up without a password; its link signs in', async () => {
    const email = uniqueEmail('otto');
    const client = server.client();
    expect((await client.auth.signInWithOtp({ email, options: { data: { first_name: 'Otto', last_name: 'Link' } } })).error).toBeNull();
    const hash = await openLink((await lastEmailTo(server, email, 'magiclink')).link);
    const session = server.client();
    await session.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    const { data } = await session.auth.getUser();
    expect(data.user).toMatchObject({ email, user_metadata: { first_name: 'Otto', last_name: 'Link' } });
    expect((await session.from('profiles').select('first_name').eq('user_id', data.user!.id)).data).toEqual([{ first_name: 'Otto' }]);
    const password = await server.client().auth.signInWithPassword({ email, password: '' });
    expect(password.error).not.toBeNull();
  });

  it('one link per address per AUTH_EMAIL_MAX_FREQUENCY, known address or not', async () => {
    for (const email of [(await signUpUser(server)).email, uniqueEmail('unknown')]) {
      const first = await server.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      expect(first.error).toBeNull();
      const second = await server.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      expect([second.error?.status, second.error?.code]).toEqual([429, 'over_email_send_rate_limit']);
      expect(second.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    }
  });

  it('refuses a phone, an address with a phone, a bad address and a half PKCE challenge, as GoTrue does', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ phone: '+15555550100' }, 400, 'phone_provider_disabled', 'Unsupported phone provider'],
      [{ email: 'a@example.com', phone: '+15555550100' }, 400, 'validation_failed', 'Only an email address or phone number should be provided'],
      [{ email: 'not-an-address' }, 400, 'validation_failed', 'Unable to validate email address: invalid format'],
      [{ email: 'a@example.com', code_challenge: 'x'.repeat(43) }, 400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge'],
      [{}, 400, 'validation_failed', 'One of email or phone must be set'],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await authFetch(server, '/otp', { body });
      expect([response.status, await response.json()]).toEqual([status, { code, message }]);
    }
  });
});

describe('resend', () => {
  it('sends an unconfirmed address its confirmation again; {} and nothing sent for a confirmed or unknown one', async () => {
    const unconfirmed = uniqueEmail('pending');
    await insertUser(server.sql, { email: unconfirmed, passwordHash: '', userMetadata: {}, confirmed: false });
    const confirmed = (await signUpUser(server)).email;
    const unknown = uniqueEmail('ghost');
    for (const email of [unconfirmed, confirmed, unknown]) {
      const { error } = await server.client().auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${server.url}/auth` } });
      expect(error).toBeNull();
    }
    const message = await lastEmailTo(server, unconfirmed, 'signup');
    expect(message.link).toContain('type=signup');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...(await messagesTo(confirmed)), ...(await messagesTo(unknown))]).toEqual([]);
    const hash = await openLink(message.link);
    expect(hash.get('type')).toBe('signup');
  });

  it('refuses a type it does not know and phone types', async () => {
    const unknownType = await authFetch(server, '/resend', { body: { type: 'magiclink', email: 'a@example.com' } });
    expect(await unknownType.json()).toEqual({ code: 'validation_failed', message: 'Missing one of these types: signup, email_change, sms, phone_change' });
    const sms = await authFetch(server, '/resend', { body: { type: 'sms', phone: '+15555550100' } });
    expect((await sms.json()).code).toBe('phone_provider_disabled');
  });
});

describe('reauthenticate', () => {
  it('e-mails a code that is the nonce of one password change', async () => {
    const user = await signUpUser(server);
    expect(await user.client.auth.reauthenticate()).toEqual({ data: { user: null, session: null }, error: null });
    const message = await lastEmailTo(server, user.email, 'reauthentication');
    expect(message.subject).toBe(`${message.otp} is your verification code`);
    const wrong = await user.client.auth.updateUser({ password: 'a-new-password-1', nonce: message.otp === '000000' ? '111111' : '000000' });
    expect([wrong.error?.status, wrong.error?.code, wrong.error?.message]).toEqual([422, 'reauthentication_not_valid', 'Nonce has expired or is invalid']);
    expect((await user.client.auth.updateUser({ password: 'a-new-password-1', nonce: message.otp })).error).toBeNull();
    const reused = await user.client.auth.updateUser({ password: 'a-new-password-2', nonce: message.otp });
    expect(reused.error?.code).toBe('reauthentication_not_valid');
    // A code of another user is no nonce of this one.
    const other = await signUpUser(server);
    await other.client.auth.reauthenticate();
    const { otp } = await lastEmailTo(server, other.email, 'reauthentication');
    expect((await user.client.auth.updateUser({ password: 'a-new-password-3', nonce: otp })).error?.code).toBe('reauthentication_not_valid');
  });

  it('needs a signed-in user', async () => {
    const anon = await authFetch(server, '/reauthenticate');
    expect([anon.status, await anon.json()]).toEqual([403, { code: 'bad_jwt', message: 'invalid claim: missing sub claim' }]);
    const none = await fetch(`${server.url}/auth/v1/reauthenticate`, { headers: { apikey: server.anonKey, 'x-supabase-api-version': '2024-01-01' } });
    expect([none.status, await none.json()]).toEqual([401, { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' }]);
  });
});

describe('secure password change (AUTH_SECURE_PASSWORD_CHANGE)', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ AUTH_SECURE_PASSWORD_CHANGE: 'true', RATE_LIMIT_EMAIL_PER_CLIENT: '100000' });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('a session over a day old changes the password only with a reauthentication code', async () => {
    const user = await signUpUser(strict);
    expect((await user.client.auth.updateUser({ password: 'fresh-session-password' })).error).toBeNull();
    await strict.sql`update auth.sessions set created_at = now() - interval '25 hours' where user_id = ${user.user.id}`;
    const refused = await user.client.auth.updateUser({ password: 'old-session-password' });
    expect([refused.error?.status, refused.error?.code]).toEqual([400, 'reauthentication_needed']);
    await user.client.auth.reauthenticate();
    const { otp } = await lastEmailTo(strict, user.email, 'reauthentication');
    expect((await user.client.auth.updateUser({ password: 'old-session-password', nonce: otp })).error).toBeNull();
    expect(TEST_PASSWORD).not.toBe('old-session-password');
  });
});
