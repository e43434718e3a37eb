import type { AuthChangeEvent } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database';
import { authFetch, lastEmailTo, linkOnServer, passResendInterval, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// PKCE (supabase-js `flowType: 'pkce'`, the flow of @supabase/ssr): e-mail links answer with `?code=`, which the
// client that started the flow exchanges once, with its code verifier, for the session. E-mail confirmation on.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'false', RATE_LIMIT_EMAIL_PER_CLIENT: '100000' });
});

afterAll(async () => {
  await server?.close();
});

/** A PKCE client (verifiers kept in memory) and the bodies of its code exchanges. */
function pkceClient() {
  const store = new Map<string, string>();
  const exchanges: string[] = [];
  const events: AuthChangeEvent[] = [];
  const client = createClient<Database>(server.url, server.anonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => void store.set(key, value), removeItem: (key) => void store.delete(key) },
    },
    global: {
      fetch: (input, init) => {
        if (String(input).includes('grant_type=pkce')) exchanges.push(String(init?.body));
        return fetch(input, init);
      },
    },
  });
  client.auth.onAuthStateChange((event) => void events.push(event));
  return { client, exchanges, events };
}

/** Opens an e-mail link as a browser would; the 303 target. */
async function openLink(link: string): Promise<URL> {
  const response = await fetch(linkOnServer(server, link), { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

const redirectTo = () => `${server.url}/auth`;

describe('PKCE sign-up', () => {
  it('the confirmation link answers with ?code=; the client exchanges it once for the session', async () => {
    const email = uniqueEmail('pkce');
    const { client, exchanges, events } = pkceClient();
    const signUp = await client.auth.signUp({ email, password: TEST_PASSWORD, options: { emailRedirectTo: redirectTo(), data: { first_name: 'Pia' } } });
    expect([signUp.error, signUp.data.session]).toEqual([null, null]);
    const [flow] = await server.sql`select code_challenge_method, authentication_method from auth.flow_state where user_id = ${signUp.data.user!.id}`;
    expect(flow).toEqual({ code_challenge_method: 's256', authentication_method: 'email/signup' });

    const message = await lastEmailTo(server, email, 'signup');
    expect(new URL(message.link).searchParams.get('token')).toMatch(/^pkce_/);
    const target = await openLink(message.link);
    expect(`${target.origin}${target.pathname}`).toBe(redirectTo());
    const code = target.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(target.hash).toBe('');

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user).toMatchObject({ email, user_metadata: { first_name: 'Pia', email_verified: true } });
    expect(decodeJwt(exchanged.data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'email/signup' }] });
    expect(events).toContain('SIGNED_IN');

    // The same code and verifier again: the flow is gone.
    const replay = await authFetch(server, '/token?grant_type=pkce', { body: exchanges[0] });
    expect([replay.status, await replay.json()]).toEqual([404, { code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' }]);
  });

  it('refuses a wrong verifier (the code stays for its holder), a code before its link, and a code past five minutes', async () => {
    const email = uniqueEmail('pkce');
    const { client } = pkceClient();
    const { data } = await client.auth.signUp({ email, password: TEST_PASSWORD, options: { emailRedirectTo: redirectTo() } });
    const [{ auth_code: unissued }] = await server.sql<{ auth_code: string }[]>`select auth_code from auth.flow_state where user_id = ${data.user!.id}`;
    const early = await authFetch(server, '/token?grant_type=pkce', { body: { auth_code: unissued, code_verifier: 'x'.repeat(43) } });
    expect(early.status).toBe(404);

    const code = (await openLink((await lastEmailTo(server, email, 'signup')).link)).searchParams.get('code')!;
    const wrong = await authFetch(server, '/token?grant_type=pkce', { body: { auth_code: code, code_verifier: 'y'.repeat(43) } });
    expect([wrong.status, await wrong.json()]).toEqual([400, { code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' }]);
    const missing = await authFetch(server, '/token?grant_type=pkce', { body: { auth_code: code } });
    expect((await missing.json()).message).toBe('invalid request: both auth code and code verifier should be non-empty');

    await server.sql`update auth.flow_state set auth_code_issued_at = now() - interval '301 seconds' where auth_code = ${code}`;
    const expired = await client.auth.exchangeCodeForSession(code);
    expect([expired.error?.status, expired.error?.code]).toEqual([422, 'flow_state_expired']);
    expect(await server.sql`select 1 from auth.flow_state where auth_code = ${code}`).toHaveLength(0);
  });

  it('refuses a code challenge GoTrue refuses', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code_challenge: 'short', code_challenge_method: 's256' }, 'code challenge has to be between 43 and 128 characters'],
      [{ code_challenge: `${'a'.repeat(42)}!`, code_challenge_method: 's256' }, 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes'],
      [{ code_challenge: 'a'.repeat(43), code_challenge_method: 'md5' }, 'unsupported code_challenge method "md5"'],
      [{ code_challenge_method: 's256' }, 'PKCE flow requires code_challenge_method and code_challenge'],
    ];
    for (const [pkce, message] of cases) {
      const response = await authFetch(server, '/signup', { body: { email: uniqueEmail(), password: TEST_PASSWORD, ...pkce } });
      expect([response.status, await response.json()]).toEqual([400, { code: 'validation_failed', message }]);
    }
  });
});

describe('PKCE sign-in link, recovery and e-mail change', () => {
  async function confirmedUser() {
    const email = uniqueEmail('pkce');
    const { client } = pkceClient();
    await client.auth.signUp({ email, password: TEST_PASSWORD, options: { emailRedirectTo: redirectTo() } });
    const code = (await openLink((await lastEmailTo(server, email, 'signup')).link)).searchParams.get('code')!;
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
    return { email, client };
  }

  it('a sign-in link (signInWithOtp) gives a code for the client that asked for it', async () => {
    const { email } = await confirmedUser();
    const { client } = pkceClient();
    expect((await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: redirectTo() } })).error).toBeNull();
    const code = (await openLink((await lastEmailTo(server, email, 'magiclink')).link)).searchParams.get('code')!;
    // Another client holds no verifier for it.
    expect((await pkceClient().client.auth.exchangeCodeForSession(code)).error?.name).toBe('AuthPKCECodeVerifierMissingError');
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(decodeJwt(exchanged.data.session!.access_token)).toMatchObject({ email, amr: [{ method: 'magiclink' }] });
  });

  it('a recovery link gives a code whose session emits PASSWORD_RECOVERY and may set a new password', async () => {
    const { email } = await confirmedUser();
    const { client, events } = pkceClient();
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: redirectTo() })).error).toBeNull();
    const code = (await openLink((await lastEmailTo(server, email, 'recovery')).link)).searchParams.get('code')!;
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(decodeJwt(exchanged.data.session!.access_token)).toMatchObject({ amr: [{ method: 'recovery' }] });
    expect((await client.auth.updateUser({ password: 'a-recovered-password' })).error).toBeNull();
  });

  it('an e-mail change confirms both addresses; the second link gives the code of the changed session', async () => {
    const { email, client } = await confirmedUser();
    const next = uniqueEmail('moved');
    await passResendInterval(server, 'email_change', next);
    expect((await client.auth.updateUser({ email: next }, { emailRedirectTo: redirectTo() })).error).toBeNull();
    const first = await openLink((await lastEmailTo(server, email, 'email_change_current')).link);
    expect(new URLSearchParams(first.hash.slice(1)).get('message')).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
    const code = (await openLink((await lastEmailTo(server, next, 'email_change_new')).link)).searchParams.get('code')!;
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user!.email).toBe(next);
    expect(decodeJwt(exchanged.data.session!.access_token)).toMatchObject({ email: next, amr: [{ method: 'email_change' }] });
  });

  it('an expired link answers with the error in the query as well as the fragment', async () => {
    const { email } = await confirmedUser();
    const { client } = pkceClient();
    await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: redirectTo() } });
    const message = await lastEmailTo(server, email, 'magiclink');
    await server.sql`update auth.one_time_tokens set expires_at = now() - interval '1 second' where relates_to = ${email}`;
    const target = await openLink(message.link);
    expect(target.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(target.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });
});
