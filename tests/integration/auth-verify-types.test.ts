import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEmailTo, passResendInterval, readOutbox, TEST_PASSWORD } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

// `verifyOtp` with every e-mail type GoTrue's POST /verify takes (signup, magiclink, recovery, email_change, email),
// by the 6-digit code with its address and by the link's token hash, through supabase-js. E-mail confirmation on,
// so an e-mail change asks both addresses, as on a hosted project.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ AUTH_AUTOCONFIRM: 'false', RATE_LIMIT_EMAIL_PER_CLIENT: '100000' });
});

afterAll(async () => {
  await server?.close();
});

/** The link's token: what an e-mail template's `{{ .TokenHash }}` gives an app that verifies on its own page. */
const tokenHashOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Signs up and confirms with the sign-up e-mail's code (type signup); the signed-in client. */
async function confirmedUser() {
  const email = uniqueEmail('verify');
  const client = server.client();
  const signedUp = await client.auth.signUp({ email, password: TEST_PASSWORD });
  expect([signedUp.error, signedUp.data.session]).toEqual([null, null]);
  const { otp } = await lastEmailTo(server, email, 'signup');
  const confirmed = await client.auth.verifyOtp({ email, token: otp, type: 'signup' });
  expect(confirmed.error).toBeNull();
  expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
  return { email, client };
}

describe('verifyOtp types', () => {
  it('magiclink: the code with its address, or the token hash of the link, signs in once; another type does not take it', async () => {
    const { email } = await confirmedUser();
    await server.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const first = await lastEmailTo(server, email, 'magiclink');
    const wrongType = await server.client().auth.verifyOtp({ email, token: first.otp, type: 'email_change' });
    expect([wrongType.error?.status, wrongType.error?.code]).toEqual([403, 'otp_expired']);
    const byCode = await server.client().auth.verifyOtp({ email, token: first.otp, type: 'magiclink' });
    expect(byCode.error).toBeNull();
    expect(decodeJwt(byCode.data.session!.access_token)).toMatchObject({ email, aal: 'aal1' });
    expect((await server.client().auth.verifyOtp({ email, token: first.otp, type: 'magiclink' })).error?.code).toBe('otp_expired');

    // A minute later, another link (sent after the answer: wait for it).
    await passResendInterval(server, 'magiclink', email);
    await server.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    await expect.poll(async () => (await readOutbox(server)).filter((message) => message.to === email && message.kind === 'magiclink').length).toBe(2);
    const second = await lastEmailTo(server, email, 'magiclink');
    expect(second.id).not.toBe(first.id);
    const byHash = await server.client().auth.verifyOtp({ token_hash: tokenHashOf(second.link), type: 'magiclink' });
    expect(byHash.error).toBeNull();
    expect(byHash.data.user?.email).toBe(email);
    const again = await server.client().auth.verifyOtp({ token_hash: tokenHashOf(second.link), type: 'magiclink' });
    expect([again.error?.status, again.error?.code, again.error?.message]).toEqual([403, 'otp_expired', 'Email link is invalid or has expired']);
  });

  it('recovery: the code signs in for a new password, once, and only as a recovery', async () => {
    const { email } = await confirmedUser();
    expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { otp } = await lastEmailTo(server, email, 'recovery');
    expect((await server.client().auth.verifyOtp({ email, token: otp, type: 'signup' })).error?.code).toBe('otp_expired');
    const client = server.client();
    const verified = await client.auth.verifyOtp({ email, token: otp, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(decodeJwt(verified.data.session!.access_token)).toMatchObject({ email, aal: 'aal1' });
    expect((await client.auth.updateUser({ password: 'a-recovered-password' })).error).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: 'a-recovered-password' })).error).toBeNull();
    expect((await server.client().auth.verifyOtp({ email, token: otp, type: 'recovery' })).error?.code).toBe('otp_expired');
  });

  it('email_change: the current address confirms first (a message, no session), then the new one gives the session', async () => {
    const { email, client } = await confirmedUser();
    const next = uniqueEmail('moved');
    await passResendInterval(server, 'email_change', next);
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();
    const current = await lastEmailTo(server, email, 'email_change_current');
    const added = await lastEmailTo(server, next, 'email_change_new');
    // Each code belongs to its own address.
    expect((await server.client().auth.verifyOtp({ email: next, token: current.otp, type: 'email_change' })).error?.code).toBe('otp_expired');

    const half = await server.client().auth.verifyOtp({ email, token: current.otp, type: 'email_change' });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    const [unchanged] = await server.sql<{ email: string }[]>`select email from auth.users where email = ${email}`;
    expect(unchanged?.email).toBe(email);

    const done = await server.client().auth.verifyOtp({ token_hash: tokenHashOf(added.link), type: 'email_change' });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(next);
    expect(decodeJwt(done.data.session!.access_token)).toMatchObject({ email: next });
    expect((await server.client().auth.signInWithPassword({ email: next, password: TEST_PASSWORD })).error).toBeNull();
    expect((await server.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error?.code).toBe('invalid_credentials');
  });

  it('email: a sign-in code or a recovery code, never a code of an e-mail change', async () => {
    const { email, client } = await confirmedUser();
    await passResendInterval(server, 'magiclink', email);
    await server.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const { otp } = await lastEmailTo(server, email, 'magiclink');
    expect((await server.client().auth.verifyOtp({ email, token: otp, type: 'email' })).error).toBeNull();

    const next = uniqueEmail('moved');
    await passResendInterval(server, 'email_change', next);
    await client.auth.updateUser({ email: next });
    const added = await lastEmailTo(server, next, 'email_change_new');
    const refused = await server.client().auth.verifyOtp({ email: next, token: added.otp, type: 'email' });
    expect([refused.error?.status, refused.error?.code]).toEqual([403, 'otp_expired']);
  });
});
