-- Access roles: what a member may do in a workspace (the UI's name for an organization), apart from the marketing
-- role (what they do). From lowest to highest:
--   viewer  reads everything of the workspace, changes nothing
--   member  creates, edits and deletes the workspace's records (content items, campaigns, later tables)
--   admin   invites, removes members, changes roles up to admin, revokes invitations, renames the workspace
--   owner   everything, plus makes or removes owners and deletes the workspace
-- A workspace always keeps an owner; nobody raises their own role (memberships change only through the RPCs of
-- 20261123050400_create_workspace_rpcs.sql: the API roles have no insert/update/delete grant on memberships).
--
-- Helpers for the policies of this and later tables (member writes, viewer reads):
--   private.has_workspace_role(org, min_role)     one workspace: RPC checks, `with check` of an insert
--   private.organization_ids_with_role(min_role)  every workspace where the caller has at least min_role, used as
--       `organization_id in (select private.organization_ids_with_role('member'))` so the planner evaluates it
--       once per statement (decision 0003), not once per row.
--   private.current_user_organization_ids()       (existing) every workspace of the caller: the viewer level.
-- An unknown role name ranks null: the helpers then answer false / nothing (fail closed).

alter table public.organization_members drop constraint organization_members_role_check;
alter table public.organization_members add constraint organization_members_role_check
  check (role in ('owner', 'admin', 'member', 'viewer'));

-- Existing memberships: the sign-up trigger made every creator 'owner' and nothing else wrote memberships, so
-- 'owner' and 'member' keep their meaning. A workspace without an owner (none is known) gets its earliest member.
update public.organization_members m set role = 'owner'
where (m.organization_id, m.user_id) in (
  select distinct on (x.organization_id) x.organization_id, x.user_id
  from public.organization_members x
  where not exists (select 1 from public.organization_members o where o.organization_id = x.organization_id and o.role = 'owner')
  order by x.organization_id, x.created_at, x.user_id
);

create function private.access_role_rank(access_role text) returns integer
language sql immutable parallel safe
set search_path = ''
as $$
  select case access_role when 'viewer' then 1 when 'member' then 2 when 'admin' then 3 when 'owner' then 4 end
$$;

create function private.has_workspace_role(org uuid, min_role text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.organization_members m
    where m.organization_id = org
      and m.user_id = (select auth.uid())
      and private.access_role_rank(m.role) >= private.access_role_rank(min_role)
  )
$$;

create function private.organization_ids_with_role(min_role text) returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select m.organization_id from public.organization_members m
  where m.user_id = (select auth.uid())
    and private.access_role_rank(m.role) >= private.access_role_rank(min_role)
$$;

-- The caller's access role in a workspace, null when not a member.
create function private.workspace_role(org uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select m.role from public.organization_members m where m.organization_id = org and m.user_id = (select auth.uid())
$$;

revoke all on function private.access_role_rank(text), private.has_workspace_role(uuid, text),
  private.organization_ids_with_role(text), private.workspace_role(uuid) from public;
grant execute on function private.access_role_rank(text), private.has_workspace_role(uuid, text),
  private.organization_ids_with_role(text), private.workspace_role(uuid) to anon, authenticated, service_role;

-- At least one owner. After every change of a membership row: when it took the role 'owner' away from someone, the
-- workspace must still have an owner. The workspace row is locked first, so two owners demoting or removing each
-- other at the same time are checked one after the other (the second then sees the first's change).
-- Exceptions: the workspace itself is being deleted (its memberships go with it), and an owner's account is being
-- deleted: then the most senior remaining member becomes owner, so the workspace is not left without one.
create function private.keep_an_owner() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  successor uuid;
begin
  if old.role <> 'owner' or (tg_op = 'UPDATE' and new.role = 'owner' and new.organization_id = old.organization_id) then
    return null;
  end if;
  perform 1 from public.organizations o where o.id = old.organization_id for no key update;
  if not found then
    return null;
  end if;
  if exists (select 1 from public.organization_members m where m.organization_id = old.organization_id and m.role = 'owner') then
    return null;
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from auth.users u where u.id = old.user_id) then
    select m.user_id into successor from public.organization_members m
    where m.organization_id = old.organization_id
    order by private.access_role_rank(m.role) desc, m.created_at, m.user_id
    limit 1;
    if successor is not null then
      update public.organization_members m set role = 'owner' where m.organization_id = old.organization_id and m.user_id = successor;
    end if;
    return null;
  end if;
  raise exception 'A workspace needs at least one owner: make someone else an owner first.'
    using errcode = 'P0001', detail = 'last_owner';
end
$$;

revoke all on function private.keep_an_owner() from public, anon, authenticated;

create trigger organization_members_keep_an_owner
  after update or delete on public.organization_members
  for each row execute function private.keep_an_owner();

-- Renaming: admins and owners (the table grants only the name column).
drop policy "Owners rename their organizations" on public.organizations;
create policy "Admins rename their workspaces" on public.organizations
  for update to authenticated
  using ((select private.has_workspace_role(id, 'admin')))
  with check ((select private.has_workspace_role(id, 'admin')));
drop function private.is_organization_owner(uuid);
