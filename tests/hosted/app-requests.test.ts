import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { solveChallenge } from 'altcha-lib/v1';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { createSql, type Sql } from '../../server/src/db/client';
import { createAvailability, type DatabaseAvailability } from '../../server/src/db/availability';
import { deriveApiKeys, type ApiKeys } from '../../server/src/lib/api-keys';
import { addEncryptionKey } from '../../server/src/lib/encryption-keys';
import { signJwt } from '../../server/src/lib/jwt';
import { secretOnlyJwtKeys } from '../../server/src/lib/jwt-keys';
import { renderStaleContentHtml } from '../../server/src/modules/blog/render-content-html';
import { restModule } from '../../server/src/modules/rest/rest-routes';
import { createOutboundClient } from '../../server/src/lib/outbound/outbound-client';
import { syncOutboundSettings } from '../../server/src/lib/outbound/outbound-settings';
import { AuditStore } from '../../server/src/modules/seo/audit-store';
import { crawlSite } from '../../server/src/modules/seo/crawler';
import type { Database } from '../../src/types/database';
import { startFixtureSite } from '../support/seo-fixture-site';

/**
 * The app's own requests on the Supabase-shaped database, each as the role hosted Supabase uses: the data API
 * connects as `authenticator` and switches to anon / authenticated / service_role per request, as PostgREST does
 * (the own server's /rest/v1 module stands in for PostgREST); accounts and sessions are written as
 * `supabase_auth_admin`, as Supabase Auth writes them, so the sign-up trigger runs as that role.
 */

const shape = inject('supabaseShape');
const jwtSecret = randomBytes(32).toString('hex');
let api: FastifyInstance;
let url: string;
let keys: ApiKeys;
let dataDir: string;
let authenticatorSql: Sql;
let authAdmin: Sql;
/** Read-back only (authenticator itself holds no table privileges, as on Supabase). */
let readBack: Sql;
let database: DatabaseAvailability;

interface Account {
  id: string;
  email: string;
  sessionId: string;
  client: SupabaseClient<Database>;
  organizationId: string;
  /** The claims of its access token, as Supabase Auth issues them. */
  claims: Record<string, unknown>;
}

function client(token?: string): SupabaseClient<Database> {
  return createClient<Database>(url, keys.anonKey, {
    ...(token ? { accessToken: async () => token } : {}),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** A confirmed sign-up and a session, written as Supabase Auth writes them, and its access token's claims. */
async function signUp(metadata: Record<string, unknown>, appMetadata: Record<string, unknown> = {}): Promise<Account> {
  const id = randomUUID();
  const sessionId = randomUUID();
  const email = `${id.slice(0, 8)}@example.com`;
  const app = { provider: 'email', providers: ['email'], ...appMetadata };
  await authAdmin.begin(async (tx) => {
    await tx`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token)
      values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, '', now(),
        ${tx.json(app)}, ${tx.json(metadata as never)}, now(), now(), '', '')`;
    await tx`
      insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
      values (${id}, ${id}, ${tx.json({ sub: id, email })}, 'email', now(), now())`;
    await tx`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (${sessionId}, ${id}, now(), now(), 'aal1')`;
  });
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'https://example.supabase.co/auth/v1', sub: id, aud: 'authenticated', exp: now + 3600, iat: now, email,
    phone: '', app_metadata: app, user_metadata: metadata, role: 'authenticated', aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }], session_id: sessionId, is_anonymous: false,
  };
  const account = client(await signJwt(claims, jwtSecret));
  const profile = await account.from('profiles').select('*').eq('user_id', id).single();
  if (profile.error || !profile.data.organization_id) throw new Error(`no profile or organization for the new account: ${profile.error?.message}`);
  return { id, email, sessionId, client: account, organizationId: profile.data.organization_id, claims };
}

/**
 * The account's session after a TOTP code, as Supabase Auth records it (`auth.sessions.aal` aal2, the `totp`
 * method) and the aal2 access token it then issues.
 */
async function steppedUp(account: Account): Promise<SupabaseClient<Database>> {
  await authAdmin`update auth.sessions set aal = 'aal2' where id = ${account.sessionId}`;
  const now = Math.floor(Date.now() / 1000);
  const amr = [{ method: 'totp', timestamp: now }, ...(account.claims.amr as unknown[])];
  return client(await signJwt({ ...account.claims, aal: 'aal2', amr }, jwtSecret));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bb-hosted-'));
  keys = await deriveApiKeys(jwtSecret);
  authenticatorSql = createSql(shape.urls.authenticator, { max: 4 });
  authAdmin = createSql(shape.urls.supabaseAuthAdmin, { max: 2 });
  readBack = createSql(shape.urls.postgres, { max: 1 });
  const config = {
    ...loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: shape.urls.authenticator, LOG_LEVEL: 'silent' }),
    jwtSecret,
  };
  api = Fastify({ logger: false });
  database = createAvailability(() => authenticatorSql`select 1`);
  const jwtKeys = secretOnlyJwtKeys(jwtSecret);
  await api.register(restModule, { prefix: '/rest/v1', config, sql: authenticatorSql, keys, jwtKeys, encryptionKeys: addEncryptionKey(undefined), database });
  await api.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await api?.close();
  database?.close();
  await Promise.all([authenticatorSql?.end(), authAdmin?.end(), readBack?.end()]);
  await rm(dataDir, { recursive: true, force: true });
});

describe('the app’s requests on the Supabase-shaped database', () => {
  it('the data API really connects as authenticator, which is no superuser', async () => {
    expect(await authenticatorSql`select current_user, rolsuper from pg_roles where rolname = current_user`).toEqual([
      { current_user: 'authenticator', rolsuper: false },
    ]);
  });

  it('a visitor (anon) reads the menu (admin pages: an empty list), may send a lead but not read leads', async () => {
    const anon = client();
    const menu = await anon.from('menu_items').select('*').order('sort_order');
    expect(menu.error).toBeNull();
    expect(menu.data?.map((item) => item.href)).toEqual(['/', '/portfolio', '/about', '/roi']);
    const pages = await anon.from('admin_pages').select('*').order('number');
    expect(pages).toMatchObject({ status: 200, data: [] });
    const lead = await anon.from('leads').insert({ name: 'Visitor', email: 'visitor@example.com', message: 'Please call me back.' });
    expect(lead.error).toBeNull();
    expect((await anon.from('leads').select('*')).status).toBe(401);
    expect((await anon.from('menu_items').update({ name: 'Hacked' }).eq('href', '/')).data).toBeNull();
    expect(await readBack`select count(*)::int as hacked from public.menu_items where name = 'Hacked'`).toEqual([{ hacked: 0 }]);
  });

  it('a visitor past the calm rate gets a proof-of-work challenge from the database, solves it and is taken (decision 0016)', async () => {
    await readBack`insert into private.rate_limits (key, tokens, updated_at) values ('lead:calm', 0, clock_timestamp())
      on conflict (key) do update set tokens = 0, updated_at = clock_timestamp()`;
    try {
      const anon = client();
      const lead = { name: 'Surge Visitor', email: 'surge@example.com', message: 'Please call me back about a site.' };
      const asked = await anon.from('leads').insert(lead);
      expect([asked.status, asked.error?.code, asked.error?.details]).toEqual([403, 'PT403', 'challenge_required']);
      const challenge = JSON.parse(asked.error!.hint) as { algorithm: 'SHA-256'; challenge: string; maxnumber: number; salt: string; signature: string };
      const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
      const proof = btoa(JSON.stringify({ ...challenge, maxnumber: undefined, number: solution!.number }));
      const sent = await anon.from('leads').insert(lead).setHeader('x-altcha', proof);
      expect([sent.status, sent.error]).toEqual([201, null]);
      expect((await anon.from('leads').insert(lead).setHeader('x-altcha', proof)).status).toBe(403);
      expect(await readBack`select count(*)::int as stored from public.leads where email = 'surge@example.com'`).toEqual([{ stored: 1 }]);
    } finally {
      await readBack`delete from private.rate_limits where key = 'lead:calm'`;
    }
  });

  it('sign-up (as Supabase Auth) creates profile and organization; the member works with its own content and campaigns only', async () => {
    const owner = await signUp({ first_name: 'Olive', last_name: 'Owner', company_name: 'Olive Co' });
    const stranger = await signUp({ first_name: 'Stan', last_name: 'Ger' });
    const organization = await owner.client.from('organizations').select('id, name').eq('id', owner.organizationId).single();
    expect(organization.data).toEqual({ id: owner.organizationId, name: 'Olive Co' });
    expect((await owner.client.from('profiles').update({ last_active: new Date().toISOString() }).eq('user_id', owner.id)).error).toBeNull();

    const item = await owner.client
      .from('content_items')
      .insert({ title: 'Hosted item', user_id: owner.id, organization_id: owner.organizationId })
      .select()
      .single();
    expect(item.error).toBeNull();
    const campaign = await owner.client
      .from('campaigns')
      .insert({ title: 'Hosted campaign', type: 'advertising', user_id: owner.id, organization_id: owner.organizationId })
      .select()
      .single();
    expect(campaign.error).toBeNull();
    expect((await owner.client.from('content_items').select('*').order('created_at', { ascending: false })).data).toHaveLength(1);
    expect((await owner.client.from('campaigns').select('*').eq('type', 'advertising')).data).toHaveLength(1);
    expect((await owner.client.from('content_items').update({ status: 'published' }).eq('id', item.data!.id)).error).toBeNull();

    expect((await stranger.client.from('content_items').select('*')).data).toEqual([]);
    expect((await stranger.client.from('campaigns').delete().eq('id', campaign.data!.id).select()).data).toEqual([]);
    const intrusion = await stranger.client
      .from('content_items')
      .insert({ title: 'Planted', user_id: stranger.id, organization_id: owner.organizationId });
    expect(intrusion.error?.code).toBe('42501');
    expect((await owner.client.from('content_items').delete().eq('id', item.data!.id)).error).toBeNull();
  });

  it('public blog: the owner opens it, the server task renders an item as postgres (npm run worker), anon reads only what is published', async () => {
    const owner = await signUp({ first_name: 'Bea', last_name: 'Blogger', company_name: 'Bea Blog Co' });
    const stranger = await signUp({ first_name: 'Stu', last_name: 'Ranger' });
    const slug = `hosted-${owner.id.slice(0, 8)}`;
    expect((await stranger.client.from('workspace_blogs').insert({ organization_id: owner.organizationId, slug })).error?.code).toBe('42501');
    expect((await owner.client.from('workspace_blogs').insert({ organization_id: owner.organizationId, slug })).error).toBeNull();
    const insert = (title: string, status: string) =>
      owner.client.from('content_items').insert({ title, status, content: 'Hello <script>alert(1)</script>**there**', user_id: owner.id, organization_id: owner.organizationId }).select('id, slug').single();
    const published = await insert('Hosted news', 'published');
    await insert('Hosted draft', 'draft');
    expect(published.data?.slug).toBe('hosted-news');
    // Rendered here, or already by the worker of tests/hosted/worker.test.ts if it runs beside this file.
    await renderStaleContentHtml(readBack, { blogSlug: slug });
    const anon = client();
    const posts = await anon.rpc('get_public_blog_posts', { blog_slug: slug });
    expect(posts.data?.map((post) => post.title)).toEqual(['Hosted news']);
    const post = await anon.rpc('get_public_blog_post', { blog_slug: slug, post_slug: 'hosted-news' }).single();
    expect(post.data?.content_html).toBe('<p>Hello <strong>there</strong></p>\n');
    expect((await anon.from('content_items').select('id')).error?.code).toBe('42501');
  });

  it('an anonymous user (Supabase Auth `signInAnonymously`) gets no workspace and cannot create one; once converted it gets the sign-up\'s (decision 0025)', async () => {
    const id = randomUUID();
    await authAdmin`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
        created_at, updated_at, confirmation_token, recovery_token, is_anonymous)
      values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', null, '', '{}', '{}', now(), now(), '', '', true)`;
    const sessionId = randomUUID();
    await authAdmin`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (${sessionId}, ${id}, now(), now(), 'aal1')`;
    const now = Math.floor(Date.now() / 1000);
    const guest = client(await signJwt({
      iss: 'https://example.supabase.co/auth/v1', sub: id, aud: 'authenticated', exp: now + 3600, iat: now, email: '', phone: '',
      app_metadata: {}, user_metadata: {}, role: 'authenticated', aal: 'aal1', amr: [{ method: 'anonymous', timestamp: now }],
      session_id: sessionId, is_anonymous: true,
    }, jwtSecret));
    expect((await guest.from('profiles').select('*')).data).toEqual([]);
    const created = await guest.rpc('create_workspace', { name: 'Guest workspace' });
    expect([created.status, created.error?.details]).toEqual([403, 'anonymous_user']);
    expect((await guest.from('organizations').select('*')).data).toEqual([]);
    await authAdmin`update auth.users set email = ${`${id.slice(0, 8)}@example.com`}, email_confirmed_at = now(), is_anonymous = false where id = ${id}`;
    expect(await readBack`select m.role, o.is_personal from public.organization_members m join public.organizations o on o.id = m.organization_id where m.user_id = ${id}`)
      .toEqual([{ role: 'owner', is_personal: true }]);
  });

  it('the site admin (app_metadata, set by the service key) edits the menu; a member cannot', async () => {
    const siteAdmin = await signUp({ first_name: 'Site', last_name: 'Admin' }, { site_admin: true });
    const member = await signUp({ first_name: 'Mo', last_name: 'Member' });
    expect((await siteAdmin.client.rpc('is_site_admin')).data).toBe(true);
    expect((await member.client.rpc('is_site_admin')).data).toBe(false);
    expect((await siteAdmin.client.from('admin_pages').select('*').order('number')).data).toHaveLength(20);
    expect((await member.client.from('admin_pages').select('*')).data).toEqual([]);
    const renamed = await siteAdmin.client.from('menu_items').update({ name: 'Start' }).eq('href', '/').select();
    expect(renamed.data?.map((item) => item.name)).toEqual(['Start']);
    expect((await member.client.from('menu_items').update({ name: 'Mine' }).eq('href', '/').select()).data).toEqual([]);
    expect((await member.client.rpc('reset_menu_items')).error).not.toBeNull();
    expect((await siteAdmin.client.rpc('reset_menu_items')).error).toBeNull();
    expect((await client().from('menu_items').select('name').eq('href', '/')).data).toEqual([{ name: 'Home' }]);
  });

  it('workspace invitations by copied link: nothing queued without a mail worker; the invitee joins as viewer, reads and writes nothing; removal ends access', async () => {
    const owner = await signUp({ first_name: 'Ivy', last_name: 'Inviter', company_name: 'Ivy Co' });
    const invitee = await signUp({ first_name: 'Vic', last_name: 'Viewer' });
    const other = await signUp({ first_name: 'Ott', last_name: 'Other' });
    await owner.client.from('content_items').insert({ title: 'Team plan', user_id: owner.id, organization_id: owner.organizationId });
    const invited = await owner.client
      .rpc('invite_to_workspace', { workspace_id: owner.organizationId, email: invitee.email.toUpperCase(), access_role: 'viewer' })
      .single();
    expect(invited.error).toBeNull();
    expect(invited.data).toMatchObject({ email_queued: false });
    // Other files (worker.test.ts) leave e-mails of their own in the shared database: count this invitee's.
    expect(await readBack`select count(*)::int as queued from private.outgoing_emails where lower(recipient) = lower(${invitee.email})`).toEqual([{ queued: 0 }]);
    const token = invited.data!.token;

    const shown = await client().rpc('get_invitation', { token }).single();
    expect(shown.data).toMatchObject({ status: 'pending', workspace_name: 'Ivy Co', inviter_name: 'Ivy Inviter', access_role: 'viewer' });
    expect((await other.client.rpc('accept_invitation', { token })).error).toMatchObject({ code: '42501', details: 'email_mismatch' });
    expect((await invitee.client.rpc('accept_invitation', { token })).data).toBe(owner.organizationId);
    expect((await invitee.client.rpc('accept_invitation', { token })).error).toMatchObject({ details: 'invitation_used' });

    expect((await invitee.client.from('content_items').select('title').eq('organization_id', owner.organizationId)).data).toEqual([{ title: 'Team plan' }]);
    const members = await invitee.client.rpc('workspace_members', { workspace_id: owner.organizationId });
    expect(members.data?.map((member) => member.access_role).sort()).toEqual(['owner', 'viewer']);
    const write = await invitee.client.from('content_items').insert({ title: 'Viewer wrote', user_id: invitee.id, organization_id: owner.organizationId });
    expect(write.error?.code).toBe('42501');
    expect((await invitee.client.rpc('change_member_role', { workspace_id: owner.organizationId, user_id: invitee.id, access_role: 'owner' })).error?.code).toBe('42501');

    expect((await owner.client.rpc('remove_member', { workspace_id: owner.organizationId, user_id: invitee.id })).error).toBeNull();
    expect((await invitee.client.from('content_items').select('title').eq('organization_id', owner.organizationId)).data).toEqual([]);
  });

  it('web analytics: a member adds a site, its snippet’s event (anon, the site’s Origin) is stored, the report counts it', async () => {
    const owner = await signUp({ first_name: 'Ana', last_name: 'Lytics' });
    const site = await owner.client.from('analytics_sites').insert({ organization_id: owner.organizationId, name: 'Shop', domain: 'shop.example', created_by: owner.id }).select('id').single();
    expect(site.error).toBeNull();
    const send = (origin: string) =>
      fetch(`${url}/rest/v1/rpc/record_analytics_event`, {
        method: 'POST',
        headers: { apikey: keys.anonKey, 'content-type': 'application/json', origin, 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
        body: JSON.stringify({ site_id: site.data!.id, name: 'pageview', url: 'https://shop.example/pricing?utm_source=hosted' }),
      });
    const stored = await send('https://shop.example');
    expect([stored.status, await stored.json()]).toEqual([200, { accepted: 1, refused: [] }]);
    // A refusal answers through the response GUC (its token of the client's budget is kept): PostgREST's error shape.
    const refused = await send('https://elsewhere.example');
    expect([refused.status, await refused.json()]).toEqual([400, expect.objectContaining({ code: 'P0001', details: 'origin_mismatch' })]);
    // The client's budget row is keyed by a hash, never the address.
    expect(await readBack`select 1 from private.rate_limits where key like 'analytics:%'`).toEqual([]);
    // The snippet's batch path: two events in one request, one of them refused on its own.
    const batch = await fetch(`${url}/rest/v1/rpc/record_analytics_events`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, 'content-type': 'application/json', origin: 'https://shop.example', 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
      body: JSON.stringify({ site_id: site.data!.id, events: [{ name: 'pageview', url: 'https://shop.example/about' }, { name: '', url: 'https://shop.example/' }] }),
    });
    expect(await batch.json()).toMatchObject({ accepted: 1, refused: [{ index: 1, code: 'invalid_event' }] });
    const day = new Date().toISOString().slice(0, 10);
    const figures = await owner.client.rpc('workspace_site_figures', { workspace_id: owner.organizationId, from_day: day, to_day: day });
    expect(figures.data?.[0]).toMatchObject({ period: 'current', sites: 1, visitors: 1, pageviews: 2 });
  });

  it('SEO audits: a member asks for one (queued in the backlog without a worker), the worker’s functions as postgres store the crawl, the member reads the ranked issues, nobody else does; a Search Console import twice', async () => {
    const owner = await signUp({ first_name: 'Seo', last_name: 'Owner' });
    const stranger = await signUp({ first_name: 'Sam', last_name: 'Stranger' });
    const fixture = await startFixtureSite();
    // As `npm run worker` started with OUTBOUND_ALLOW_PRIVATE=127.0.0.2 (where the fixture site listens) does.
    const policy = { allowPrivate: ['127.0.0.2/32'], allowPorts: 'any' } as const;
    await syncOutboundSettings(readBack, policy);
    const outbound = createOutboundClient({ policy });
    try {
      expect((await owner.client.from('seo_sites').insert({ organization_id: owner.organizationId, name: 'Self', start_url: 'http://127.0.0.1/', created_by: owner.id })).error).toMatchObject({ details: 'url_private_address' });
      const site = await owner.client.from('seo_sites').insert({ organization_id: owner.organizationId, name: 'Woodshop', start_url: `${fixture.origin}/`, crawl_delay_ms: 0, created_by: owner.id }).select('id').single();
      expect(site.error).toBeNull();
      const audit = await owner.client.rpc('request_seo_audit', { site_id: site.data!.id });
      expect(audit.error).toBeNull();
      expect((await stranger.client.rpc('request_seo_audit', { site_id: site.data!.id })).error).toMatchObject({ code: '42501', details: 'not_a_member' });
      const [job] = await readBack<{ payload: { workspace_id: string; site_id: string; audit_id: string } }[]>`
        delete from private.job_backlog where job_key = ${`seo-audit:${audit.data!.id}`} returning payload`;
      expect(job!.payload).toEqual({ workspace_id: owner.organizationId, site_id: site.data!.id, audit_id: audit.data!.id });
      // What `npm run worker` does as postgres: start, crawl, store, finish.
      const store = new AuditStore(readBack, job!.payload);
      const settings = await store.start();
      await store.finish(await crawlSite(outbound, { startUrl: settings!.start_url!, pageLimit: settings!.page_limit, delayMs: 0 }));
      const summary = await owner.client.rpc('seo_issue_summary', { audit_id: audit.data!.id });
      expect(summary.data!.map((row) => row.check_id)).toContain('title_missing');
      expect((await stranger.client.rpc('seo_issue_summary', { audit_id: audit.data!.id })).data).toEqual([]);
      expect((await stranger.client.from('seo_pages').select('id').eq('audit_id', audit.data!.id)).data).toEqual([]);
      const rows = [{ date_from: '2026-10-01', date_to: '2026-10-28', query: 'oak table', page: '', clicks: 3, impressions: 90, ctr: 0.0333, position: 4.2 }];
      expect((await owner.client.rpc('import_seo_search_rows', { site_id: site.data!.id, rows })).data).toEqual({ added: 1, updated: 0, unchanged: 0, refused: [] });
      expect((await owner.client.rpc('import_seo_search_rows', { site_id: site.data!.id, rows })).data).toEqual({ added: 0, updated: 0, unchanged: 1, refused: [] });
    } finally {
      await outbound.close();
      await syncOutboundSettings(readBack, { allowPrivate: [], allowPorts: [] });
      await fixture.close();
    }
  });

  it('a workspace that requires two-factor refuses its members’ aal1 tokens and serves their aal2 ones (GoTrue’s `aal` claim)', async () => {
    const owner = await signUp({ first_name: 'Tess', last_name: 'Totp', company_name: 'Totp Co' });
    const member = await signUp({ first_name: 'Moe', last_name: 'Member' });
    await readBack`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${member.id}, 'member')`;
    expect((await owner.client.from('content_items').insert({ title: 'Secret plan', user_id: owner.id, organization_id: owner.organizationId })).error).toBeNull();

    const early = await owner.client.rpc('set_workspace_two_factor', { workspace_id: owner.organizationId, required: true });
    expect(early.error).toMatchObject({ code: 'P0001', details: 'own_two_factor_first' });
    const ownerAal2 = await steppedUp(owner);
    expect((await ownerAal2.rpc('set_workspace_two_factor', { workspace_id: owner.organizationId, required: true })).error).toBeNull();

    const items = (who: SupabaseClient<Database>) => who.from('content_items').select('title').eq('organization_id', owner.organizationId);
    expect((await items(member.client)).data).toEqual([]);
    expect((await items(owner.client)).data).toEqual([]);
    expect((await member.client.rpc('workspaces_requiring_two_factor')).data).toEqual([{ id: owner.organizationId, name: 'Totp Co' }]);
    const refused = await member.client.rpc('leave_workspace', { workspace_id: owner.organizationId });
    expect(refused.error).toMatchObject({ code: '42501', details: 'two_factor_required' });
    expect((await items(ownerAal2)).data).toEqual([{ title: 'Secret plan' }]);
    expect((await items(await steppedUp(member))).data).toEqual([{ title: 'Secret plan' }]);

    // An aal2 claim the client wrote itself breaks the signature.
    const [head, , signature] = (await signJwt(member.claims, jwtSecret)).split('.');
    const raised = Buffer.from(JSON.stringify({ ...member.claims, aal: 'aal2' })).toString('base64url');
    expect((await items(client(`${head}.${raised}.${signature}`))).status).toBe(401);
  });

  it('webhooks: an owner adds an endpoint (a private address refused), a publication queues its job, which records one delivery; a member reads the log but no secret', async () => {
    const owner = await signUp({ first_name: 'Wen', last_name: 'Hook' });
    const refused = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: 'http://10.0.0.7/hook', events: ['content.published'] });
    expect(refused.error).toMatchObject({ code: 'P0001', details: 'url_private_address' });
    const created = await owner.client.rpc('create_webhook_endpoint', { workspace_id: owner.organizationId, url: 'https://hooks.example.com/catch/1/token/', events: ['content.published'] });
    expect(created.error).toBeNull();
    const revealed = await owner.client.rpc('reveal_webhook_endpoint', { endpoint_id: created.data!.id });
    expect(revealed.data?.[0]?.secret).toMatch(/^whsec_/);
    const published = await owner.client.from('content_items').insert({ organization_id: owner.organizationId, user_id: owner.id, title: 'Hosted launch', status: 'published' });
    expect(published.error).toBeNull();
    // No worker ran on this database: the event's deliver_webhooks job waits in the backlog; its first step, run here
    // as the worker would (as postgres), records the delivery.
    const [queued] = await readBack<{ payload: { workspace_id: string; event_id: number } }[]>`
      select payload from private.job_backlog where task = 'deliver_webhooks' and payload ->> 'workspace_id' = ${owner.organizationId}`;
    expect(queued).toBeDefined();
    await readBack`select private.emit_webhooks_for_workspace_event(${owner.organizationId}::uuid, ${queued!.payload.event_id}::bigint)`;
    const log = await owner.client.from('webhook_deliveries').select('event_type, status, attempts').eq('organization_id', owner.organizationId);
    expect(log.data).toEqual([{ event_type: 'content.published', status: 'pending', attempts: 0 }]);
    const member = await signUp({ first_name: 'Mem', last_name: 'Ber' });
    await readBack`insert into public.organization_members (organization_id, user_id, role) values (${owner.organizationId}, ${member.id}, 'member')`;
    expect((await member.client.from('webhook_deliveries').select('id').eq('organization_id', owner.organizationId)).data).toHaveLength(1);
    expect((await member.client.rpc('reveal_webhook_endpoint', { endpoint_id: created.data!.id })).error).toMatchObject({ details: 'role_too_low' });
  });

  it('a signed-out token is refused at once (the pre-request function), the service key reads past RLS', async () => {
    const user = await signUp({ first_name: 'Sue', last_name: 'Signout' });
    expect((await user.client.from('profiles').select('user_id')).status).toBe(200);
    await authAdmin`delete from auth.sessions where id = ${user.sessionId}`;
    const refused = await user.client.from('profiles').select('user_id');
    expect(refused.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'PGRST303', message: 'Session from session_id claim in JWT does not exist' });

    const service = createClient<Database>(url, keys.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const profiles = await service.from('profiles').select('user_id').eq('user_id', user.id);
    expect(profiles.data).toEqual([{ user_id: user.id }]);
  });

  it('alter role authenticator set pgrst.db_aggregates_enabled (the form Supabase documents, run as postgres) switches aggregates on', async () => {
    const anon = client();
    const count = () => anon.from('menu_items').select('count()');
    expect((await count()).error?.code).toBe('PGRST123');
    await readBack.unsafe(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`);
    try {
      await readBack`notify pgrst, 'reload config'`;
      for (let attempt = 0; attempt < 100 && (await count()).status !== 200; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await count()).data).toEqual([{ count: 4 }]);
    } finally {
      await readBack.unsafe(`alter role authenticator reset pgrst.db_aggregates_enabled`);
      await readBack`notify pgrst, 'reload config'`;
    }
  });
});
