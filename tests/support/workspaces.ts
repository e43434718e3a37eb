import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Sql } from '../../server/src/db/client';
import type { Database } from '../../src/types/database';
import { clientWithToken } from './rest-clients';
import type { TestServer } from './test-server';
import { mintSession } from './tokens';
import { seedUser, uniqueEmail, type SeededUser } from './users';

/** The people of the tenant matrix: four roles in workspace 1, and those who must get nothing of it. */
export const ACTORS = ['owner', 'admin', 'member', 'viewer', 'outsider', 'invited', 'removed', 'anon'] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Actor {
  name: ActorName;
  /** null for anon. */
  user: SeededUser | null;
  client: SupabaseClient<Database>;
}

export const WORKSPACE_1_NAME = 'Workspace One';

/** Fixed ids, so workspace 1 can be put back exactly as it was after a cell changed it. */
/** The raw token of workspace 1's approval link (ids.socialApprovalLink): only its SHA-256 is stored. */
export const SOCIAL_APPROVAL_TOKEN = 'matrix-approval-token-of-workspace-one-0000';

export const ids = {
  invitationPending: '11111111-0000-4000-8000-000000000001',
  invitationUsed: '11111111-0000-4000-8000-000000000002',
  invitationRevoked: '11111111-0000-4000-8000-000000000003',
  invitationExpired: '11111111-0000-4000-8000-000000000004',
  /** The owner's pending invitation of a future owner: only owners may manage it. */
  invitationOwnerPending: '11111111-0000-4000-8000-000000000005',
  contentItem: '22222222-0000-4000-8000-000000000001',
  campaign: '33333333-0000-4000-8000-000000000001',
  campaignResult: '44444444-0000-4000-8000-000000000001',
  /** Workspace 1's contact (stage customer, so a change of the default customer rule rescores it). */
  contact: '66666666-0000-4000-8000-000000000001',
  /** Workspace 2's contact: a foreign id for workspace 1's people. */
  contactOfWorkspace2: '66666666-0000-4000-8000-000000000002',
  /** A contact-form lead (not of any workspace: only site admins read leads). */
  lead: '55555555-0000-4000-8000-000000000001',
  analyticsSite: '77777777-0000-4000-8000-000000000001',
  /** Workspace 1's audited site, its one finished audit (one page with one issue) and one Search Console row. */
  seoSite: '5e000000-0000-4000-8000-000000000001',
  seoAudit: '5e000000-0000-4000-8000-000000000002',
  /** Workspace 2's public blog: one published item and one draft. */
  publishedItemOfWorkspace2: '88888888-0000-4000-8000-000000000001',
  draftItemOfWorkspace2: '88888888-0000-4000-8000-000000000002',
  /** The version (file name) of workspace 1's one object in the assets bucket. */
  assetVersion: '99999999-0000-4000-8000-000000000001',
  /** Workspace 1's asset library: one asset (in review) whose file is that object, a comment, a collection... */
  asset: 'bbbbbbbb-0000-4000-8000-000000000001',
  assetFile: 'bbbbbbbb-0000-4000-8000-000000000002',
  assetComment: 'bbbbbbbb-0000-4000-8000-000000000003',
  assetCollection: 'bbbbbbbb-0000-4000-8000-000000000004',
  /** ...and an upload in progress: a reservation of RESERVED_BYTES at `reservedPath(workspace 1)`, no object yet. */
  reservedAsset: 'bbbbbbbb-0000-4000-8000-000000000005',
  reservedFile: 'bbbbbbbb-0000-4000-8000-000000000006',
  /** Workspace 1's webhook endpoint, with one event, its delivery (succeeded) and that delivery's attempt. */
  webhookEndpoint: 'aaaaaaaa-0000-4000-8000-000000000001',
  webhookEvent: 'msg_matrixWorkspaceOneEvent01',
  webhookDelivery: 'aaaaaaaa-0000-4000-8000-000000000003',
  /** Workspace 2's webhook endpoint: a foreign id for workspace 1's people. */
  webhookEndpointOfWorkspace2: 'aaaaaaaa-0000-4000-8000-000000000002',
  /** Workspace 1's Bluesky account (connected, a sealed credential), a post on it and its channel (failed). */
  socialAccount: 'cccccccc-0000-4000-8000-000000000001',
  socialPost: 'cccccccc-0000-4000-8000-000000000003',
  socialChannel: 'cccccccc-0000-4000-8000-000000000004',
  /** Workspace 2's social account: a foreign id for workspace 1's people. */
  socialAccountOfWorkspace2: 'cccccccc-0000-4000-8000-000000000002',
  /** Workspace 1's post awaiting approval (a draft moment), its channel, and its open approval link (token below). */
  socialPostAwaiting: 'cccccccc-0000-4000-8000-000000000005',
  socialChannelAwaiting: 'cccccccc-0000-4000-8000-000000000006',
  socialApprovalLink: 'cccccccc-0000-4000-8000-000000000007',
  /** Workspace 1's workflow: version 1 published, version 2 a draft; one active enrollment of the contact, its step run, log row. */
  automationWorkflow: 'dddddddd-0000-4000-8000-000000000001',
  automationPublishedVersion: 'dddddddd-0000-4000-8000-000000000002',
  automationDraftVersion: 'dddddddd-0000-4000-8000-000000000003',
  automationEnrollment: 'dddddddd-0000-4000-8000-000000000004',
  /** The owner's in-app notice from that workflow. */
  memberNotice: 'dddddddd-0000-4000-8000-000000000005',
  /** Workspace 2's workflow (a draft only): a foreign id for workspace 1's people. */
  automationWorkflowOfWorkspace2: 'dddddddd-0000-4000-8000-000000000006',
  /** Workspace 1's Email Platform: a template, a double opt-in list with the contact confirmed on it, a draft
   * campaign to that list, a sent delivery (no contact: deleting the contact leaves it alone), a manual suppression. */
  emailTemplate: 'eeeeeeee-0000-4000-8000-000000000001',
  emailList: 'eeeeeeee-0000-4000-8000-000000000002',
  emailCampaign: 'eeeeeeee-0000-4000-8000-000000000003',
  emailDelivery: 900000001,
  /** Workspace 2's list: a foreign id for workspace 1's people. */
  emailListOfWorkspace2: 'eeeeeeee-0000-4000-8000-000000000004',
} as const;

/** The graph of workspace 1's workflow (both versions): valid, so its draft publishes. */
export const MATRIX_WORKFLOW_GRAPH = {
  trigger: { type: 'contact_created' },
  enrollment: 'once',
  steps: [{ id: 'pause', type: 'wait', minutes: 60, next: 'done' }, { id: 'done', type: 'end' }],
};

/** Workspace 1's list's public form token, and its manually suppressed address. */
export const EMAIL_FORM_TOKEN = 'matrixFormTokenOfWorkspaceOneNewsletterList01';
export const SUPPRESSED_EMAIL = 'blocked@example.com';

/** The address of workspace 1's pending owner invitation. */
export const FUTURE_OWNER_EMAIL = 'future.owner@example.com';

/** The public blogs' addresses: workspace 1's (no published item) and workspace 2's. */
export const BLOG_SLUGS = { workspace1: 'workspace-one', workspace2: 'workspace-two' } as const;

/** Workspace 1's one object in the assets bucket: the file of its asset, at `assetPath(workspace 1)`. */
export const ASSET_NAME = 'brief.txt';
export const ASSET_BYTES = Buffer.from('the brief');
export const assetPath = (workspace1: string) => `${workspace1}/${ids.asset}/${ids.assetFile}/${ASSET_NAME}`;
/** The upload in progress in workspace 1: where start_asset_upload reserved its place, and its declared size. */
export const RESERVED_BYTES = 'planted';
export const reservedPath = (workspace1: string) => `${workspace1}/${ids.reservedAsset}/${ids.reservedFile}/upload.txt`;

/** Workspace 1's contact's address (workspace 2 has no contact with it). */
export const CONTACT_EMAIL = 'dana@northwind.example';

export interface WorkspaceWorld {
  workspace1: string;
  workspace2: string;
  actors: Record<ActorName, Actor>;
  /** Raw link tokens of workspace 1's invitations, re-issued by every reset. */
  tokens: { pending: string; used: string; revoked: string; expired: string; ownerPending: string };
  reset(): Promise<void>;
  /** Whether workspace 1 requires two-factor authentication; resets the world with it. */
  requireTwoFactor(required: boolean): Promise<void>;
  /** `reset`, then workspace 1 without its one day of campaign results. */
  resetWithoutResults(): Promise<void>;
  snapshot(): Promise<Snapshot>;
}

export type Snapshot = Record<string, Record<string, unknown>>;

/**
 * Table name → key of a row → the row, for workspace 1 (and the actors' profiles). In two halves, joined in
 * snapshot(): a function takes at most 100 arguments in PostgreSQL, and json_build_object takes two per table.
 */
const SNAPSHOT_SQL = `
select json_build_object(
  'organizations', (select coalesce(json_object_agg(o.id, o), '{}') from public.organizations o where o.id = $1),
  'organization_members', (select coalesce(json_object_agg(m.user_id, m), '{}') from public.organization_members m where m.organization_id = $1),
  'workspace_invitations', (select coalesce(json_object_agg(i.id, i), '{}') from public.workspace_invitations i where i.organization_id = $1),
  'invitation_tokens', (select coalesce(json_object_agg(t.invitation_id || '/' || t.channel, encode(t.token_hash, 'hex')), '{}')
    from private.workspace_invitation_tokens t join public.workspace_invitations i on i.id = t.invitation_id where i.organization_id = $1),
  'content_items', (select coalesce(json_object_agg(c.id, c), '{}') from public.content_items c where c.organization_id = $1),
  'campaigns', (select coalesce(json_object_agg(c.id, c), '{}') from public.campaigns c where c.organization_id = $1),
  'campaign_results', (select coalesce(json_object_agg(r.id, r), '{}') from public.campaign_results r where r.organization_id = $1),
  'csv_column_mappings', (select coalesce(json_object_agg(m.kind, m), '{}') from public.csv_column_mappings m where m.organization_id = $1),
  'workspace_activity_days', (select coalesce(json_object_agg(a.user_id || '/' || a.day, true), '{}') from public.workspace_activity_days a where a.organization_id = $1),
  'contacts', (select coalesce(json_object_agg(c.id, c), '{}') from public.contacts c where c.organization_id = $1),
  'contact_score_rules', (select coalesce(json_object_agg(r.kind || ':' || r.value, r), '{}') from public.contact_score_rules r where r.organization_id = $1),
  'leads', (select coalesce(json_object_agg(l.id, l), '{}') from public.leads l where l.id = $3),
  'profiles', (select coalesce(json_object_agg(p.user_id, p), '{}') from public.profiles p where p.user_id = any($2::uuid[])),
  'workspace_blogs', (select coalesce(json_object_agg(b.organization_id, b), '{}') from public.workspace_blogs b where b.organization_id = $1),
  'analytics_sites', (select coalesce(json_object_agg(s.id, s), '{}') from public.analytics_sites s where s.organization_id = $1),
  'analytics_rollups', (select coalesce(json_object_agg(r.site_id || '/' || r.dimension || '/' || r.hour || '/' || r.value, r), '{}')
    from public.analytics_rollups r join public.analytics_sites s on s.id = r.site_id where s.organization_id = $1),
  'seo_sites', (select coalesce(json_object_agg(s.id, s), '{}') from public.seo_sites s where s.organization_id = $1),
  'seo_audits', (select coalesce(json_object_agg(a.id, a), '{}') from public.seo_audits a join public.seo_sites s on s.id = a.site_id where s.organization_id = $1),
  'seo_search_performance', (select coalesce(json_object_agg(p.id, p), '{}') from public.seo_search_performance p join public.seo_sites s on s.id = p.site_id where s.organization_id = $1),
  'assets', (select coalesce(json_object_agg(a.id, a), '{}') from public.assets a where a.organization_id = $1),
  'asset_versions', (select coalesce(json_object_agg(v.id, v), '{}') from public.asset_versions v where v.organization_id = $1),
  'asset_comments', (select coalesce(json_object_agg(c.id, c), '{}') from public.asset_comments c where c.organization_id = $1),
  'asset_collections', (select coalesce(json_object_agg(c.id, c), '{}') from public.asset_collections c where c.organization_id = $1),
  'asset_collection_items', (select coalesce(json_object_agg(i.collection_id || '/' || i.asset_id, i), '{}')
    from public.asset_collection_items i where i.organization_id = $1),
  'storage_objects', (select coalesce(json_object_agg(o.name, json_build_object('version', o.version, 'owner_id', o.owner_id)), '{}')
    from storage.objects o where o.bucket_id = 'assets' and o.name like $1::text || '/%'),
  'webhook_endpoints', (select coalesce(json_object_agg(e.id, e), '{}') from public.webhook_endpoints e where e.organization_id = $1),
  'webhook_endpoint_credentials', (select coalesce(json_object_agg(c.endpoint_id, c), '{}')
    from private.webhook_endpoint_credentials c join public.webhook_endpoints e on e.id = c.endpoint_id where e.organization_id = $1),
  'webhook_events', (select coalesce(json_object_agg(e.id, e), '{}') from public.webhook_events e where e.organization_id = $1),
  'webhook_deliveries', (select coalesce(json_object_agg(d.id, d), '{}') from public.webhook_deliveries d where d.organization_id = $1),
  'webhook_delivery_attempts', (select coalesce(json_object_agg(a.delivery_id || '/' || a.attempt, a), '{}') from public.webhook_delivery_attempts a where a.organization_id = $1)
) as first_half, json_build_object(
  'social_accounts', (select coalesce(json_object_agg(a.id, a), '{}') from public.social_accounts a where a.organization_id = $1),
  'social_account_credentials', (select coalesce(json_object_agg(c.account_id, c), '{}')
    from private.social_account_credentials c join public.social_accounts a on a.id = c.account_id where a.organization_id = $1),
  'social_posts', (select coalesce(json_object_agg(p.id, p), '{}') from public.social_posts p where p.organization_id = $1),
  'social_post_channels', (select coalesce(json_object_agg(c.id, c), '{}') from public.social_post_channels c where c.organization_id = $1),
  'social_post_figures', (select coalesce(json_object_agg(f.channel_id, f), '{}') from public.social_post_figures f where f.organization_id = $1),
  'social_account_slots', (select coalesce(json_object_agg(s.id, s), '{}') from public.social_account_slots s where s.organization_id = $1),
  'social_post_media', (select coalesce(json_object_agg(m.id, m), '{}') from public.social_post_media m where m.organization_id = $1),
  'social_link_previews', (select coalesce(json_object_agg(l.post_id, l), '{}') from public.social_link_previews l where l.organization_id = $1),
  'social_link_preview_cache', (select coalesce(json_object_agg(c.url, c), '{}') from public.social_link_preview_cache c where c.organization_id = $1),
  'mastodon_connections', (select coalesce(json_object_agg(c.id, c), '{}') from public.mastodon_connections c where c.organization_id = $1),
  'social_approval_links', (select coalesce(json_object_agg(l.id, l), '{}') from public.social_approval_links l where l.organization_id = $1),
  'social_approval_tokens', (select coalesce(json_object_agg(t.link_id, t), '{}')
    from private.social_approval_tokens t join public.social_approval_links l on l.id = t.link_id where l.organization_id = $1),
  'automation_workflows', (select coalesce(json_object_agg(w.id, w), '{}') from public.automation_workflows w where w.organization_id = $1),
  'automation_workflow_versions', (select coalesce(json_object_agg(v.id, v), '{}') from public.automation_workflow_versions v where v.organization_id = $1),
  'automation_enrollments', (select coalesce(json_object_agg(e.id, e), '{}') from public.automation_enrollments e where e.organization_id = $1),
  'automation_step_runs', (select coalesce(json_object_agg(r.id, r), '{}') from public.automation_step_runs r where r.organization_id = $1),
  'automation_run_log', (select coalesce(json_object_agg(l.id, l), '{}') from public.automation_run_log l where l.organization_id = $1),
  'member_notices', (select coalesce(json_object_agg(n.id, n), '{}') from public.member_notices n where n.organization_id = $1),
  'email_settings', (select coalesce(json_object_agg(s.organization_id, s), '{}') from public.email_settings s where s.organization_id = $1),
  'email_suppressions', (select coalesce(json_object_agg(s.email, s), '{}') from public.email_suppressions s where s.organization_id = $1),
  'email_templates', (select coalesce(json_object_agg(t.id, t), '{}') from public.email_templates t where t.organization_id = $1),
  'email_lists', (select coalesce(json_object_agg(l.id, l), '{}') from public.email_lists l where l.organization_id = $1),
  'email_list_members', (select coalesce(json_object_agg(m.list_id || '/' || m.contact_id, m), '{}') from public.email_list_members m where m.organization_id = $1),
  'email_campaigns', (select coalesce(json_object_agg(c.id, c), '{}') from public.email_campaigns c where c.organization_id = $1),
  'email_deliveries', (select coalesce(json_object_agg(d.id, d), '{}') from public.email_deliveries d where d.organization_id = $1)
) as second_half`;

/** "content_items +1, organization_members ~1": what changed between two snapshots, table by table; '' for nothing. */
export function describeChanges(before: Snapshot, after: Snapshot): string {
  const parts: string[] = [];
  for (const table of Object.keys(before)) {
    const was = before[table] ?? {};
    const now = after[table] ?? {};
    const added = Object.keys(now).filter((key) => !(key in was)).length;
    const removed = Object.keys(was).filter((key) => !(key in now)).length;
    const changed = Object.keys(now).filter((key) => key in was && JSON.stringify(now[key]) !== JSON.stringify(was[key])).length;
    const marks = [added ? `+${added}` : '', removed ? `-${removed}` : '', changed ? `~${changed}` : ''].filter(Boolean);
    if (marks.length) parts.push(`${table} ${marks.join(' ')}`);
  }
  return parts.join(', ');
}

async function addMember(sql: Sql, organizationId: string, userId: string, role: string): Promise<void> {
  await sql`insert into public.organization_members (organization_id, user_id, role) values (${organizationId}, ${userId}, ${role})`;
}

/**
 * Workspace 1 (owner, admin, member, viewer; a pending invitation for `invited`, a used, a revoked and an expired
 * one, a pending owner invitation; a content item (a draft), an active campaign (budget 100) with one day of results, a
 * remembered CSV mapping, an activity day, a contact, its default scoring rules, an analytics site with one rollup, one
 * object in the assets bucket) and workspace 2 (its owner
 * and `outsider` as member, a content item, a pending invitation, a contact, 100 scoring rules (the most allowed) and
 * an analytics site); a lead. `removed` was a member of workspace 1 and was removed; their session still exists.
 * Everything is written with SQL; every actor gets a live session (aal1) and a supabase-js client.
 * `requireTwoFactor(true)` makes workspace 1 require two-factor authentication of its members from its next reset on.
 */
export async function createWorkspaceWorld(server: TestServer): Promise<WorkspaceWorld> {
  let requireTwoFactor = false;
  const { sql } = server;
  const seed = (first: string) => seedUser(sql, { metadata: { first_name: first, last_name: 'Tester' } });
  const owner = await seedUser(sql, { metadata: { first_name: 'Olive', last_name: 'Owner', company_name: WORKSPACE_1_NAME } });
  const [admin, member, viewer, outsider, invited, removed, owner2] = await Promise.all(
    ['Ada', 'Mia', 'Vic', 'Xena', 'Ivy', 'Rex', 'Yuri'].map(seed),
  );
  const workspace1 = owner.organizationId;
  const workspace2 = owner2!.organizationId;
  await addMember(sql, workspace2, outsider!.id, 'member');
  await sql`insert into public.content_items (organization_id, user_id, title) values (${workspace2}, ${owner2!.id}, 'Workspace 2 plan')`;
  await sql`insert into public.workspace_invitations (organization_id, email, role, invited_by) values (${workspace2}, ${uniqueEmail('w2-invite')}, 'member', ${owner2!.id})`;
  await sql`insert into public.analytics_sites (organization_id, name, domain) values (${workspace2}, 'Workspace 2 site', 'two.example')`;
  // Workspace 2's public blog: a published item (rendered, as the server does before serving it) and a draft.
  await sql`insert into public.workspace_blogs (organization_id, slug) values (${workspace2}, ${BLOG_SLUGS.workspace2})`;
  await sql`
    insert into public.content_items (id, organization_id, user_id, title, status, content) values
      (${ids.publishedItemOfWorkspace2}, ${workspace2}, ${owner2!.id}, 'Workspace 2 news', 'published', 'Public **news**'),
      (${ids.draftItemOfWorkspace2}, ${workspace2}, ${owner2!.id}, 'Workspace 2 secret', 'draft', 'Not yet')`;
  await sql`
    insert into private.content_item_html (content_item_id, html, source_md5, renderer)
    select id, '<p>rendered</p>', md5(coalesce(content, '')), 'test' from public.content_items where organization_id = ${workspace2}`;
  await sql`
    insert into public.webhook_endpoints (id, organization_id, url_origin, events)
    values (${ids.webhookEndpointOfWorkspace2}, ${workspace2}, 'https://two.example', '{content.published}')`;
  await sql`
    insert into private.webhook_endpoint_credentials (endpoint_id, url, secret)
    values (${ids.webhookEndpointOfWorkspace2}, 'https://two.example/hook', 'whsec_' || encode(sha256('workspace 2'), 'base64'))`;
  await sql`
    insert into public.social_accounts (id, organization_id, network, display_name, service_origin, status)
    values (${ids.socialAccountOfWorkspace2}, ${workspace2}, 'bluesky', 'two.bsky.social', 'https://bsky.social', 'connected')`;
  await sql`insert into private.social_account_credentials (account_id, sealed) values (${ids.socialAccountOfWorkspace2}, 'v1.k2.iv.tag.workspace2')`;
  await sql`insert into public.social_account_slots (organization_id, account_id, weekday, local_time) values (${workspace2}, ${ids.socialAccountOfWorkspace2}, 1, '09:00')`;
  await sql`insert into public.contacts (id, organization_id, first_name, email) values (${ids.contactOfWorkspace2}, ${workspace2}, 'Li', 'li@contoso.example')`;
  await sql`insert into public.automation_workflows (id, organization_id, name) values (${ids.automationWorkflowOfWorkspace2}, ${workspace2}, 'Workspace 2 flow')`;
  await sql`
    insert into public.automation_workflow_versions (workflow_id, organization_id, version, graph)
    values (${ids.automationWorkflowOfWorkspace2}, ${workspace2}, 1, ${sql.json(MATRIX_WORKFLOW_GRAPH)})`;
  await sql`insert into public.email_lists (id, organization_id, name) values (${ids.emailListOfWorkspace2}, ${workspace2}, 'Workspace 2 list')`;
  // Workspace 2 holds the most scoring rules a workspace may have (100): only its own members may learn that.
  await sql`
    insert into public.contact_score_rules (organization_id, kind, value, points)
    select ${workspace2}, 'tag', 'filler ' || n, 1
    from generate_series(1, 100 - (select count(*)::int from public.contact_score_rules where organization_id = ${workspace2})) n`;

  const people = { owner, admin: admin!, member: member!, viewer: viewer!, outsider: outsider!, invited: invited!, removed: removed! };
  const actors = {} as Record<ActorName, Actor>;
  for (const name of ACTORS) {
    if (name === 'anon') {
      actors.anon = { name, user: null, client: server.client() };
      continue;
    }
    const user = people[name];
    const session = await mintSession(sql, server.jwtSecret, user.id);
    actors[name] = { name, user, client: clientWithToken(server, session.accessToken) };
  }
  const actorIds = Object.values(people).map((user) => user.id);
  const tokens = { pending: '', used: '', revoked: '', expired: '', ownerPending: '' };

  // One round trip for the whole reset: the statements are pipelined in one transaction (postgres.js runs an
  // array of queries in order) and the four invitation tokens are issued by one query.
  async function reset(): Promise<void> {
    const members = [[owner, 'owner'], [people.admin, 'admin'], [people.member, 'member'], [people.viewer, 'viewer']] as const;
    await sql.begin((tx) => [
      tx`delete from public.organizations where id = ${workspace1}`,
      tx`insert into public.organizations (id, name, is_personal, require_two_factor) values (${workspace1}, ${WORKSPACE_1_NAME}, false, ${requireTwoFactor})`,
      tx`update public.profiles set organization_id = ${workspace1} where user_id = ${owner.id}`,
      tx`insert into public.organization_members (organization_id, user_id, role)
        select ${workspace1}, m.user_id, m.role from unnest(${members.map(([user]) => user.id)}::uuid[], ${members.map(([, role]) => role)}::text[]) as m(user_id, role)`,
      tx`
        insert into public.workspace_invitations (id, organization_id, email, role, invited_by, expires_at, accepted_at, accepted_by, revoked_at)
        values
          (${ids.invitationPending}, ${workspace1}, ${people.invited.email}, 'member', ${owner.id}, now() + interval '7 days', null, null, null),
          (${ids.invitationUsed}, ${workspace1}, 'used@example.com', 'member', ${owner.id}, now() + interval '6 days', now(), null, null),
          (${ids.invitationRevoked}, ${workspace1}, 'revoked@example.com', 'viewer', ${owner.id}, now() + interval '6 days', null, null, now()),
          (${ids.invitationExpired}, ${workspace1}, 'expired@example.com', 'member', ${owner.id}, now() - interval '1 minute', null, null, null),
          (${ids.invitationOwnerPending}, ${workspace1}, ${FUTURE_OWNER_EMAIL}, 'owner', ${owner.id}, now() + interval '7 days', null, null, null)`,
      tx`insert into public.content_items (id, organization_id, user_id, title) values (${ids.contentItem}, ${workspace1}, ${owner.id}, 'Workspace 1 plan')`,
      tx`insert into public.workspace_blogs (organization_id, slug) values (${workspace1}, ${BLOG_SLUGS.workspace1})`,
      tx`insert into public.campaigns (id, organization_id, user_id, title, status, budget) values (${ids.campaign}, ${workspace1}, ${owner.id}, 'Workspace 1 campaign', 'active', 100)`,
      tx`insert into public.campaign_results (id, campaign_id, day, platform, clicks, spend) values (${ids.campaignResult}, ${ids.campaign}, '2026-01-01', 'Google Ads', 10, 5)`,
      tx`insert into public.csv_column_mappings (organization_id, kind, mapping, updated_by) values (${workspace1}, 'campaign_results', '{"day": "Day"}', ${owner.id})`,
      tx`insert into public.workspace_activity_days (organization_id, user_id, day) values (${workspace1}, ${owner.id}, '2026-01-01')`,
      tx`insert into public.contacts (id, organization_id, first_name, email, lifecycle_stage) values (${ids.contact}, ${workspace1}, 'Dana', ${CONTACT_EMAIL}, 'customer')`,
      tx`
        insert into public.leads (id, name, email, message) values (${ids.lead}, 'Lena Lead', 'lena@example.com', 'Please send a quote for a new site.')
        on conflict (id) do update set status = 'new', note = null`,
      tx`insert into public.analytics_sites (id, organization_id, name, domain) values (${ids.analyticsSite}, ${workspace1}, 'Workspace 1 site', 'one.example')`,
      // A rollup of a past day: a report's refresh recomputes only the days since its last refresh.
      tx`
        insert into public.analytics_rollups (site_id, dimension, hour, value, visitors, visits, pageviews)
        values (${ids.analyticsSite}, 'total', '2026-01-01T10:00:00Z', '', 3, 4, 9)`,
      tx`
        insert into public.analytics_daily_rollups (site_id, dimension, day_start, value, visitors, visits, pageviews)
        values (${ids.analyticsSite}, 'total', '2026-01-01T00:00:00Z', '', 3, 4, 9)`,
      tx`insert into private.analytics_refreshes (site_id, refreshed_at) values (${ids.analyticsSite}, now())`,
      tx`insert into public.seo_sites (id, organization_id, name, start_url) values (${ids.seoSite}, ${workspace1}, 'Workspace 1 site', 'https://one.example/')`,
      tx`insert into public.seo_audits (id, site_id, status, health_score, finished_at) values (${ids.seoAudit}, ${ids.seoSite}, 'done', 90, now())`,
      tx`
        with page as (
          insert into public.seo_pages (audit_id, site_id, url, final_url, path, status, found_via)
          values (${ids.seoAudit}, ${ids.seoSite}, 'https://one.example/', 'https://one.example/', '/', 200, 'start') returning id
        )
        insert into public.seo_issues (audit_id, site_id, page_id, url, check_id, severity, priority)
        select ${ids.seoAudit}, ${ids.seoSite}, page.id, 'https://one.example/', 'title_missing', 'error', 3 from page`,
      tx`
        insert into public.seo_search_performance (site_id, date_from, date_to, query, page, clicks, impressions)
        values (${ids.seoSite}, '2026-01-01', '2026-01-01', 'one', '', 3, 30)`,
      // The asset library: an asset in review whose one version is the bucket's object, a comment on it, an empty
      // collection, and an upload in progress (its asset has no version yet). Deleting workspace 1 above queued the
      // removal of the versions' objects; the jobs are keyed by version, so the queue holds two at most.
      tx`
        insert into public.assets (id, organization_id, name, kind, status, tags, current_version_id, created_by) values
          (${ids.asset}, ${workspace1}, 'Brief', 'document', 'in_review', '{brand}', ${ids.assetFile}, ${owner.id}),
          (${ids.reservedAsset}, ${workspace1}, 'Upload', 'document', 'draft', '{}', null, ${owner.id})`,
      tx`
        insert into public.asset_versions (id, asset_id, organization_id, number, state, object_path, file_name, mime_type,
          size_bytes, variants_state, uploaded_by, completed_at) values
          (${ids.assetFile}, ${ids.asset}, ${workspace1}, 1, 'ready', ${assetPath(workspace1)}, ${ASSET_NAME}, 'text/plain',
            ${ASSET_BYTES.length}, 'none', ${owner.id}, now()),
          (${ids.reservedFile}, ${ids.reservedAsset}, ${workspace1}, 1, 'uploading', ${reservedPath(workspace1)}, 'upload.txt',
            'text/plain', ${RESERVED_BYTES.length}, 'pending', ${people.member.id}, null)`,
      tx`insert into public.asset_comments (id, asset_id, organization_id, author_id, body) values (${ids.assetComment}, ${ids.asset}, ${workspace1}, ${owner.id}, 'Brand colours?')`,
      tx`insert into public.asset_collections (id, organization_id, name, created_by) values (${ids.assetCollection}, ${workspace1}, 'Launch', ${owner.id})`,
      tx`
        insert into public.webhook_endpoints (id, organization_id, url_origin, description, events, created_by)
        values (${ids.webhookEndpoint}, ${workspace1}, 'https://hooks.example.com', 'Workspace 1 hook', '{content.published}', ${owner.id})`,
      tx`
        insert into private.webhook_endpoint_credentials (endpoint_id, url, secret)
        values (${ids.webhookEndpoint}, 'https://hooks.example.com/catch/secret-path', 'whsec_' || encode(sha256('workspace 1'), 'base64'))`,
      tx`
        insert into public.webhook_events (id, organization_id, event_type, event_key, body)
        values (${ids.webhookEvent}, ${workspace1}, 'content.published', 'matrix', '{"type":"content.published"}')`,
      tx`
        insert into public.webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, status, attempts, next_attempt_at, response_status)
        values (${ids.webhookDelivery}, ${workspace1}, ${ids.webhookEndpoint}, ${ids.webhookEvent}, 'content.published', 'succeeded', 1, null, 200)`,
      tx`
        insert into public.webhook_delivery_attempts (delivery_id, organization_id, attempt, outcome, response_status)
        values (${ids.webhookDelivery}, ${workspace1}, 1, 'succeeded', 200)`,
      tx`
        insert into public.social_accounts (id, organization_id, network, display_name, service_origin, status, external_id, created_by)
        values (${ids.socialAccount}, ${workspace1}, 'bluesky', 'one.bsky.social', 'https://bsky.social', 'connected', 'did:plc:one', ${owner.id})`,
      tx`insert into private.social_account_credentials (account_id, sealed) values (${ids.socialAccount}, 'v1.k1.iv.tag.workspace1')`,
      tx`insert into public.social_posts (id, organization_id, body, created_by) values (${ids.socialPost}, ${workspace1}, 'Workspace 1 post', ${owner.id})`,
      tx`
        insert into public.social_post_channels (id, organization_id, post_id, account_id, body, status, result_message)
        values (${ids.socialChannel}, ${workspace1}, ${ids.socialPost}, ${ids.socialAccount}, 'Workspace 1 post', 'failed', 'Bluesky refused the post (HTTP 400).')`,
      tx`
        insert into public.social_post_figures (channel_id, organization_id, likes, reposts, replies, fetched_at)
        values (${ids.socialChannel}, ${workspace1}, 3, 1, 0, now())`,
      tx`
        insert into public.social_posts (id, organization_id, body, created_by, approval_status)
        values (${ids.socialPostAwaiting}, ${workspace1}, 'Workspace 1 post awaiting approval', ${owner.id}, 'awaiting')`,
      tx`
        insert into public.social_post_channels (id, organization_id, post_id, account_id, body, status)
        values (${ids.socialChannelAwaiting}, ${workspace1}, ${ids.socialPostAwaiting}, ${ids.socialAccount}, 'Workspace 1 post awaiting approval', 'awaiting_approval')`,
      tx`
        insert into public.social_approval_links (id, organization_id, post_id, post_revision, created_by)
        values (${ids.socialApprovalLink}, ${workspace1}, ${ids.socialPostAwaiting}, 1, ${owner.id})`,
      tx`insert into private.social_approval_tokens (token_hash, link_id) values (sha256(convert_to(${SOCIAL_APPROVAL_TOKEN}, 'UTF8')), ${ids.socialApprovalLink})`,
      // A Mastodon connection the owner started (its authorize URL carries a state): only the owner reads it.
      tx`
        insert into public.mastodon_connections (organization_id, created_by, instance_origin, redirect_uri, status, authorize_url)
        values (${workspace1}, ${owner.id}, 'https://mastodon.example', 'https://app.example/marketing/social/connect/mastodon', 'authorizing',
          'https://mastodon.example/oauth/authorize?state=owner-state')`,
      tx`
        insert into public.automation_workflows (id, organization_id, name, status, trigger_type, created_by)
        values (${ids.automationWorkflow}, ${workspace1}, 'Workspace 1 flow', 'published', 'contact_created', ${owner.id})`,
      tx`
        insert into public.automation_workflow_versions (id, workflow_id, organization_id, version, state, graph, published_at)
        values (${ids.automationPublishedVersion}, ${ids.automationWorkflow}, ${workspace1}, 1, 'published', ${sql.json(MATRIX_WORKFLOW_GRAPH)}, now()),
          (${ids.automationDraftVersion}, ${ids.automationWorkflow}, ${workspace1}, 2, 'draft', ${sql.json(MATRIX_WORKFLOW_GRAPH)}, null)`,
      tx`update public.automation_workflows set published_version_id = ${ids.automationPublishedVersion} where id = ${ids.automationWorkflow}`,
      tx`
        insert into public.automation_enrollments (id, organization_id, workflow_id, version_id, contact_id, current_step, due_at)
        values (${ids.automationEnrollment}, ${workspace1}, ${ids.automationWorkflow}, ${ids.automationPublishedVersion}, ${ids.contact}, 'pause', now() + interval '1 hour')`,
      tx`
        insert into public.automation_step_runs (organization_id, enrollment_id, step_id, visit, step_type, status, due_at)
        values (${workspace1}, ${ids.automationEnrollment}, 'pause', 1, 'wait', 'waiting', now() + interval '1 hour')`,
      tx`
        insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event)
        values (${workspace1}, ${ids.automationWorkflow}, ${ids.automationEnrollment}, ${ids.contact}, 'entered')`,
      tx`
        insert into public.member_notices (id, organization_id, user_id, title, contact_id, workflow_id)
        values (${ids.memberNotice}, ${workspace1}, ${owner.id}, 'Workspace 1 flow: Dana', ${ids.contact}, ${ids.automationWorkflow})`,
      tx`
        insert into public.email_templates (id, organization_id, name, subject, blocks)
        values (${ids.emailTemplate}, ${workspace1}, 'Welcome', 'Hello {{first_name|there}}', '[{"type":"heading","text":"Hello"}]')`,
      tx`
        insert into public.email_lists (id, organization_id, name, opt_in, form_token)
        values (${ids.emailList}, ${workspace1}, 'Newsletter', 'double', ${EMAIL_FORM_TOKEN})`,
      tx`
        insert into public.email_list_members (list_id, contact_id, organization_id, status, consent_method, consent_source, confirmed_at)
        values (${ids.emailList}, ${ids.contact}, ${workspace1}, 'confirmed', 'manual', 'matrix', now())`,
      tx`
        insert into public.email_campaigns (id, organization_id, name, subject, blocks, list_ids)
        values (${ids.emailCampaign}, ${workspace1}, 'Spring news', 'News', '[{"type":"heading","text":"News"}]', array[${ids.emailList}]::uuid[])`,
      tx`
        insert into public.email_deliveries (id, organization_id, kind, campaign_id, email, status, sent_at) overriding system value
        values (${ids.emailDelivery}, ${workspace1}, 'campaign', ${ids.emailCampaign}, ${CONTACT_EMAIL}, 'sent', now())`,
      tx`insert into public.email_suppressions (organization_id, email, reason) values (${workspace1}, ${SUPPRESSED_EMAIL}, 'manual')`,
      tx`select private.issue_invitation_token(i, 'link') as token
        from unnest(${[ids.invitationPending, ids.invitationUsed, ids.invitationRevoked, ids.invitationExpired, ids.invitationOwnerPending]}::uuid[]) with ordinality as t(i, n)
        order by t.n`,
    ]).then((results) => {
      const issued = (results.at(-1) as unknown as { token: string }[]).map((row) => row.token);
      [tokens.pending, tokens.used, tokens.revoked, tokens.expired, tokens.ownerPending] = issued as [string, string, string, string, string];
    });
    await resetStorage();
  }

  // Workspace 1's one object in the assets bucket: its row (a fixed version) and the bytes that version names.
  async function resetStorage(): Promise<void> {
    await sql.begin((tx) => [
      tx`select set_config('storage.allow_delete_query', 'true', true)`,
      tx`delete from storage.objects where bucket_id = 'assets' and name like ${`${workspace1}/%`}`,
      tx`
        insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
        values ('assets', ${assetPath(workspace1)}, ${owner.id}, ${owner.id}, ${ids.assetVersion},
          ${sql.json({ eTag: '"x"', size: ASSET_BYTES.length, mimetype: 'text/plain', cacheControl: 'no-cache', lastModified: '2026-01-01T00:00:00.000Z', contentLength: ASSET_BYTES.length, httpStatusCode: 200 })}, '{}')`,
    ]);
    const file = path.join(server.config.storageDir, 'objects', ids.assetVersion.slice(0, 2), ids.assetVersion);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, ASSET_BYTES);
  }

  async function resetWithoutResults(): Promise<void> {
    await reset();
    await sql`delete from public.campaign_results where organization_id = ${workspace1}`;
  }

  async function snapshot(): Promise<Snapshot> {
    const [row] = await sql.unsafe<{ first_half: Snapshot; second_half: Snapshot }[]>(SNAPSHOT_SQL, [workspace1, actorIds, ids.lead]);
    return { ...row!.first_half, ...row!.second_half };
  }

  // The removed member: was in workspace 1, then removed (the session minted above stays valid).
  await addMember(sql, workspace1, removed!.id, 'member');
  await sql`delete from public.organization_members where organization_id = ${workspace1} and user_id = ${removed!.id}`;
  await reset();
  async function setTwoFactor(required: boolean): Promise<void> {
    requireTwoFactor = required;
    await reset();
  }

  return { workspace1, workspace2, actors, tokens, reset, resetWithoutResults, snapshot, requireTwoFactor: setTwoFactor };
}
