import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEmailTo, readOutbox } from '../support/auth';
import { clientWithToken, signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { mintSession } from '../support/tokens';
import { seedUser, uniqueEmail } from '../support/users';

/**
 * Invitations and memberships end to end through supabase-js, with the server's job runner sending e-mails: the two ways
 * a link reaches the invitee (copied, e-mailed), what a token is worth after use, revocation and expiry, and the
 * attacks the matrix cannot show in one call (a session that outlives its membership, owners racing each other).
 */

let server: TestServer;
let hosted: TestServer;
let owner: SignedInUser;

const tokenOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/').pop()!);

async function invite(inviter: SignedInUser, email: string, accessRole = 'member') {
  const { data, error } = await inviter.client.rpc('invite_to_workspace', { workspace_id: inviter.organizationId, email, access_role: accessRole }).single();
  expect(error).toBeNull();
  return data!;
}

async function drainMail(target: TestServer) {
  await target.app.jobRunner?.()?.drain();
}

beforeAll(async () => {
  [server, hosted] = await Promise.all([startTestServer(), startTestServer({}, { jobRunner: false })]);
  owner = await signedInUser(server, { metadata: { first_name: 'Olive', last_name: 'Owner', company_name: 'Acme Marketing' } });
});

afterAll(async () => {
  await Promise.all([server?.close(), hosted?.close()]);
});

describe('an invitation reaches the invitee by link and by e-mail', () => {
  it('queues the e-mail, which the worker sends with its own link; both links open the same invitation once', async () => {
    const email = uniqueEmail('ivy');
    const invitation = await invite(owner, email, 'viewer');
    expect(invitation.email_queued).toBe(true);
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await drainMail(server);

    const mail = await lastEmailTo(server, email);
    expect(mail).toMatchObject({ kind: 'workspace_invitation', subject: 'Olive Owner invited you to Acme Marketing on Beyond Brochures', smtp: 'not configured' });
    expect(mail.link).toMatch(new RegExp(`^${server.config.siteUrl}/invite/[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain('as a viewer');
    const emailed = tokenOf(mail.link);
    expect(emailed).not.toBe(invitation.token);

    // Only hashes are stored: neither token appears in any column of the invitation, its tokens or the queue.
    const [stored] = await server.sql<{ text: string }[]>`
      select concat_ws(' ', (select json_agg(i)::text from public.workspace_invitations i where i.id = ${invitation.invitation_id}),
        (select json_agg(t)::text from private.workspace_invitation_tokens t where t.invitation_id = ${invitation.invitation_id}),
        (select json_agg(e)::text from private.outgoing_emails e)) as text`;
    expect(stored!.text).not.toContain(invitation.token);
    expect(stored!.text).not.toContain(emailed);

    const anon = server.client();
    for (const token of [invitation.token, emailed]) {
      const preview = await anon.rpc('get_invitation', { token }).single();
      expect(preview.data).toMatchObject({ status: 'pending', workspace_name: 'Acme Marketing', inviter_name: 'Olive Owner', email, access_role: 'viewer' });
    }

    const invitee = await signedInUser(server, { email: email.toUpperCase() });
    const accepted = await invitee.client.rpc('accept_invitation', { token: emailed });
    expect([accepted.error, accepted.data]).toEqual([null, owner.organizationId]);
    const [membership] = await server.sql`select role from public.organization_members where organization_id = ${owner.organizationId} and user_id = ${invitee.id}`;
    expect(membership).toEqual({ role: 'viewer' });

    // Single use: the other link, and the same one again, now say it was used.
    for (const token of [invitation.token, emailed]) {
      const replay = await invitee.client.rpc('accept_invitation', { token });
      expect([replay.status, replay.error?.details]).toEqual([400, 'invitation_used']);
      expect((await anon.rpc('get_invitation', { token }).single()).data).toMatchObject({ status: 'accepted', email: null, workspace_name: null });
    }
  });

  it('on a backend without a worker (hosted Supabase before `npm run worker`) queues nothing and the copied link is the way in', async () => {
    const hostedOwner = await signedInUser(hosted, { metadata: { first_name: 'Hana', last_name: 'Host', company_name: 'Hosted Co' } });
    const email = uniqueEmail('hosted');
    const invitation = await invite(hostedOwner, email);
    expect(invitation.email_queued).toBe(false);
    expect(await hosted.sql`select id from private.outgoing_emails`).toEqual([]);
    const invitee = await signedInUser(hosted, { email });
    const accepted = await invitee.client.rpc('accept_invitation', { token: invitation.token });
    expect([accepted.error, accepted.data]).toEqual([null, hostedOwner.organizationId]);
  });

  it('a revoked invitation opens nothing, its queued e-mail is not sent, and an expired one says so until resent', async () => {
    // A worker that is alive but does not send yet (no job runner here, only its heartbeat): the e-mails stay queued while the test looks at them.
    await hosted.sql`insert into private.job_workers (worker_id) values ('paused-worker')`;
    const inviter = await signedInUser(hosted);
    const email = uniqueEmail('late');
    const invitee = await signedInUser(hosted, { email });

    const revoked = await invite(inviter, email);
    expect(revoked.email_queued).toBe(true);
    await inviter.client.rpc('revoke_invitation', { invitation_id: revoked.invitation_id }).throwOnError();
    const [queued] = await hosted.sql<{ cancelled: boolean }[]>`
      select cancelled_at is not null as cancelled from private.outgoing_emails where payload ->> 'invitation_id' = ${revoked.invitation_id}`;
    expect(queued).toEqual({ cancelled: true });
    const refused = await invitee.client.rpc('accept_invitation', { token: revoked.token });
    expect([refused.status, refused.error?.details]).toEqual([400, 'invitation_revoked']);

    const renewed = await invite(inviter, email);
    await hosted.sql`update public.workspace_invitations set expires_at = now() - interval '1 second', last_sent_at = null where id = ${renewed.invitation_id}`;
    const expired = await invitee.client.rpc('accept_invitation', { token: renewed.token });
    expect([expired.status, expired.error?.details]).toEqual([400, 'invitation_expired']);
    const resent = await inviter.client.rpc('resend_invitation', { invitation_id: renewed.invitation_id }).single();
    expect(resent.data?.email_queued).toBe(true);
    expect(new Date(resent.data!.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const again = await inviter.client.rpc('resend_invitation', { invitation_id: renewed.invitation_id });
    expect([again.status, again.error?.details]).toEqual([429, 'resent_recently']);
    const joined = await invitee.client.rpc('accept_invitation', { token: renewed.token });
    expect(joined.error).toBeNull();
    await hosted.sql`delete from private.job_workers`;
  });

  it('refuses another address, an unconfirmed address and a signed-out caller, joining nobody', async () => {
    const email = uniqueEmail('bound');
    const invitation = await invite(owner, email);
    const stranger = await signedInUser(server);
    const wrong = await stranger.client.rpc('accept_invitation', { token: invitation.token });
    expect([wrong.status, wrong.error?.details]).toEqual([403, 'email_mismatch']);

    const unconfirmed = await seedUser(server.sql, { email });
    await server.sql`update auth.users set email_confirmed_at = null where id = ${unconfirmed.id}`;
    const session = await mintSession(server.sql, server.jwtSecret, unconfirmed.id);
    const early = await clientWithToken(server, session.accessToken).rpc('accept_invitation', { token: invitation.token });
    expect([early.status, early.error?.details]).toEqual([403, 'email_unconfirmed']);

    const anon = await server.client().rpc('accept_invitation', { token: invitation.token });
    expect([anon.status, anon.error?.code]).toEqual([401, '42501']);
    expect(await server.sql`select user_id from public.organization_members where organization_id = ${owner.organizationId} and user_id in (${stranger.id}, ${unconfirmed.id})`).toEqual([]);
  });

  it('caps invitations at 50 per workspace per hour (429)', async () => {
    const inviter = await signedInUser(hosted);
    await hosted.sql`
      insert into public.workspace_invitations (organization_id, email, role)
      select ${inviter.organizationId}, 'bulk' || n || '@example.com', 'viewer' from generate_series(1, 50) n`;
    const refused = await inviter.client.rpc('invite_to_workspace', { workspace_id: inviter.organizationId, email: uniqueEmail(), access_role: 'viewer' });
    expect([refused.status, refused.error?.code, refused.error?.details]).toEqual([429, 'PT429', 'too_many_invitations']);
  });
});

describe('memberships', () => {
  it('a removed member’s still-valid access token loses the workspace at once', async () => {
    const member = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${member.id}, 'member')`;
    const [{ id }] = await server.sql<{ id: string }[]>`
      insert into public.content_items (organization_id, user_id, title) values (${owner.organizationId}, ${owner.id}, 'Shared plan') returning id`;
    expect((await member.client.from('content_items').select('id').eq('id', id)).data).toEqual([{ id }]);

    await owner.client.rpc('remove_member', { workspace_id: owner.organizationId, user_id: member.id }).throwOnError();

    expect((await member.client.from('content_items').select('id').eq('id', id)).data).toEqual([]);
    expect((await member.client.from('content_items').update({ title: 'Mine now' }).eq('id', id).select('id')).data).toEqual([]);
    const insert = await member.client.from('content_items').insert({ organization_id: owner.organizationId, user_id: member.id, title: 'Late' });
    expect([insert.status, insert.error?.code]).toEqual([403, '42501']);
    expect((await member.client.rpc('workspace_members', { workspace_id: owner.organizationId })).data).toEqual([]);
    expect(await server.sql`select title from public.content_items where id = ${id}`).toEqual([{ title: 'Shared plan' }]);
  });

  it('two owners demoting each other at the same time leave the workspace one owner', async () => {
    const first = await signedInUser(server);
    const second = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${first.organizationId}, ${second.id}, 'owner')`;
    const results = await Promise.all([
      first.client.rpc('change_member_role', { workspace_id: first.organizationId, user_id: first.id, access_role: 'member' }),
      second.client.rpc('change_member_role', { workspace_id: first.organizationId, user_id: second.id, access_role: 'member' }),
    ]);
    expect(results.map((result) => result.error?.details ?? 'ok').sort()).toEqual(['last_owner', 'ok']);
    const owners = await server.sql`select user_id from public.organization_members where organization_id = ${first.organizationId} and role = 'owner'`;
    expect(owners).toHaveLength(1);
  });

  it('a deleted account does not leave its workspace without an owner: the most senior member takes over', async () => {
    const founder = await signedInUser(server);
    const colleague = await signedInUser(server);
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${founder.organizationId}, ${colleague.id}, 'admin')`;
    await server.sql`delete from auth.users where id = ${founder.id}`;
    expect(await server.sql`select user_id, role from public.organization_members where organization_id = ${founder.organizationId}`).toEqual([
      { user_id: colleague.id, role: 'owner' },
    ]);
  });

  it('members see each other’s names and marketing roles, and nothing of their other workspaces', async () => {
    const colleague = await signedInUser(server, { metadata: { first_name: 'Cara', last_name: 'Colleague', company_name: 'Cara’s Other Co' } });
    await server.sql`update public.profiles set marketing_role = 'seo_sem_specialist' where user_id = ${colleague.id}`;
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${colleague.id}, 'member')`;
    const { data } = await owner.client.rpc('workspace_members', { workspace_id: owner.organizationId });
    expect(data).toContainEqual(expect.objectContaining({ user_id: colleague.id, first_name: 'Cara', last_name: 'Colleague', marketing_role: 'seo_sem_specialist', access_role: 'member', email: colleague.email }));
    const text = JSON.stringify(data) + JSON.stringify((await owner.client.from('profiles').select('*')).data);
    expect(text).not.toContain(colleague.organizationId);
    expect(text).not.toContain('Cara’s Other Co');
    expect((await owner.client.from('organizations').select('id').eq('id', colleague.organizationId)).data).toEqual([]);
  });

  it('outbox e-mails are only the ones this file asked for', async () => {
    const kinds = new Set((await readOutbox(server)).map((message) => message.kind));
    expect([...kinds]).toEqual(['workspace_invitation']);
  });
});
