import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A workspace's time zone (issue 29: the default zone of automation waits) through supabase-js against the real server
 * and PostgreSQL: UTC until set; admins and owners set it to a zone PostgreSQL knows (pg_timezone_names), and a zone it
 * does not know is refused with a clear error, changing nothing; members, viewers, other workspaces and anonymous
 * callers cannot set it, nor can anyone write the column directly; the database refuses an unknown zone from any writer.
 */

let server: TestServer;
let owner: SignedInUser;
let admin: SignedInUser;
let member: SignedInUser;
let viewer: SignedInUser;
let other: SignedInUser;

const setZone = (user: SignedInUser, timeZone: string, workspaceId = owner.organizationId) =>
  user.client.rpc('set_workspace_time_zone', { workspace_id: workspaceId, time_zone: timeZone });

const zoneOf = async (workspaceId: string) => (await server.sql<{ time_zone: string }[]>`select time_zone from public.organizations where id = ${workspaceId}`)[0]!.time_zone;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInUser(server);
  admin = await signedInUser(server);
  member = await signedInUser(server);
  viewer = await signedInUser(server);
  other = await signedInUser(server);
  for (const [user, role] of [[admin, 'admin'], [member, 'member'], [viewer, 'viewer']] as const) {
    await server.sql`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${user.id}, ${role})`;
  }
});

afterAll(async () => {
  await server?.close();
});

describe('a workspace’s time zone', () => {
  it('is UTC until an owner or admin sets it, and every member reads it', async () => {
    const { data: created, error: createError } = await other.client.rpc('create_workspace', { name: 'Fresh' });
    expect(createError).toBeNull();
    expect(created!.time_zone).toBe('UTC');

    const { data, error } = await setZone(owner, 'Europe/Berlin');
    expect(error).toBeNull();
    expect(data!.time_zone).toBe('Europe/Berlin');
    expect((await setZone(admin, 'America/New_York')).data!.time_zone).toBe('America/New_York');
    const { data: read } = await viewer.client.from('organizations').select('time_zone').eq('id', owner.organizationId).single();
    expect(read!.time_zone).toBe('America/New_York');
    const { data: names } = await viewer.client.rpc('time_zone_names');
    expect(names).toEqual(expect.arrayContaining(['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata']));
    expect(names!.some((name) => name.startsWith('posix/') || name.startsWith('right/'))).toBe(false);
  });

  it('refuses a zone PostgreSQL does not know, saying which, and keeps the one it had', async () => {
    await setZone(owner, 'Asia/Tokyo');
    for (const [zone, reason] of [['Mars/Olympus_Mons', 'time_zone_unknown'], ['Berlin', 'time_zone_unknown'], ['', 'time_zone_missing'], ['  ', 'time_zone_missing'], ['x'.repeat(200), 'time_zone_unknown']] as const) {
      const { data, error } = await setZone(owner, zone);
      expect(data).toBeNull();
      expect({ code: error?.code, details: error?.details }).toEqual({ code: 'P0001', details: reason });
      if (reason === 'time_zone_unknown') expect(error!.message).toContain(`“${zone.slice(0, 64)}” is not a time zone`);
    }
    expect(await zoneOf(owner.organizationId)).toBe('Asia/Tokyo');
  });

  it('members, viewers, other workspaces and anonymous callers cannot set it, nor write the column directly', async () => {
    await setZone(owner, 'Europe/Lisbon');
    for (const user of [member, viewer]) {
      const { error } = await setZone(user, 'Pacific/Auckland');
      expect({ code: error?.code, details: error?.details }).toEqual({ code: '42501', details: 'role_too_low' });
    }
    const byOther = await setZone(other, 'Pacific/Auckland');
    expect({ code: byOther.error?.code, details: byOther.error?.details }).toEqual({ code: '42501', details: 'not_a_member' });
    const anonymous = await server.client().rpc('set_workspace_time_zone', { workspace_id: owner.organizationId, time_zone: 'Pacific/Auckland' });
    expect(anonymous.error?.code).toBe('42501');
    for (const user of [owner, admin, member]) {
      const direct = await user.client.from('organizations').update({ time_zone: 'Pacific/Auckland' } as never).eq('id', owner.organizationId).select('id');
      expect(direct.error?.code).toBe('42501');
    }
    expect(await zoneOf(owner.organizationId)).toBe('Europe/Lisbon');
    // The other workspace's owner set nothing in their own workspace either by naming it.
    expect(await zoneOf(other.organizationId)).toBe('UTC');
  });

  it('the database refuses an unknown zone from any writer (a trigger), and takes a known one', async () => {
    await expect(server.sql`update public.organizations set time_zone = 'Nowhere/Special' where id = ${other.organizationId}`)
      .rejects.toMatchObject({ code: 'P0001', detail: 'time_zone_unknown' });
    await server.sql`update public.organizations set time_zone = 'Australia/Sydney' where id = ${other.organizationId}`;
    expect(await zoneOf(other.organizationId)).toBe('Australia/Sydney');
  });
});
