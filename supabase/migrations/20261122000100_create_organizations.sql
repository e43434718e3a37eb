-- Tenancy: an organization is a tenant; members see and manage its rows.

create schema if not exists private;
-- Policies call the helpers as the requesting role; the schema is never exposed by the API.
grant usage on schema private to anon, authenticated, service_role;

create function private.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
  end if;
  new.updated_at := now();
  return new;
end
$$;

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint organizations_name_length check (char_length(btrim(name)) between 1 and 120),
  is_personal boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.organization_members (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'member' constraint organization_members_role_check check (role in ('owner', 'member')),
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index organization_members_user_id_idx on public.organization_members (user_id);

create trigger organizations_set_updated_at
  before insert or update on public.organizations
  for each row execute function private.set_updated_at();

-- Organizations of the requesting user. Used as `organization_id in (select private.current_user_organization_ids())`
-- so the planner evaluates it once per statement, not once per row.
create function private.current_user_organization_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select m.organization_id from public.organization_members m where m.user_id = (select auth.uid())
$$;

create function private.is_organization_owner(org uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.organization_members m
    where m.organization_id = org and m.user_id = (select auth.uid()) and m.role = 'owner'
  )
$$;

revoke all on function private.current_user_organization_ids(), private.is_organization_owner(uuid) from public;
grant execute on function private.current_user_organization_ids(), private.is_organization_owner(uuid) to anon, authenticated, service_role;

alter table public.organizations enable row level security;
alter table public.organization_members enable row level security;

revoke all on table public.organizations, public.organization_members from anon, authenticated;
grant select on table public.organizations, public.organization_members to authenticated;
grant update (name) on table public.organizations to authenticated;
grant all on table public.organizations, public.organization_members to service_role;

create policy "Members read their organizations" on public.organizations
  for select to authenticated
  using (id in (select private.current_user_organization_ids()));

create policy "Owners rename their organizations" on public.organizations
  for update to authenticated
  using ((select private.is_organization_owner(id)))
  with check ((select private.is_organization_owner(id)));

create policy "Members read the memberships of their organizations" on public.organization_members
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));
