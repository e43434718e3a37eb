import { createClient } from '@supabase/supabase-js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptString } from '../../server/src/lib/encryption-keys';
import type { Database } from '../../src/types/database';
import { authFetch, lastEmailTo, linkOnServer, signIn, signUpUser } from '../support/auth';
import { awayFromStepEnd, enableTwoFactor, enrollTotp, totpCode } from '../support/mfa';
import { startTestServer, type TestServer } from '../support/test-server';

// TOTP two-factor through supabase-js's `auth.mfa`, as GoTrue answers it, and what this server adds: the secret
// stored encrypted and shown once, a code accepted once, codes tried against a factor limited.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_EMAIL_PER_CLIENT: '100000' });
});

afterAll(async () => {
  await server?.close();
});

const claimsOf = (token: string) => decodeJwt(token) as { aal: string; amr: { method: string }[]; session_id: string };

describe('enrolment', () => {
  it('answers the secret, an otpauth:// URI and an SVG QR code once, and stores the secret encrypted', async () => {
    const { client, email } = await signUpUser(server);
    const factor = await enrollTotp(client);
    const host = new URL(server.config.siteUrl).host;
    expect(factor.uri).toBe(
      `otpauth://totp/${encodeURIComponent(host)}:${encodeURIComponent(email)}?issuer=${encodeURIComponent(host)}&secret=${factor.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(factor.secret).toMatch(/^[A-Z2-7]{32}$/);
    // supabase-js makes the SVG a data URI; a `#` in it would end the data.
    expect(factor.qrCode.startsWith('data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(factor.qrCode).not.toContain('#');

    const [row] = await server.sql<{ secret: string; status: string }[]>`select secret, status from auth.mfa_factors where id = ${factor.factorId}`;
    expect(row!.status).toBe('unverified');
    expect(row!.secret).not.toContain(factor.secret);
    expect(JSON.parse(row!.secret)).toMatchObject({ key_id: server.encryptionKeys.current, alg: 'aes-gcm-hkdf' });
    expect(decryptString(factor.factorId, row!.secret, server.encryptionKeys).plaintext).toBe(factor.secret);

    // Afterwards the factor is listed, never its secret.
    const { data } = await client.auth.getUser();
    expect(JSON.stringify(data.user)).not.toContain(factor.secret);
    expect(data.user!.factors).toEqual([
      expect.objectContaining({ id: factor.factorId, friendly_name: 'Authenticator app', factor_type: 'totp', status: 'unverified', phone: '' }),
    ]);
    const listed = await client.auth.mfa.listFactors();
    expect([listed.data!.all.length, listed.data!.totp.length]).toEqual([1, 0]);
  });

  it('refuses another factor of the same name, and factor types this server does not enrol', async () => {
    const { client } = await signUpUser(server);
    await enrollTotp(client, 'Phone');
    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect([again.error?.status, again.error?.code]).toEqual([422, 'mfa_factor_name_conflict']);
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect([phone.error?.status, phone.error?.code]).toEqual([422, 'mfa_phone_enroll_not_enabled']);
  });
});

describe('challenge and verify', () => {
  it('steps the session up to aal2 (amr totp, RS256) with a new refresh token; a refresh keeps aal2', async () => {
    const { client, session } = await signUpUser(server);
    const factor = await enrollTotp(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.factorId });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);

    const verified = await client.auth.mfa.verify({ factorId: factor.factorId, challengeId: challenge.data!.id, code: totpCode(factor.secret) });
    expect(verified.error).toBeNull();
    const token = verified.data!.access_token;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: server.jwtKeys.signing!.kid });
    expect(claimsOf(token).aal).toBe('aal2');
    expect(claimsOf(token).amr.map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect(verified.data!.refresh_token).not.toBe(session.refresh_token);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const [row] = await server.sql<{ aal: string; factor_id: string }[]>`select aal, factor_id from auth.sessions where id = ${claimsOf(token).session_id}`;
    expect(row).toEqual({ aal: 'aal2', factor_id: factor.factorId });

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
    // The aal1 refresh token of before the step-up no longer refreshes.
    const stale = await authFetch(server, '/token?grant_type=refresh_token', { body: { refresh_token: session.refresh_token } });
    expect(stale.status).toBe(400);
  });

  it('accepts a code once: the same code, or one of an earlier step, is refused within its window', async () => {
    const user = await signUpUser(server);
    // The codes of steps 0 and -1 below must be of the step the factor was enabled in.
    await awayFromStepEnd(15_000);
    const factor = await enableTwoFactor(user.client, 0);
    const again = await signIn(server, user.email, user.password);
    const replay = await again.client.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: totpCode(factor.secret, 0) });
    expect([replay.error?.status, replay.error?.code, replay.error?.message]).toEqual([
      422,
      'mfa_verification_failed',
      'Invalid TOTP code entered: this code was already used, wait for the next one',
    ]);
    const older = await again.client.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: totpCode(factor.secret, -1) });
    expect(older.error?.code).toBe('mfa_verification_failed');
    const next = await again.client.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: totpCode(factor.secret, 1) });
    expect(next.error).toBeNull();
  });

  it('refuses a wrong code, an expired challenge and a used one, and limits the codes tried against a factor', async () => {
    const { client } = await signUpUser(server);
    const factor = await enrollTotp(client);
    const challenge = (await client.auth.mfa.challenge({ factorId: factor.factorId })).data!;
    const wrong = await client.auth.mfa.verify({ factorId: factor.factorId, challengeId: challenge.id, code: '000000' === totpCode(factor.secret) ? '111111' : '000000' });
    expect([wrong.error?.status, wrong.error?.code, wrong.error?.message]).toEqual([422, 'mfa_verification_failed', 'Invalid TOTP code entered']);

    await server.sql`update auth.mfa_challenges set created_at = created_at - interval '301 seconds' where id = ${challenge.id}`;
    const expired = await client.auth.mfa.verify({ factorId: factor.factorId, challengeId: challenge.id, code: totpCode(factor.secret) });
    expect([expired.error?.status, expired.error?.code]).toEqual([422, 'mfa_challenge_expired']);

    // Five codes at once, then one every five minutes, from any address: the sixth wrong code waits.
    const fresh = (await client.auth.mfa.challenge({ factorId: factor.factorId })).data!;
    const codes = ['000001', '000002', '000003'].filter((code) => code !== totpCode(factor.secret));
    for (const code of codes) await client.auth.mfa.verify({ factorId: factor.factorId, challengeId: fresh.id, code });
    const limited = await client.auth.mfa.verify({ factorId: factor.factorId, challengeId: fresh.id, code: totpCode(factor.secret) });
    expect([limited.error?.status, limited.error?.code]).toEqual([429, 'over_request_rate_limit']);
    expect(limited.error?.message).toMatch(/^Too many codes tried for this factor: please try again in \d+ seconds\.$/);
  });

  it("another user's factor, and a challenge of another factor, are not found", async () => {
    const owner = await signUpUser(server);
    const stranger = await signUpUser(server);
    const factor = await enrollTotp(owner.client);
    const challenge = await stranger.client.auth.mfa.challenge({ factorId: factor.factorId });
    expect([challenge.error?.status, challenge.error?.code]).toEqual([404, 'mfa_factor_not_found']);
    const own = await enrollTotp(stranger.client);
    const ownChallenge = (await stranger.client.auth.mfa.challenge({ factorId: own.factorId })).data!;
    const crossed = await owner.client.auth.mfa.verify({ factorId: factor.factorId, challengeId: ownChallenge.id, code: totpCode(factor.secret) });
    expect([crossed.error?.status, crossed.error?.code]).toEqual([422, 'mfa_factor_not_found']);
  });

  it("ends the user's other sessions that are still aal1 (GoTrue's rule)", async () => {
    const user = await signUpUser(server);
    const other = await signIn(server, user.email, user.password);
    await enableTwoFactor(user.client);
    const { error } = await other.client.auth.getUser();
    expect(error?.message).toBe('Auth session missing!');
  });
});

describe('signing in with a second factor', () => {
  it('a password gives aal1 (next level aal2); the password and the address change only from aal2', async () => {
    const user = await signUpUser(server);
    const factor = await enableTwoFactor(user.client);
    const fresh = await signIn(server, user.email, user.password);
    expect((await fresh.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await fresh.client.auth.updateUser({ password: 'another-long-password' });
    expect([refused.error?.status, refused.error?.code]).toEqual([401, 'insufficient_aal']);
    const email = await fresh.client.auth.updateUser({ email: `moved-${user.email}` });
    expect(email.error?.code).toBe('insufficient_aal');
    // Metadata is not guarded.
    expect((await fresh.client.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();

    expect((await fresh.client.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: totpCode(factor.secret, 0) })).error).toBeNull();
    expect((await fresh.client.auth.updateUser({ password: 'another-long-password' })).error).toBeNull();
  });

  it('a recovery link does not bypass the factor: its session is aal1 and cannot set a new password without the code', async () => {
    const user = await signUpUser(server);
    const factor = await enableTwoFactor(user.client);
    const anon = server.client();
    expect((await anon.auth.resetPasswordForEmail(user.email, { redirectTo: `${server.url}/auth` })).error).toBeNull();
    const message = await lastEmailTo(server, user.email, 'recovery');
    const response = await fetch(linkOnServer(server, message.link), { redirect: 'manual' });
    const hash = new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
    const recovered = createClient<Database>(server.url, server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    await recovered.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    expect(claimsOf(hash.get('access_token')!).aal).toBe('aal1');
    expect((await recovered.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const refused = await recovered.auth.updateUser({ password: 'taken-over-password' });
    expect(refused.error?.code).toBe('insufficient_aal');
    expect((await recovered.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: totpCode(factor.secret, 0) })).error).toBeNull();
    expect((await recovered.auth.updateUser({ password: 'recovered-password' })).error).toBeNull();
  });

  it('turning two-factor off needs a fresh code: refused at aal1, then the factor goes and its sessions fall back to aal1', async () => {
    const user = await signUpUser(server);
    const factor = await enableTwoFactor(user.client);
    const fresh = await signIn(server, user.email, user.password);
    const refused = await fresh.client.auth.mfa.unenroll({ factorId: factor.factorId });
    expect([refused.error?.status, refused.error?.code]).toEqual([422, 'insufficient_aal']);
    expect((await fresh.client.auth.mfa.challengeAndVerify({ factorId: factor.factorId, code: totpCode(factor.secret, 0) })).error).toBeNull();
    const sessionId = claimsOf((await fresh.client.auth.getSession()).data.session!.access_token).session_id;
    expect((await fresh.client.auth.mfa.unenroll({ factorId: factor.factorId })).error).toBeNull();
    const [row] = await server.sql<{ aal: string; factor_id: string | null }[]>`select aal, factor_id from auth.sessions where id = ${sessionId}`;
    expect(row).toEqual({ aal: 'aal1', factor_id: null });
    const refreshed = await fresh.client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
    expect((await fresh.client.auth.mfa.listFactors()).data!.all).toEqual([]);
  });

  it('an administrator (service key) lists and removes a factor of a user who lost their authenticator', async () => {
    const user = await signUpUser(server);
    const factor = await enableTwoFactor(user.client);
    const admin = createClient(server.url, server.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.user.id });
    expect(listed.data!.factors.map((item) => [item.id, item.status])).toEqual([[factor.factorId, 'verified']]);
    expect((await admin.auth.admin.mfa.deleteFactor({ userId: user.user.id, id: factor.factorId })).error).toBeNull();
    const refused = await user.client.auth.admin.mfa.listFactors({ userId: user.user.id });
    expect(refused.error).not.toBeNull();
    expect((await signIn(server, user.email, user.password)).session.user.factors ?? []).toEqual([]);
  });
});

describe('asymmetric access tokens', () => {
  it('getClaims verifies the RS256 token with the published key, without asking GET /user', async () => {
    const requests: string[] = [];
    const client = createClient<Database>(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: (input, init) => {
          requests.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname);
          return fetch(input, init);
        },
      },
    });
    const { email } = await signUpUser(server);
    expect((await client.auth.signInWithPassword({ email, password: 'correct-horse-battery' })).error).toBeNull();
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims).toMatchObject({ email, aal: 'aal1', role: 'authenticated' });
    expect(data!.header).toMatchObject({ alg: 'RS256', kid: server.jwtKeys.signing!.kid });
    expect(requests).toContain('/auth/v1/.well-known/jwks.json');
    expect(requests).not.toContain('/auth/v1/user');
  });

  it('the data API accepts RS256 user tokens beside HS256 ones, and the HS256 API keys keep working', async () => {
    const user = await signUpUser(server);
    expect(decodeProtectedHeader(user.session.access_token).alg).toBe('RS256');
    const rows = await user.client.from('profiles').select('user_id').eq('user_id', user.user.id);
    expect(rows.data).toEqual([{ user_id: user.user.id }]);
    expect(decodeProtectedHeader(server.anonKey).alg).toBe('HS256');
    const anonymous = await server.client().from('profiles').select('user_id');
    expect([anonymous.status, anonymous.error?.code]).toEqual([401, '42501']);
  });
});
