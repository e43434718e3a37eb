import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInAdmin, signUpUser } from '../support/auth';
import { clientWithToken, rest } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The data API with sessions of the real auth server (/auth/v1): the shared contract that access tokens
 * carry `session_id` and that signing out deletes the session, so the data API refuses the token at once.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('data API with real sign-in', () => {
  it('a signed-up user works with its content, then its token stops working the moment it signs out', async () => {
    const user = await signUpUser(server, { metadata: { first_name: 'Sam', last_name: 'Signer', company_name: 'Sam Co' } });
    const created = await user.client.from('content_items').insert({ title: 'From a real session', user_id: user.user.id }).select().single();
    expect(created.error).toBeNull();
    const profile = await user.client.from('profiles').select('*').eq('user_id', user.user.id).single();
    expect(profile.data).toMatchObject({ first_name: 'Sam', last_name: 'Signer' });

    const token = user.session.access_token;
    const stale = clientWithToken(server, token);
    expect((await stale.from('content_items').select('id')).data).toEqual([{ id: created.data!.id }]);

    const { error } = await user.client.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    const after = await stale.from('content_items').select('id');
    expect(after.status).toBe(401);
    expect(after.error).toMatchObject({ code: 'PGRST303', message: 'Session from session_id claim in JWT does not exist' });
    const write = await stale.from('content_items').update({ title: 'After sign-out' }).eq('id', created.data!.id);
    expect(write.status).toBe(401);
    const [row] = await server.sql`select title from public.content_items where id = ${created.data!.id}`;
    expect(row).toEqual({ title: 'From a real session' });
  });

  it('a signed-out or deleted user’s token answers 401 on every verb, PUT and PATCH on a function included (issue 25, point 14)', async () => {
    const requests = [
      ['GET', '/content_items?select=id'],
      ['HEAD', '/content_items'],
      ['POST', '/content_items'],
      ['PATCH', '/content_items?id=eq.00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/content_items?id=eq.00000000-0000-4000-8000-000000000000'],
      ['PUT', '/content_items?id=eq.00000000-0000-4000-8000-000000000000'],
      ['PATCH', '/rpc/workspace_members'],
    ] as const;
    const answers = (token: string) =>
      Promise.all(requests.map(async ([method, path]) => {
        const response = await rest(server, method, path, { token, body: method === 'GET' || method === 'HEAD' ? undefined : {} });
        return `${method} ${path.split('?')[0]} ${response.status} ${(response.json as { code?: string } | undefined)?.code ?? ''}`.trim();
      }));

    const signedOut = await signUpUser(server);
    const deleted = await signUpUser(server);
    // A live token is routed: PUT and PATCH on a function are methods this API does not serve.
    expect((await answers(signedOut.session.access_token)).filter((answer) => / 405 /.test(answer))).toEqual([
      'PUT /content_items 405 PGRST117',
      'PATCH /rpc/workspace_members 405 PGRST101',
    ]);

    await signedOut.client.auth.signOut({ scope: 'global' });
    await server.sql`delete from auth.users where id = ${deleted.user.id}`;
    for (const token of [signedOut.session.access_token, deleted.session.access_token]) {
      expect(await answers(token)).toEqual(requests.map(([method, path]) => `${method} ${path.split('?')[0]} 401${method === 'HEAD' ? '' : ' PGRST303'}`));
    }
  });

  it('signing out one session (scope local) leaves the user’s other session working', async () => {
    const first = await signUpUser(server);
    const second = await signIn(server, first.email, first.password);
    await first.client.auth.signOut({ scope: 'local' });
    expect((await clientWithToken(server, first.session.access_token).from('content_items').select('id')).status).toBe(401);
    expect((await second.client.from('content_items').select('id')).status).toBe(200);
  });

  it('the site admin signed in through /auth/v1 may change the menu; its refreshed token works too', async () => {
    const admin = await signInAdmin(server);
    expect((await admin.client.rpc('is_site_admin')).data).toBe(true);
    const { data: refreshed, error } = await admin.client.auth.refreshSession();
    expect(error).toBeNull();
    const client = clientWithToken(server, refreshed.session!.access_token);
    const update = await client.from('menu_items').update({ name: 'Start' }).eq('sort_order', 1).select('name');
    expect(update.data).toEqual([{ name: 'Start' }]);
  });
});
