import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/src/lib/jwt';
import { parseJwtKeys, rotateJwtKeysText } from '../../server/src/lib/jwt-keys';
import { signIn, signUpUser, type SignedInUser } from '../support/auth';
import { enableTwoFactor, totpCode, type EnrolledFactor } from '../support/mfa';
import { clientWithToken } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

// "Members must use two-factor": a workspace's data refuses its members' aal1 tokens, in row-level security
// (supabase/migrations/20261128090100_require_two_factor_in_workspaces.sql), through the real auth server's tokens.
let server: TestServer;
let owner: SignedInUser;
let ownerFactor: EnrolledFactor;
let member: SignedInUser;
let workspace: string;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_EMAIL_PER_CLIENT: '100000' });
  owner = await signUpUser(server, { metadata: { first_name: 'Olga', last_name: 'Owner', company_name: 'Two Factor Co' } });
  const { data } = await owner.client.from('profiles').select('organization_id').eq('user_id', owner.user.id).single();
  workspace = data!.organization_id!;
  member = await signUpUser(server, { metadata: { first_name: 'Max', last_name: 'Member' } });
  await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${workspace}, ${member.user.id}, 'member')`;
  await server.sql`insert into public.content_items (organization_id, user_id, title) values (${workspace}, ${owner.user.id}, 'Launch plan')`;
  ownerFactor = await enableTwoFactor(owner.client);
});

afterAll(async () => {
  await server?.close();
});

const requireTwoFactor = (client: SignedInUser['client'], required: boolean) =>
  client.rpc('set_workspace_two_factor', { workspace_id: workspace, required });

describe('the setting', () => {
  it('only an owner changes it, and turns it on only from an aal2 session of their own', async () => {
    const ownerAal1 = await signIn(server, owner.email, owner.password);
    const early = await requireTwoFactor(ownerAal1.client, true);
    expect([early.status, early.error?.code, early.error?.details]).toEqual([400, 'P0001', 'own_two_factor_first']);
    const byMember = await requireTwoFactor(member.client, true);
    expect([byMember.status, byMember.error?.code, byMember.error?.details]).toEqual([403, '42501', 'role_too_low']);
    const direct = await owner.client.from('organizations').update({ require_two_factor: true } as never).eq('id', workspace).select('id');
    expect([direct.status, direct.error?.code]).toEqual([403, '42501']);

    const turnedOn = await requireTwoFactor(owner.client, true);
    expect(turnedOn.error).toBeNull();
    expect(turnedOn.data).toMatchObject({ id: workspace, require_two_factor: true });
  });
});

describe('a workspace that requires two-factor', () => {
  beforeAll(async () => {
    await server.sql`update public.organizations set require_two_factor = true where id = ${workspace}`;
  });

  it("refuses its members' aal1 tokens everywhere, and says why", async () => {
    const items = await member.client.from('content_items').select('title').eq('organization_id', workspace);
    expect(items.data).toEqual([]);
    expect((await member.client.from('organizations').select('id').eq('id', workspace)).data).toEqual([]);
    expect((await member.client.rpc('workspace_members', { workspace_id: workspace })).data).toEqual([]);
    const insert = await member.client.from('content_items').insert({ organization_id: workspace, user_id: member.user.id, title: 'Sneaked in' }).select('id');
    expect([insert.status, insert.error?.code]).toEqual([403, '42501']);
    const leave = await member.client.rpc('leave_workspace', { workspace_id: workspace });
    expect([leave.status, leave.error?.details]).toEqual([403, 'two_factor_required']);
    expect(leave.error?.message).toBe('This workspace requires two-factor authentication: turn it on in Account security, then sign in with your code.');

    const why = await member.client.rpc('workspaces_requiring_two_factor');
    expect(why.data).toEqual([{ id: workspace, name: 'Two Factor Co' }]);
    // Their own personal workspace does not require it: still theirs at aal1.
    const own = await member.client.from('organizations').select('id, require_two_factor');
    expect(own.data).toEqual([expect.objectContaining({ require_two_factor: false })]);
  });

  it('the owner too, until they enter their code; the same people with aal2 get everything', async () => {
    const ownerAal1 = await signIn(server, owner.email, owner.password);
    expect((await ownerAal1.client.from('content_items').select('title').eq('organization_id', workspace)).data).toEqual([]);
    expect((await ownerAal1.client.auth.mfa.challengeAndVerify({ factorId: ownerFactor.factorId, code: totpCode(ownerFactor.secret, 0) })).error).toBeNull();
    expect((await ownerAal1.client.from('content_items').select('title').eq('organization_id', workspace)).data).toEqual([{ title: 'Launch plan' }]);

    const enrolled = await signIn(server, member.email, member.password);
    await enableTwoFactor(enrolled.client);
    expect((await enrolled.client.from('content_items').select('title').eq('organization_id', workspace)).data).toEqual([{ title: 'Launch plan' }]);
    expect((await enrolled.client.rpc('workspaces_requiring_two_factor')).data).toEqual([]);
    const insert = await enrolled.client.from('content_items').insert({ organization_id: workspace, user_id: member.user.id, title: 'With a code' }).select('id');
    expect(insert.error).toBeNull();
  });

  it('refuses a forged aal claim: a payload raised to aal2, or a token signed with any key but the server\'s', async () => {
    const session = await signIn(server, member.email, member.password);
    const token = session.session.access_token;
    const [head, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.aal).toBe('aal1');
    const raised = Buffer.from(JSON.stringify({ ...claims, aal: 'aal2', amr: [{ method: 'totp', timestamp: claims.iat }] })).toString('base64url');
    const forgeries = {
      tampered: `${head}.${raised}.${signature}`,
      otherSecret: await new SignJWT({ ...claims, aal: 'aal2' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode('x'.repeat(40))),
      otherKey: await signAccessToken({ ...claims, aal: 'aal2' }, parseJwtKeys(await rotateJwtKeysText(undefined), server.jwtSecret)),
      unsigned: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${raised}.`,
    };
    for (const [name, forged] of Object.entries(forgeries)) {
      const result = await clientWithToken(server, forged).from('content_items').select('title').eq('organization_id', workspace);
      expect([name, result.status, result.error?.code]).toEqual([name, 401, 'PGRST301']);
    }
  });

  it('turned off, aal1 tokens get their access back', async () => {
    expect((await requireTwoFactor(owner.client, false)).error).toBeNull();
    const again = await signIn(server, member.email, member.password);
    expect((await again.client.from('content_items').select('title').eq('organization_id', workspace)).data?.length).toBeGreaterThan(0);
  });
});
