-- Analytics sites: the websites a workspace measures (name, domain), each with the id its snippet sends. Every
-- member of the workspace reads them (viewers included); members, admins and owners add, rename and remove them.
--
-- The agency's own public site is one fixed row without a workspace (organization_id null), read and edited by
-- site admins only. Its domain may stay null: events are then accepted from the host that serves the API (the own
-- server serves the site and the API from one origin); on hosted Supabase a site admin sets the site's domain.
--
--   private.analytics_site_ids()  every site the caller may read: `site_id in (select private.analytics_site_ids())`
--       in the policies of the analytics tables, evaluated once per statement.

create table public.analytics_sites (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid references public.organizations (id) on delete cascade,
  name text not null constraint analytics_sites_name_length check (char_length(btrim(name)) between 1 and 120),
  -- A host name as browsers send it in Origin: lower case, no scheme, port, path or trailing dot.
  domain text constraint analytics_sites_domain_format check (
    char_length(domain) <= 253
    and domain ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'
  ),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint analytics_sites_workspace_or_agency check (
    organization_id is not null and domain is not null
    or organization_id is null and id = 'a9e9c5e0-0000-4000-8000-000000000001'
  )
);
create index analytics_sites_organization_id_idx on public.analytics_sites (organization_id);
create unique index analytics_sites_domain_per_workspace on public.analytics_sites (organization_id, domain);

create trigger analytics_sites_set_updated_at
  before insert or update on public.analytics_sites
  for each row execute function private.set_updated_at();

insert into public.analytics_sites (id, organization_id, name, domain)
values ('a9e9c5e0-0000-4000-8000-000000000001', null, 'Beyond Brochures (this website)', null);

create function private.analytics_site_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select s.id from public.analytics_sites s
  where s.organization_id in (select private.current_user_organization_ids())
     or s.organization_id is null and private.is_site_admin()
$$;

revoke all on function private.analytics_site_ids() from public;
grant execute on function private.analytics_site_ids() to anon, authenticated, service_role;

alter table public.analytics_sites enable row level security;
revoke all on table public.analytics_sites from anon, authenticated;
grant select, delete on table public.analytics_sites to authenticated;
grant insert (organization_id, name, domain, created_by), update (name, domain) on table public.analytics_sites to authenticated;
grant all on table public.analytics_sites to service_role;

create policy "Members read their workspace's sites, admins the agency's" on public.analytics_sites
  for select to authenticated
  using (
    organization_id in (select private.current_user_organization_ids())
    or organization_id is null and (select private.is_site_admin())
  );

create policy "Members add sites to their workspace as themselves" on public.analytics_sites
  for insert to authenticated
  with check (
    organization_id in (select private.organization_ids_with_role('member'))
    and created_by = (select auth.uid())
  );

create policy "Members change their workspace's sites, admins the agency's" on public.analytics_sites
  for update to authenticated
  using (
    organization_id in (select private.organization_ids_with_role('member'))
    or organization_id is null and (select private.is_site_admin())
  )
  with check (
    organization_id in (select private.organization_ids_with_role('member'))
    or organization_id is null and (select private.is_site_admin())
  );

-- The agency site is never removed (it has no workspace to be a member of).
create policy "Members remove their workspace's sites" on public.analytics_sites
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
