import type { AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, lastEmailTo, linkOnServer, passResendInterval, readOutbox, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// E-mail confirmation on (hosted Supabase's default): links by e-mail, single-use and expiring.
let server: TestServer;

beforeAll(async () => {
  // The e-mail limit per client is tested in auth-limits.test.ts: here every test mails from one address.
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'false', RATE_LIMIT_EMAIL_PER_CLIENT: '100000' });
});

afterAll(async () => {
  await server?.close();
});

/** Follows an e-mail link like a browser would (no apikey) and reads the 303 target. */
async function openLink(link: string): Promise<{ status: number; location: URL; hash: URLSearchParams }> {
  const response = await fetch(linkOnServer(server, link), { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? '');
  return { status: response.status, location, hash: new URLSearchParams(location.hash.slice(1)) };
}

/** Makes every pending e-mail link of an address expire now. */
async function expireLinksOf(email: string) {
  await server.sql`
    update auth.one_time_tokens set expires_at = now() - interval '1 second'
    where user_id = (select id from auth.users where email = ${email})`;
}

async function signUpUnconfirmed(email = uniqueEmail(), redirect = `${server.url}/welcome`) {
  const client = server.client();
  const events: AuthChangeEvent[] = [];
  client.auth.onAuthStateChange((event) => void events.push(event));
  const result = await client.auth.signUp({
    email,
    password: TEST_PASSWORD,
    options: { data: { first_name: 'Dee', last_name: 'Vee' }, emailRedirectTo: redirect },
  });
  return { email, events, ...result };
}

describe('sign-up with confirmation', () => {
  it('returns the user without a session, emits no SIGNED_IN, and writes the link to the outbox', async () => {
    const { email, data, error, events } = await signUpUnconfirmed();
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, role: 'authenticated', user_metadata: { first_name: 'Dee', last_name: 'Vee' } });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.confirmation_sent_at).toBeTruthy();
    expect(events).toEqual(['INITIAL_SESSION']);

    const message = await lastEmailTo(server, email, 'signup');
    expect(message).toMatchObject({ subject: 'Confirm Your Email', smtp: 'not configured' });
    expect(message.link.startsWith(`${server.config.siteUrl}/auth/v1/verify?token=`)).toBe(true);
    expect(message.link).toContain('type=signup');
    expect(message.link).toContain(`redirect_to=${encodeURIComponent(`${server.url}/welcome`)}`);
    expect(message.otp).toMatch(/^\d{6}$/);
    expect(message.html).toContain(message.link.replaceAll('&', '&#38;'));

    const [stored] = await server.sql<{ token_hash: string }[]>`
      select token_hash from auth.one_time_tokens t join auth.users u on u.id = t.user_id where u.email = ${email} limit 1`;
    const token = new URL(message.link).searchParams.get('token')!;
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token);
  });

  it('refuses sign-in before confirmation with "Email not confirmed"', async () => {
    const { email } = await signUpUnconfirmed();
    const { error } = await server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('confirms by the link (303 with the session in the hash) exactly once', async () => {
    const { email, data } = await signUpUnconfirmed();
    const { link } = await lastEmailTo(server, email, 'signup');

    const first = await openLink(link);
    expect(first.status).toBe(303);
    expect(`${first.location.origin}${first.location.pathname}`).toBe(`${server.url}/welcome`);
    expect([...first.hash.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(first.hash.get('type')).toBe('signup');
    expect(first.hash.get('token_type')).toBe('bearer');
    const user = await authFetch(server, '/user', { token: first.hash.get('access_token')! });
    expect(await user.json()).toMatchObject({ id: data.user!.id, user_metadata: { email_verified: true } });
    expect((await server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();

    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(again.location.hash).toBe('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=');
  });

  it('refuses an expired link', async () => {
    const { email } = await signUpUnconfirmed();
    const { link } = await lastEmailTo(server, email, 'signup');
    await expireLinksOf(email);
    const opened = await openLink(link);
    expect(opened.hash.get('error_code')).toBe('otp_expired');
    const { error } = await server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error?.code).toBe('email_not_confirmed');
  });

  it('confirms with the 6-digit code through verifyOtp', async () => {
    const { email } = await signUpUnconfirmed();
    const { otp } = await lastEmailTo(server, email, 'signup');
    const client = server.client();
    const wrong = await client.auth.verifyOtp({ email, token: otp === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const { data, error } = await client.auth.verifyOtp({ email, token: otp, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.user!.email_confirmed_at).toBeTruthy();
  });

  it('sends the confirmation again for an unconfirmed address, but not twice within a minute', async () => {
    const email = uniqueEmail();
    await signUpUnconfirmed(email);
    const again = await server.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error!.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    await passResendInterval(server, 'signup', email);
    const later = await server.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(later.error).toBeNull();
    expect(later.data.user!.email).toBe(email);
    expect((await readOutbox(server)).filter((message) => message.to === email)).toHaveLength(2);
  });

  it('answers a sign-up of a confirmed address with a fake user (no enumeration)', async () => {
    const { email, data } = await signUpUnconfirmed();
    await openLink((await lastEmailTo(server, email, 'signup')).link);
    const before = (await readOutbox(server)).length;
    const signUpAgain = () => authFetch(server, '/signup', { body: { email, password: 'something-else', data: { first_name: 'X' } } });
    // Within the resend interval a registered address answers as a new one does the second time.
    const early = await signUpAgain();
    expect(early.status).toBe(429);
    expect((await early.json()).code).toBe('over_email_send_rate_limit');
    await passResendInterval(server, 'signup', email);
    const duplicate = await signUpAgain();
    expect(duplicate.status).toBe(200);
    const body = await duplicate.json();
    expect(body).toMatchObject({ email, role: '', identities: [], user_metadata: { first_name: 'X' } });
    expect(body.id).not.toBe(data.user!.id);
    expect(body.access_token).toBeUndefined();
    expect((await readOutbox(server)).length).toBe(before);
  });
});

describe('redirect_to', () => {
  it.each(['http://localhost:9999/steal', 'http://127.1.2.3/steal', 'http://[::1]:3000/steal', 'http://0x7f000001/steal', 'http://2130706433/steal'])(
    'refuses the loopback address %s: only SITE_URL\'s origin and ADDITIONAL_REDIRECT_URLS are allowed',
    async (redirect) => {
      const { email } = await signUpUnconfirmed(uniqueEmail(), redirect);
      const { link } = await lastEmailTo(server, email, 'signup');
      expect(new URL(link).searchParams.get('redirect_to')).toBe(server.config.siteUrl);
    },
  );

  it('falls back to SITE_URL for a foreign redirect', async () => {
    const { email } = await signUpUnconfirmed(uniqueEmail(), 'https://evil.example/steal');
    const { link } = await lastEmailTo(server, email, 'signup');
    expect(link).toContain(`redirect_to=${encodeURIComponent(server.config.siteUrl)}`);
    const opened = await openLink(link.replace(encodeURIComponent(server.config.siteUrl), encodeURIComponent('https://evil.example/x')));
    expect(opened.location.origin).toBe(new URL(server.config.siteUrl).origin);
  });
});

describe('password recovery', () => {
  it('mails a recovery link, answers {} for unknown addresses, and signs in by the link (type=recovery)', async () => {
    const { email } = await signUpUnconfirmed();
    await openLink((await lastEmailTo(server, email, 'signup')).link);

    const unknown = await authFetch(server, '/recover', { body: { email: uniqueEmail('ghost') } });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({});

    const client = server.client();
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/reset` });
    expect(error).toBeNull();
    const message = await lastEmailTo(server, email, 'recovery');
    expect(message.subject).toBe('Reset Your Password');
    const opened = await openLink(message.link);
    expect(opened.location.pathname).toBe('/reset');
    expect(opened.hash.get('type')).toBe('recovery');

    const token = opened.hash.get('access_token')!;
    const changed = await authFetch(server, '/user', { method: 'PUT', token, body: { password: 'recovered-password' } });
    expect(changed.status).toBe(200);
    expect((await server.client().auth.signInWithPassword({ email, password: 'recovered-password' })).error).toBeNull();
    expect((await openLink(message.link)).hash.get('error_code')).toBe('otp_expired');
  });

  it('refuses an expired recovery link, and the password stays', async () => {
    const { email } = await signUpUnconfirmed();
    await openLink((await lastEmailTo(server, email, 'signup')).link);
    expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { link } = await lastEmailTo(server, email, 'recovery');
    await expireLinksOf(email);
    const opened = await openLink(link);
    expect(opened.hash.get('error_code')).toBe('otp_expired');
    expect(opened.hash.get('access_token')).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
  });
});

describe('e-mail change', () => {
  it('needs the links to both the current and the new address', async () => {
    const { email } = await signUpUnconfirmed();
    const opened = await openLink((await lastEmailTo(server, email, 'signup')).link);
    const token = opened.hash.get('access_token')!;
    const next = uniqueEmail('next');

    const taken = await authFetch(server, '/user', { method: 'PUT', token, body: { email: (await signUpUnconfirmed()).email } });
    expect(taken.status).toBe(422);
    expect((await taken.json()).code).toBe('email_exists');

    const response = await authFetch(server, '/user', { method: 'PUT', token, body: { email: next } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email, new_email: next });

    const toNew = await lastEmailTo(server, next, 'email_change_new');
    const toCurrent = await lastEmailTo(server, email, 'email_change_current');
    const half = await openLink(toNew.link);
    expect(half.location.hash).toBe('#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email');
    const [still] = await server.sql`select email from auth.users where email = ${email}`;
    expect(still).toEqual({ email });

    const done = await openLink(toCurrent.link);
    expect(done.hash.get('type')).toBe('email_change');
    const user = await authFetch(server, '/user', { token: done.hash.get('access_token')! });
    expect(await user.json()).toMatchObject({ email: next });
    expect((await server.client().auth.signInWithPassword({ email: next, password: TEST_PASSWORD })).error).toBeNull();
  });
});
