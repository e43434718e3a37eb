import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../support/rest-clients';
import { document, EXPECTED_ISSUES, startFixtureSite, type FixtureSite } from '../support/seo-fixture-site';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * SEO audits through the real server, its job runner and supabase-js: a member adds a site and asks for an audit, the
 * run_seo_audit job crawls the local fixture site (on 127.0.0.2, which OUTBOUND_ALLOW_PRIVATE opens) through the
 * outbound client, the issues read back are exactly its defects, ranked by severity × first-party page views;
 * a second audit after changes says what is new, fixed and still open; the scheduler queues due audits; the limits.
 */
let server: TestServer;
let site: FixtureSite;
let owner: SignedInUser;
let siteId: string;
let firstAudit: string;

const drain = () => server.app.jobRunner!()!.drain(60_000);
/** The scheduler's cron job, run now through the runner. */
const runScheduler = async () => {
  await server.sql`select private.enqueue_job('queue_due_seo_audits', '{}'::jsonb)`;
  await drain();
};

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.2', OUTBOUND_ALLOW_PORTS: '*' });
  site = await startFixtureSite();
  owner = await signedInUser(server);
  const [analytics] = await server.sql<{ id: string }[]>`
    insert into public.analytics_sites (organization_id, name, domain) values (${owner.organizationId}, 'Woodshop', 'woodshop.example') returning id`;
  // Page views of the last days: /images is visited, /no-title hardly.
  await server.sql`
    insert into public.analytics_daily_rollups (site_id, dimension, day_start, value, pageviews)
    values (${analytics!.id}, 'page', date_trunc('day', now()) - interval '2 days', '/images', 900),
           (${analytics!.id}, 'page', date_trunc('day', now()) - interval '2 days', '/no-title', 2),
           (${analytics!.id}, 'page', date_trunc('day', now()) - interval '60 days', '/no-title', 5000)`;
  const { data, error } = await owner.client
    .from('seo_sites')
    .insert({ organization_id: owner.organizationId, name: 'Woodshop', start_url: `${site.origin}/`, analytics_site_id: analytics!.id, crawl_delay_ms: 0, created_by: owner.id })
    .select('id, schedule, next_audit_at')
    .single();
  expect(error).toBeNull();
  expect(data!.schedule).toBe('weekly');
  siteId = data!.id;
});

afterAll(async () => {
  await site?.close();
  await server?.close();
});

describe('an audit asked for by a member', () => {
  it('is queued as a job, crawled, and finds exactly the fixture site’s defects', async () => {
    const requested = await owner.client.rpc('request_seo_audit', { site_id: siteId });
    expect(requested.error).toBeNull();
    firstAudit = requested.data!.id;
    expect(requested.data!.status).toBe('queued');
    const again = await owner.client.rpc('request_seo_audit', { site_id: siteId });
    expect(again.error).toMatchObject({ code: 'P0001', details: 'audit_running' });

    await drain();
    const audit = await owner.client.from('seo_audits').select('status, health_score, pages_crawled, truncated').eq('id', firstAudit).single();
    expect(audit.data).toMatchObject({ status: 'done', truncated: null });
    expect(audit.data!.health_score).toBeGreaterThan(0);
    expect(audit.data!.health_score).toBeLessThan(100);

    const issues = await owner.client.from('seo_issues').select('url, check_id').eq('audit_id', firstAudit);
    const found: Record<string, string[]> = {};
    for (const issue of issues.data!) (found[new URL(issue.url).pathname] ??= []).push(issue.check_id);
    for (const checks of Object.values(found)) checks.sort();
    expect(found).toEqual(Object.fromEntries(Object.entries(EXPECTED_ISSUES).map(([path, checks]) => [path, [...checks].sort()])));
  });

  it('ranks issues by severity × page views of the last 28 days', async () => {
    const summary = await owner.client.rpc('seo_issue_summary', { audit_id: firstAudit });
    expect(summary.error).toBeNull();
    const order = summary.data!.map((row) => row.check_id);
    // A warning on a page seen 900 times outranks an error on a page seen twice; the critical ones come next.
    expect(order[0]).toBe('image_alt_missing');
    expect(summary.data![0]).toMatchObject({ severity: 'warning', pages: 1, pageviews: 900 });
    expect(order.indexOf('not_indexable')).toBeLessThan(order.indexOf('title_missing'));
    const page = await owner.client.from('seo_pages').select('pageviews, issues:seo_issues(check_id)').eq('audit_id', firstAudit).eq('path', '/no-title').single();
    expect(page.data).toEqual({ pageviews: 2, issues: [{ check_id: 'title_missing' }] });
  });

  it('tells new, fixed and still open issues between two audits', async () => {
    site.pages['/no-title'] = { html: document('/no-title', { body: '<h1>Now with a title</h1>' }) };
    site.pages['/about'] = { html: document('/about', { description: null, body: '<h1>About us</h1>' }) };
    const second = await owner.client.rpc('request_seo_audit', { site_id: siteId });
    expect(second.error).toBeNull();
    await drain();
    const changes = await owner.client.rpc('seo_audit_changes', { audit_id: second.data!.id });
    expect(changes.error).toBeNull();
    const by = (state: string) => changes.data!.filter((change) => change.state === state).map((change) => `${new URL(change.url).pathname} ${change.check_id}`);
    expect(by('new')).toEqual(['/about description_missing']);
    expect(by('fixed')).toEqual(['/no-title title_missing']);
    expect(by('open')).toHaveLength(Object.values(EXPECTED_ISSUES).flat().length - 1);
  });
});

describe('scheduled audits', () => {
  it('queues an audit for a site whose moment has come, and moves the moment a week on', async () => {
    await server.sql`update public.seo_sites set next_audit_at = now() - interval '1 minute' where id = ${siteId}`;
    await runScheduler();
    const [queued] = await server.sql<{ reason: string }[]>`select reason from public.seo_audits where site_id = ${siteId} order by created_at desc limit 1`;
    expect(queued).toEqual({ reason: 'schedule' });
    const [next] = await server.sql<{ days: number }[]>`select round(extract(epoch from next_audit_at - now()) / 86400)::integer as days from public.seo_sites where id = ${siteId}`;
    expect(next!.days).toBe(7);
    await runScheduler();
    const [count] = await server.sql<{ n: number }[]>`select count(*)::integer as n from public.seo_audits where site_id = ${siteId} and reason = 'schedule'`;
    expect(count!.n).toBe(1);
    await drain();
    const [done] = await server.sql<{ status: string }[]>`select status from public.seo_audits where site_id = ${siteId} and reason = 'schedule'`;
    expect(done!.status).toBe('done');
  });

  it('refuses more than 20 audits of a workspace in a day', async () => {
    await server.sql`
      insert into public.seo_audits (site_id, status, created_at) select ${siteId}, 'done', now() - interval '1 hour' from generate_series(1, 20)`;
    const refused = await owner.client.rpc('request_seo_audit', { site_id: siteId });
    expect(refused.error).toMatchObject({ code: 'P0001', details: 'audit_limit' });
  });
});

describe('the agency’s own site', () => {
  const AGENCY_SITE = '5e05e05e-0000-4000-8000-000000000001';

  it('is audited for a site admin like any other: its SITE_URL when no address is set, the address set otherwise', async () => {
    const admin = await signedInUser(server, { siteAdmin: true });
    const { data: agency } = await admin.client.from('seo_sites').select('id, organization_id, start_url').eq('id', AGENCY_SITE).single();
    expect(agency).toEqual({ id: AGENCY_SITE, organization_id: null, start_url: null });

    // No address: the worker crawls SITE_URL, here this test server on 127.0.0.1, which the crawler refuses to fetch.
    const unset = await admin.client.rpc('request_seo_audit', { site_id: AGENCY_SITE });
    expect(unset.error).toBeNull();
    await drain();
    const failed = await admin.client.from('seo_audits').select('status, start_url, error').eq('id', unset.data!.id).single();
    expect(failed.data).toMatchObject({ status: 'failed', error: expect.stringContaining('loopback') });

    const moved = await admin.client.from('seo_sites').update({ start_url: `${site.origin}/`, crawl_delay_ms: 0 }).eq('id', AGENCY_SITE).select('id');
    expect(moved.data).toHaveLength(1);
    const audit = await admin.client.rpc('request_seo_audit', { site_id: AGENCY_SITE });
    expect(audit.error).toBeNull();
    await drain();
    const done = await admin.client.from('seo_audits').select('status').eq('id', audit.data!.id).single();
    expect(done.data).toEqual({ status: 'done' });
    // The same site as the workspace's (as changed by the tests above): the same issues as the workspace's last audit.
    const issuesOf = (rows: { url: string; check_id: string }[]) => rows.map((row) => `${new URL(row.url).pathname} ${row.check_id}`).sort();
    const agencyIssues = await admin.client.from('seo_issues').select('url, check_id').eq('audit_id', audit.data!.id);
    const workspaceIssues = await server.sql<{ url: string; check_id: string }[]>`
      select url, check_id from public.seo_issues where audit_id = (select id from public.seo_audits where site_id = ${siteId} and status = 'done' order by finished_at desc nulls last limit 1)`;
    expect(issuesOf(agencyIssues.data!)).toEqual(issuesOf(workspaceIssues));
    expect(agencyIssues.data!.length).toBeGreaterThan(20);

    // A workspace owner neither sees the agency's site and audits nor starts one.
    expect((await owner.client.from('seo_sites').select('id').eq('id', AGENCY_SITE)).data).toEqual([]);
    expect((await owner.client.from('seo_audits').select('id').eq('site_id', AGENCY_SITE)).data).toEqual([]);
    expect((await owner.client.rpc('seo_issue_summary', { audit_id: audit.data!.id })).data ?? []).toEqual([]);
    expect((await owner.client.rpc('request_seo_audit', { site_id: AGENCY_SITE })).error).toMatchObject({ code: 'P0001', details: 'site_not_found' });
  });
});
