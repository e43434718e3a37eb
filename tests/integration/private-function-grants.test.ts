import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The `private` schema holds the helpers of policies and checks and the worker's own functions. The API roles may
 * run only the helpers below (policies, check constraints and the public functions they serve call them with the
 * caller's rights); every other function — the worker's claims, sends and rollups above all — must have its
 * `revoke all … from public` (PostgreSQL grants EXECUTE to everyone by default). A new function executable by anon or
 * authenticated fails here until it is named, so the grant is a decision, not a default.
 */
const EXECUTABLE_BY_API_ROLES: readonly (readonly [string, 'anon and authenticated' | 'authenticated'])[] = [
  ["private.access_role_rank(text)", "anon and authenticated"],
  ["private.analytics_breakdowns(uuid,timestamp with time zone,timestamp with time zone,integer,bigint)", "authenticated"],
  ["private.analytics_goal_properties(uuid,timestamp with time zone,timestamp with time zone,integer,bigint)", "authenticated"],
  ["private.analytics_recent_visitors(uuid)", "authenticated"],
  ["private.analytics_rollup_rows(uuid,timestamp with time zone,timestamp with time zone,text[],boolean)", "authenticated"],
  ["private.analytics_series(uuid,timestamp with time zone,timestamp with time zone,text)", "authenticated"],
  ["private.analytics_site_ids()", "anon and authenticated"],
  ["private.analytics_totals(uuid,timestamp with time zone,timestamp with time zone)", "authenticated"],
  ["private.are_clean_tags(text[])", "authenticated"],
  ["private.are_valid_asset_tags(text[])", "anon and authenticated"],
  ["private.asset_kind(text)", "anon and authenticated"],
  ["private.asset_public_image_path(text)", "anon and authenticated"],
  ["private.asset_status_move_allowed(text,text)", "anon and authenticated"],
  ["private.asset_variant_path(text,text)", "anon and authenticated"],
  ["private.campaign_result_problem(jsonb)", "authenticated"],
  ["private.contact_tags_valid(text[])", "anon and authenticated"],
  ["private.content_publish_job_key(uuid)", "anon and authenticated"],
  ["private.current_organization_id()", "authenticated"],
  ["private.current_user_organization_ids()", "anon and authenticated"],
  ["private.default_admin_pages()", "anon and authenticated"],
  ["private.default_menu_items()", "anon and authenticated"],
  ["private.email_block_valid(jsonb,boolean)", "anon and authenticated"],
  ["private.email_blocks_valid(jsonb)", "anon and authenticated"],
  ["private.email_link_valid(text)", "anon and authenticated"],
  ["private.first_url(text)", "anon and authenticated"],
  ["private.forget_past_analytics_days(date)", "authenticated"],
  ["private.has_live_session()", "anon and authenticated"],
  ["private.has_two_factor_session()", "anon and authenticated"],
  ["private.has_workspace_role(uuid,text)", "anon and authenticated"],
  ["private.is_header_text(text)", "anon and authenticated"],
  ["private.is_plain_email(text)", "anon and authenticated"],
  ["private.is_reserved_asset_upload(text,jsonb)", "anon and authenticated"],
  ["private.is_reserved_blog_slug(text)", "anon and authenticated"],
  ["private.is_site_admin()", "anon and authenticated"],
  ["private.is_valid_asset_object_key(text)", "anon and authenticated"],
  ["private.lead_score_band(integer)", "anon and authenticated"],
  ["private.lower_tags(text[])", "anon and authenticated"],
  ["private.new_email_token()", "authenticated"],
  ["private.organization_ids_with_role(text)", "anon and authenticated"],
  ["private.refresh_analytics_rollups(uuid)", "authenticated"],
  ["private.require_active_session()", "anon and authenticated"],
  ["private.seo_query_figures(uuid,date,date)", "anon and authenticated"],
  ["private.seo_schedule_interval(text)", "authenticated"],
  ["private.seo_severity_weight(text)", "authenticated"],
  ["private.seo_site_ids()", "authenticated"],
  ["private.seo_writable_site_ids()", "authenticated"],
  ["private.set_updated_at()", "anon and authenticated"],
  ["private.storage_workspace_folders(text)", "anon and authenticated"],
  ["private.workspace_role(uuid)", "anon and authenticated"],
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
});
afterAll(async () => {
  await server.close();
});

describe('private functions', () => {
  it('anon and authenticated may run only the named helpers, each with the roles named', async () => {
    const rows = await server.sql<{ fn: string; anon: boolean; authenticated: boolean }[]>`
      select p.oid::regprocedure::text as fn,
             has_function_privilege('anon', p.oid, 'execute') as anon,
             has_function_privilege('authenticated', p.oid, 'execute') as authenticated
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'private' and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
      order by 1`;
    const executable = rows.map((row) => [row.fn, row.anon ? 'anon and authenticated' : 'authenticated']);
    expect(executable).toEqual(EXECUTABLE_BY_API_ROLES.map(([fn, roles]) => [fn, roles]));
    expect(rows.every((row) => row.authenticated || !row.anon)).toBe(true);
  });

  it('none of them is reachable over the data API, by name or by naming the schema', async () => {
    const anon = server.client() as unknown as SupabaseClient;
    const byName = await anon.rpc('workspace_role', { workspace_id: '00000000-0000-0000-0000-000000000000' });
    expect(byName.error?.code).toBe('PGRST202');
    const bySchema = await anon.schema('private').rpc('workspace_role', { workspace_id: '00000000-0000-0000-0000-000000000000' });
    expect(bySchema.error?.code).toBe('PGRST106');
  });
});
