-- SEO audits (issue 31): one crawl of a site, its pages and the issues found on them. Read by whoever reads the site
-- (RLS through private.seo_site_ids()); written only by the job runner's `run_seo_audit` task through the private
-- functions below, which check that the audit is of the site and workspace the job names. Members ask for an audit
-- (public.request_seo_audit), cancel it and delete finished ones; nobody writes pages or issues directly.
--
-- Limits: one audit at a time per site; at most 20 audits per workspace (or for the agency site) in 24 hours,
-- scheduled ones included; the crawl's own bounds (pages, time, bytes) are the crawler's (server/src/modules/seo).

create table public.seo_audits (
  id uuid primary key default gen_random_uuid(),
  site_id uuid not null references public.seo_sites (id) on delete cascade,
  status text not null default 'queued' constraint seo_audits_status_value check (status in ('queued', 'running', 'done', 'failed', 'cancelled')),
  reason text not null default 'manual' constraint seo_audits_reason_value check (reason in ('manual', 'schedule')),
  requested_by uuid references auth.users (id) on delete set null,
  -- The crawl's settings when it started (the site may change later).
  start_url text,
  page_limit integer,
  crawl_delay_ms integer,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  attempts integer not null default 0,
  pages_crawled integer not null default 0,
  pages_discovered integer not null default 0,
  health_score integer constraint seo_audits_health_score_range check (health_score between 0 and 100),
  critical_count integer not null default 0,
  error_count integer not null default 0,
  warning_count integer not null default 0,
  notice_count integer not null default 0,
  -- Why the crawl stopped before every known page: 'pages' (the limit) or 'time'.
  truncated text constraint seo_audits_truncated_value check (truncated in ('pages', 'time')),
  -- Why the audit failed, in words.
  error text,
  robots jsonb,
  sitemaps jsonb
);
create index seo_audits_site_id_idx on public.seo_audits (site_id, created_at desc);
create unique index seo_audits_one_running_per_site on public.seo_audits (site_id) where status in ('queued', 'running');

create table public.seo_pages (
  id bigint generated always as identity primary key,
  audit_id uuid not null references public.seo_audits (id) on delete cascade,
  site_id uuid not null,
  url text not null,
  final_url text not null,
  -- The path of the address (without query), what first-party analytics counts page views by.
  path text not null,
  status integer,
  fetch_error text,
  redirects jsonb not null default '[]'::jsonb,
  content_type text,
  bytes integer not null default 0,
  response_ms integer not null default 0,
  depth integer not null default 0,
  found_via text not null constraint seo_pages_found_via_value check (found_via in ('start', 'link', 'sitemap')),
  in_sitemap boolean not null default false,
  inlinks integer not null default 0,
  indexable boolean not null default false,
  title text,
  description text,
  h1 text,
  canonical text,
  lang text,
  -- Page views of the 28 days before the audit (first-party analytics), 0 without an analytics site.
  pageviews integer not null default 0,
  score integer,
  issue_count integer not null default 0,
  constraint seo_pages_url_per_audit unique (audit_id, url)
);
create index seo_pages_site_id_idx on public.seo_pages (site_id);

create table public.seo_issues (
  id bigint generated always as identity primary key,
  audit_id uuid not null references public.seo_audits (id) on delete cascade,
  site_id uuid not null,
  -- The page it is about; null for robots.txt and sitemap files (url is then the file's).
  page_id bigint references public.seo_pages (id) on delete cascade,
  url text not null,
  check_id text not null constraint seo_issues_check_format check (check_id ~ '^[a-z][a-z0-9_]{0,62}$'),
  severity text not null constraint seo_issues_severity_value check (severity in ('critical', 'error', 'warning', 'notice')),
  detail jsonb not null default '{}'::jsonb,
  pageviews integer not null default 0,
  -- Severity × traffic: the weight of the severity × (page views + 1); issues are shown in this order.
  priority numeric not null default 0,
  constraint seo_issues_once_per_audit unique (audit_id, check_id, url)
);
create index seo_issues_page_id_idx on public.seo_issues (page_id);
create index seo_issues_site_id_idx on public.seo_issues (site_id);

alter table public.seo_audits enable row level security;
alter table public.seo_pages enable row level security;
alter table public.seo_issues enable row level security;
revoke all on table public.seo_audits, public.seo_pages, public.seo_issues from anon, authenticated;
grant select, delete on table public.seo_audits to authenticated;
grant select on table public.seo_pages, public.seo_issues to authenticated;
grant all on table public.seo_audits, public.seo_pages, public.seo_issues to service_role;

create policy "Readers of a site read its audits" on public.seo_audits
  for select to authenticated using (site_id in (select private.seo_site_ids()));
create policy "Members delete finished audits of their sites" on public.seo_audits
  for delete to authenticated using (site_id in (select private.seo_writable_site_ids()) and status not in ('queued', 'running'));
create policy "Readers of a site read its audited pages" on public.seo_pages
  for select to authenticated using (site_id in (select private.seo_site_ids()));
create policy "Readers of a site read its issues" on public.seo_issues
  for select to authenticated using (site_id in (select private.seo_site_ids()));

-- The weight of a severity in the order of issues (src/config/seo-checks.ts, SEVERITY_WEIGHT).
create function private.seo_severity_weight(severity text) returns numeric
language sql immutable
set search_path = ''
as $$
  select case severity when 'critical' then 10 when 'error' then 3 when 'warning' then 1 else 0.25 end::numeric
$$;

create function private.seo_audit_job_key(audit_id uuid) returns text
language sql immutable
set search_path = ''
as $$
  select 'seo-audit:' || audit_id::text
$$;

-- Creates a queued audit of the site and its job; the caller has checked who may. Refuses a second audit while one
-- is queued or running, and more than 20 audits of a workspace (or of the agency site) in 24 hours.
create function private.create_seo_audit(site public.seo_sites, reason text, requested_by uuid) returns public.seo_audits
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  created public.seo_audits;
begin
  if exists (select 1 from public.seo_audits a where a.site_id = site.id and a.status in ('queued', 'running')) then
    raise exception 'An audit of this site is already under way.' using errcode = 'P0001', detail = 'audit_running';
  end if;
  if (select count(*) from public.seo_audits a join public.seo_sites s on s.id = a.site_id
      where s.organization_id is not distinct from site.organization_id
        and (site.organization_id is not null or s.id = site.id)
        and a.created_at > now() - interval '24 hours') >= 20 then
    raise exception 'This workspace has run 20 audits in the last 24 hours: try again later.' using errcode = 'P0001', detail = 'audit_limit';
  end if;
  insert into public.seo_audits (site_id, reason, requested_by) values (site.id, create_seo_audit.reason, create_seo_audit.requested_by)
  returning * into created;
  perform private.enqueue_job(
    'run_seo_audit',
    jsonb_build_object('workspace_id', site.organization_id, 'site_id', site.id, 'audit_id', created.id),
    now(), private.seo_audit_job_key(created.id), 3
  );
  return created;
end
$$;

revoke all on function private.create_seo_audit(public.seo_sites, text, uuid) from public, anon, authenticated;

-- An audit of one of the caller's sites, now (members and up; site admins for the agency's site).
create function public.request_seo_audit(site_id uuid) returns public.seo_audits
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  site public.seo_sites;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  select * into site from public.seo_sites s where s.id = request_seo_audit.site_id;
  if site.id is null or site.organization_id is null and not private.is_site_admin() then
    raise exception 'This site does not exist or is not yours.' using errcode = 'P0001', detail = 'site_not_found';
  end if;
  if site.organization_id is not null then
    perform private.require_workspace_role(site.organization_id, 'member');
  end if;
  return private.create_seo_audit(site, 'manual', (select auth.uid()));
end
$$;

-- Stops a queued or running audit: its job is removed, a running crawl stops at its next progress report.
create function public.cancel_seo_audit(audit_id uuid) returns public.seo_audits
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  audit public.seo_audits;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  select a.* into audit from public.seo_audits a where a.id = cancel_seo_audit.audit_id and a.site_id in (select private.seo_site_ids());
  if audit.id is null then
    raise exception 'This audit does not exist or is not yours.' using errcode = 'P0001', detail = 'audit_not_found';
  end if;
  if audit.site_id not in (select private.seo_writable_site_ids()) then
    raise exception 'Your access role does not allow this: it needs member or higher.' using errcode = '42501', detail = 'role_too_low';
  end if;
  update public.seo_audits a set status = 'cancelled', finished_at = now()
  where a.id = audit.id and a.status in ('queued', 'running')
  returning * into audit;
  if audit.id is null then
    raise exception 'This audit has already finished.' using errcode = 'P0001', detail = 'audit_finished';
  end if;
  perform private.cancel_job(private.seo_audit_job_key(audit.id));
  return audit;
end
$$;

revoke all on function public.request_seo_audit(uuid), public.cancel_seo_audit(uuid) from public, anon;
grant execute on function public.request_seo_audit(uuid), public.cancel_seo_audit(uuid) to authenticated;

-- The job runner's side. Each function takes the ids the job names and refuses an audit that is not of that site and
-- workspace (42501 foreign_seo_audit: the task fails it for good).
create function private.require_seo_audit(audit_id uuid, site_id uuid, workspace_id uuid) returns public.seo_audits
language plpgsql stable security definer
set search_path = ''
as $$
declare
  audit public.seo_audits;
begin
  select a.* into audit from public.seo_audits a join public.seo_sites s on s.id = a.site_id
  where a.id = require_seo_audit.audit_id and a.site_id = require_seo_audit.site_id
    and s.organization_id is not distinct from require_seo_audit.workspace_id;
  if audit.id is null then
    raise exception 'SEO audit % is not of site % in workspace %', audit_id, site_id, workspace_id using errcode = '42501', detail = 'foreign_seo_audit';
  end if;
  return audit;
end
$$;

-- Starts (or starts again, after a crash) the audit's crawl: the settings to crawl with, or null when there is
-- nothing to do (finished, failed or cancelled). An earlier attempt's pages are forgotten.
create function private.start_seo_audit(audit_id uuid, site_id uuid, workspace_id uuid) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  audit public.seo_audits := private.require_seo_audit(audit_id, site_id, workspace_id);
  site public.seo_sites;
begin
  if audit.status not in ('queued', 'running') then
    return null;
  end if;
  select * into site from public.seo_sites s where s.id = audit.site_id;
  delete from public.seo_pages p where p.audit_id = audit.id;
  delete from public.seo_issues i where i.audit_id = audit.id;
  update public.seo_audits a
  set status = 'running', started_at = now(), attempts = a.attempts + 1, pages_crawled = 0, pages_discovered = 0,
      start_url = site.start_url, page_limit = site.page_limit, crawl_delay_ms = site.crawl_delay_ms
  where a.id = audit.id;
  return jsonb_build_object('start_url', site.start_url, 'page_limit', site.page_limit, 'crawl_delay_ms', site.crawl_delay_ms);
end
$$;

-- Progress of a running crawl; answers the audit's status (the crawl stops when it is no longer 'running').
create function private.record_seo_audit_progress(audit_id uuid, site_id uuid, workspace_id uuid, crawled integer, discovered integer) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  audit public.seo_audits := private.require_seo_audit(audit_id, site_id, workspace_id);
begin
  update public.seo_audits a set pages_crawled = crawled, pages_discovered = discovered where a.id = audit.id and a.status = 'running';
  return audit.status;
end
$$;

-- Stores a batch of crawled pages with their issues: [{url, final_url, path, status, …, score, issues: [{check_id,
-- severity, detail}]}].
create function private.store_seo_audit_pages(audit_id uuid, site_id uuid, workspace_id uuid, pages jsonb) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  audit public.seo_audits := private.require_seo_audit(audit_id, site_id, workspace_id);
  stored integer;
begin
  if audit.status <> 'running' then
    return 0;
  end if;
  with incoming as (
    select value as page from jsonb_array_elements(pages)
  ), inserted as (
    insert into public.seo_pages (audit_id, site_id, url, final_url, path, status, fetch_error, redirects, content_type, bytes,
      response_ms, depth, found_via, in_sitemap, inlinks, indexable, title, description, h1, canonical, lang, score, issue_count)
    select audit.id, audit.site_id, page->>'url', page->>'final_url', page->>'path', (page->>'status')::integer, page->>'fetch_error',
      coalesce(page->'redirects', '[]'::jsonb), page->>'content_type', coalesce((page->>'bytes')::integer, 0),
      coalesce((page->>'response_ms')::integer, 0), coalesce((page->>'depth')::integer, 0), page->>'found_via',
      coalesce((page->>'in_sitemap')::boolean, false), coalesce((page->>'inlinks')::integer, 0), coalesce((page->>'indexable')::boolean, false),
      left(page->>'title', 1000), left(page->>'description', 2000), left(page->>'h1', 1000), left(page->>'canonical', 2048), left(page->>'lang', 35),
      (page->>'score')::integer, coalesce(jsonb_array_length(page->'issues'), 0)
    from incoming
    on conflict on constraint seo_pages_url_per_audit do nothing
    returning id, url
  )
  insert into public.seo_issues (audit_id, site_id, page_id, url, check_id, severity, detail)
  select audit.id, audit.site_id, inserted.id, inserted.url, issue->>'check_id', issue->>'severity', coalesce(issue->'detail', '{}'::jsonb)
  from inserted
  join incoming on incoming.page->>'url' = inserted.url
  cross join lateral jsonb_array_elements(coalesce(incoming.page->'issues', '[]'::jsonb)) as issue
  on conflict on constraint seo_issues_once_per_audit do nothing;
  select count(*)::integer into stored from public.seo_pages p where p.audit_id = audit.id;
  return stored;
end
$$;

-- Ends a crawl: the site-level issues, page views of the 28 days before (first-party analytics) on pages and issues,
-- each issue's priority, the counts by severity and the score. Does nothing to an audit no longer running.
create function private.finish_seo_audit(audit_id uuid, site_id uuid, workspace_id uuid, summary jsonb, site_issues jsonb) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  audit public.seo_audits := private.require_seo_audit(audit_id, site_id, workspace_id);
  analytics uuid;
begin
  if audit.status <> 'running' then
    return;
  end if;
  insert into public.seo_issues (audit_id, site_id, page_id, url, check_id, severity, detail)
  select audit.id, audit.site_id, null, issue->>'url', issue->>'check_id', issue->>'severity', coalesce(issue->'detail', '{}'::jsonb)
  from jsonb_array_elements(coalesce(site_issues, '[]'::jsonb)) as issue
  on conflict on constraint seo_issues_once_per_audit do nothing;
  select s.analytics_site_id into analytics from public.seo_sites s where s.id = audit.site_id;
  if analytics is not null then
    update public.seo_pages p set pageviews = v.views
    from (
      select r.value as path, sum(r.pageviews)::integer as views
      from public.analytics_daily_rollups r
      where r.site_id = analytics and r.dimension = 'page' and r.day_start >= date_trunc('day', now()) - interval '28 days'
      group by r.value
    ) v
    where p.audit_id = audit.id and p.path = v.path;
  end if;
  update public.seo_issues i set pageviews = p.pageviews
  from public.seo_pages p where i.audit_id = audit.id and p.id = i.page_id;
  update public.seo_issues i set priority = private.seo_severity_weight(i.severity) * (i.pageviews + 1) where i.audit_id = audit.id;
  update public.seo_audits a set
    status = 'done',
    finished_at = now(),
    pages_crawled = (select count(*) from public.seo_pages p where p.audit_id = audit.id),
    health_score = (summary->>'health_score')::integer,
    truncated = summary->>'truncated',
    robots = summary->'robots',
    sitemaps = summary->'sitemaps',
    critical_count = (select count(*) from public.seo_issues i where i.audit_id = audit.id and i.severity = 'critical'),
    error_count = (select count(*) from public.seo_issues i where i.audit_id = audit.id and i.severity = 'error'),
    warning_count = (select count(*) from public.seo_issues i where i.audit_id = audit.id and i.severity = 'warning'),
    notice_count = (select count(*) from public.seo_issues i where i.audit_id = audit.id and i.severity = 'notice')
  where a.id = audit.id;
end
$$;

-- A crawl that could not be done (the start page refused or unreachable, retries exhausted): failed, with why.
create function private.fail_seo_audit(audit_id uuid, site_id uuid, workspace_id uuid, message text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  audit public.seo_audits := private.require_seo_audit(audit_id, site_id, workspace_id);
begin
  update public.seo_audits a set status = 'failed', finished_at = now(), error = left(message, 500)
  where a.id = audit.id and a.status in ('queued', 'running');
end
$$;

-- The scheduler's round (the `queue_due_seo_audits` task, every 10 minutes): an audit for every site whose
-- scheduled moment has come, then its next moment. A site whose workspace reached its daily limit, or whose audit is
-- still under way, is looked at again in an hour. Returns how many audits it queued.
create function private.queue_due_seo_audits() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  site public.seo_sites;
  queued integer := 0;
begin
  for site in
    select * from public.seo_sites s
    where s.next_audit_at <= now() and s.schedule <> 'off'
    order by s.next_audit_at
    limit 200
    for update skip locked
  loop
    begin
      perform private.create_seo_audit(site, 'schedule', null);
      queued := queued + 1;
      update public.seo_sites s set next_audit_at = greatest(site.next_audit_at + private.seo_schedule_interval(site.schedule), now() + interval '1 hour')
      where s.id = site.id;
    exception when sqlstate 'P0001' then
      update public.seo_sites s set next_audit_at = now() + interval '1 hour' where s.id = site.id;
    end;
  end loop;
  return queued;
end
$$;

revoke all on function private.seo_severity_weight(text), private.seo_audit_job_key(uuid), private.require_seo_audit(uuid, uuid, uuid),
  private.start_seo_audit(uuid, uuid, uuid), private.record_seo_audit_progress(uuid, uuid, uuid, integer, integer),
  private.store_seo_audit_pages(uuid, uuid, uuid, jsonb), private.finish_seo_audit(uuid, uuid, uuid, jsonb, jsonb),
  private.fail_seo_audit(uuid, uuid, uuid, text), private.queue_due_seo_audits() from public, anon, authenticated;
grant execute on function private.start_seo_audit(uuid, uuid, uuid), private.record_seo_audit_progress(uuid, uuid, uuid, integer, integer),
  private.store_seo_audit_pages(uuid, uuid, uuid, jsonb), private.finish_seo_audit(uuid, uuid, uuid, jsonb, jsonb),
  private.fail_seo_audit(uuid, uuid, uuid, text), private.queue_due_seo_audits() to service_role;
