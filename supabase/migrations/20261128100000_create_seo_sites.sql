-- SEO Toolkit (issue 31): the sites a workspace audits. A site has the address its crawl starts from, optionally
-- the analytics site whose page views rank its issues, the crawl's bounds (pages, politeness delay) and a schedule
-- (weekly by default). Every member of the workspace reads its sites (viewers included); members, admins and owners
-- add, change and remove them. At most 10 sites per workspace.
--
-- The agency's own website is one fixed row without a workspace (organization_id null), read and changed by site
-- admins only, never removed; its address may stay null: the worker then crawls its SITE_URL.
--
--   private.seo_site_ids()           every site the caller may read (RLS of the audit tables)
--   private.seo_writable_site_ids()  every site the caller may change, audit and import into

create table public.seo_sites (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid references public.organizations (id) on delete cascade,
  analytics_site_id uuid references public.analytics_sites (id) on delete set null,
  name text not null constraint seo_sites_name_length check (char_length(btrim(name)) between 1 and 120),
  -- An http(s) address without credentials, where the crawl starts (normally the home page).
  start_url text constraint seo_sites_start_url_format check (
    char_length(start_url) <= 2048 and start_url ~ '^https?://[^\s/?#@]+(/[^\s]*)?$'
  ),
  page_limit integer not null default 500 constraint seo_sites_page_limit_range check (page_limit between 1 and 5000),
  crawl_delay_ms integer not null default 1000 constraint seo_sites_crawl_delay_range check (crawl_delay_ms between 0 and 10000),
  schedule text not null default 'weekly' constraint seo_sites_schedule_value check (schedule in ('off', 'daily', 'weekly', 'monthly')),
  -- When the next scheduled audit is due (null: no schedule). Kept by the trigger below and the scheduler.
  next_audit_at timestamptz,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint seo_sites_workspace_or_agency check (
    organization_id is not null and start_url is not null
    or organization_id is null and id = '5e05e05e-0000-4000-8000-000000000001'
  )
);
create index seo_sites_organization_id_idx on public.seo_sites (organization_id);
create unique index seo_sites_start_url_per_workspace on public.seo_sites (organization_id, start_url);
create index seo_sites_next_audit_at_idx on public.seo_sites (next_audit_at) where next_audit_at is not null;

create trigger seo_sites_set_updated_at
  before insert or update on public.seo_sites
  for each row execute function private.set_updated_at();

create function private.seo_schedule_interval(schedule text) returns interval
language sql immutable
set search_path = ''
as $$
  select case schedule when 'daily' then interval '1 day' when 'weekly' then interval '7 days' when 'monthly' then interval '1 month' end
$$;

-- The start address must be one the server may fetch (private.outbound_url_problem); the analytics site must be of the
-- same workspace (or the agency's for the agency's row); a new or changed schedule sets the next audit one interval
-- from now; a workspace keeps at most 10 sites.
create function private.check_seo_site() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  url_check record;
begin
  new.start_url := nullif(btrim(new.start_url), '');
  -- The courtesy check of a save (20261128030000): an address the crawler would never fetch is refused now, with the
  -- sentence for the field; the crawler checks every address again when it connects.
  if new.start_url is not null and (tg_op = 'INSERT' or new.start_url is distinct from old.start_url) then
    url_check := private.outbound_url_problem(new.start_url);
    if url_check.problem is not null then
      raise exception '%', url_check.message using errcode = 'P0001', detail = url_check.problem;
    end if;
  end if;
  if new.analytics_site_id is not null and not exists (
    select 1 from public.analytics_sites a
    where a.id = new.analytics_site_id and a.organization_id is not distinct from new.organization_id
  ) then
    raise exception 'That analytics site is not of this workspace.' using errcode = 'P0001', detail = 'foreign_analytics_site';
  end if;
  if tg_op = 'INSERT' and new.organization_id is not null
    and (select count(*) from public.seo_sites s where s.organization_id = new.organization_id) >= 10 then
    raise exception 'A workspace audits at most 10 sites: remove one first.' using errcode = 'P0001', detail = 'site_limit';
  end if;
  if tg_op = 'INSERT' or new.schedule is distinct from old.schedule then
    new.next_audit_at := now() + private.seo_schedule_interval(new.schedule);
  end if;
  return new;
end
$$;

revoke all on function private.check_seo_site() from public, anon, authenticated;

create trigger seo_sites_check
  before insert or update on public.seo_sites
  for each row execute function private.check_seo_site();

insert into public.seo_sites (id, organization_id, analytics_site_id, name, start_url)
values ('5e05e05e-0000-4000-8000-000000000001', null, 'a9e9c5e0-0000-4000-8000-000000000001', 'Beyond Brochures (this website)', null);

create function private.seo_site_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select s.id from public.seo_sites s
  where s.organization_id in (select private.current_user_organization_ids())
     or s.organization_id is null and private.is_site_admin()
$$;

create function private.seo_writable_site_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select s.id from public.seo_sites s
  where s.organization_id in (select private.organization_ids_with_role('member'))
     or s.organization_id is null and private.is_site_admin()
$$;

revoke all on function private.seo_site_ids(), private.seo_writable_site_ids(), private.seo_schedule_interval(text) from public;
grant execute on function private.seo_site_ids(), private.seo_writable_site_ids(), private.seo_schedule_interval(text) to authenticated, service_role;

alter table public.seo_sites enable row level security;
revoke all on table public.seo_sites from anon, authenticated;
grant select, delete on table public.seo_sites to authenticated;
grant insert (organization_id, analytics_site_id, name, start_url, page_limit, crawl_delay_ms, schedule, created_by),
  update (analytics_site_id, name, start_url, page_limit, crawl_delay_ms, schedule) on table public.seo_sites to authenticated;
grant all on table public.seo_sites to service_role;

create policy "Members read their workspace's SEO sites, admins the agency's" on public.seo_sites
  for select to authenticated
  using (
    organization_id in (select private.current_user_organization_ids())
    or organization_id is null and (select private.is_site_admin())
  );

create policy "Members add SEO sites to their workspace as themselves" on public.seo_sites
  for insert to authenticated
  with check (
    organization_id in (select private.organization_ids_with_role('member'))
    and created_by = (select auth.uid())
  );

create policy "Members change their workspace's SEO sites, admins the agency's" on public.seo_sites
  for update to authenticated
  using (
    organization_id in (select private.organization_ids_with_role('member'))
    or organization_id is null and (select private.is_site_admin())
  )
  with check (
    organization_id in (select private.organization_ids_with_role('member'))
    or organization_id is null and (select private.is_site_admin())
  );

-- The agency's row is never removed (it has no workspace to be a member of).
create policy "Members remove their workspace's SEO sites" on public.seo_sites
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
