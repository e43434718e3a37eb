import { isAuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../support/auth';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The sign-in methods this server does not offer answer as GoTrue does when they are switched off (SAML SSO, manual
 * identity linking, Web3), so supabase-js's callers get a named error, not "Not Found" (auth-js suite: SSO, Identity
 * Management and Web3 tests; docs/decisions/0024-auth-js-suite.md).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('sign-in methods this server does not offer', () => {
  it('signInWithSSO: 404 saml_provider_disabled "SAML 2.0 is disabled", by domain and by provider', async () => {
    const auth = server.client().auth;
    for (const params of [{ domain: 'example.com' }, { providerId: '00000000-0000-4000-8000-000000000000' }]) {
      const { data, error } = await auth.signInWithSSO(params);
      expect(data).toBeNull();
      expect(isAuthApiError(error) && { status: error.status, code: error.code, message: error.message }).toEqual({
        status: 404,
        code: 'saml_provider_disabled',
        message: 'SAML 2.0 is disabled',
      });
    }
  });

  it('linkIdentity / unlinkIdentity: 404 manual_linking_disabled for a signed-in user', async () => {
    const { client, user } = await signUpUser(server);
    const linked = await client.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(linked.error?.code).toBe('manual_linking_disabled');
    expect(linked.error?.message).toBe('Manual linking is disabled');
    expect(linked.error?.status).toBe(404);
    const identity = user.identities![0]!;
    const unlinked = await client.auth.unlinkIdentity(identity);
    expect(unlinked.error?.code).toBe('manual_linking_disabled');
    const { data } = await client.auth.getUserIdentities();
    expect(data?.identities.map((row) => row.identity_id)).toContain(identity.identity_id);
  });

  it('linkIdentity without a session is refused before anything else', async () => {
    const response = await fetch(`${server.url}/auth/v1/user/identities/authorize?provider=github`, {
      headers: { apikey: server.anonKey },
    });
    expect(response.status).toBe(401);
  });

  it('signInWithWeb3 (Solana, a signed message): 422 web3_provider_disabled "Web3 provider is disabled"', async () => {
    const { data, error } = await server.client().auth.signInWithWeb3({
      chain: 'solana',
      message: 'example.com wants you to sign in with your Solana account',
      signature: new Uint8Array(64),
    });
    expect(data).toEqual({ session: null, user: null });
    expect(isAuthApiError(error) && { status: error.status, code: error.code, message: error.message }).toEqual({
      status: 422,
      code: 'web3_provider_disabled',
      message: 'Web3 provider is disabled',
    });
  });
});
