-- Workspaces and their members, through functions the app calls with supabase-js (`rpc`), on both backends.
-- Each checks the caller's access role explicitly (security definer: memberships have no write grant for the API
-- roles) and refuses with a PostgREST error: 42501 (403, 401 when signed out) for "not allowed", P0001 (400) for a
-- rule of the workspace; `details` carries a stable reason the app turns into its own words:
--   not_signed_in, not_a_member, role_too_low, own_role, owner_only, invalid_role, invalid_name, workspace_limit,
--   last_owner (also from the trigger of 20261123050000), use_leave, name_mismatch.
-- Renaming is a plain update of organizations.name (policy "Admins rename their workspaces").

-- The caller's role in the workspace, or an error when they are signed out, not a member or below min_role.
create function private.require_workspace_role(org uuid, min_role text) returns text
language plpgsql stable security definer
set search_path = ''
as $$
declare
  caller_role text;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  caller_role := private.workspace_role(org);
  if caller_role is null then
    raise exception 'You are not a member of this workspace.' using errcode = '42501', detail = 'not_a_member';
  end if;
  if private.access_role_rank(caller_role) < private.access_role_rank(min_role) then
    raise exception 'Your access role (%) does not allow this: it needs % or higher.', caller_role, min_role
      using errcode = '42501', detail = 'role_too_low';
  end if;
  return caller_role;
end
$$;

revoke all on function private.require_workspace_role(uuid, text) from public, anon, authenticated;

-- A new workspace with the caller as its owner (at most 20 owned workspaces per person).
create function public.create_workspace(name text) returns public.organizations
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  workspace_name text := btrim(create_workspace.name);
  created public.organizations;
begin
  if caller is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  if workspace_name is null or char_length(workspace_name) not between 1 and 120 then
    raise exception 'A workspace name has 1 to 120 characters.' using errcode = 'P0001', detail = 'invalid_name';
  end if;
  if (select count(*) from public.organization_members m where m.user_id = caller and m.role = 'owner') >= 20 then
    raise exception 'You own 20 workspaces already: delete one before creating another.' using errcode = 'P0001', detail = 'workspace_limit';
  end if;
  insert into public.organizations (name, is_personal) values (workspace_name, false) returning * into created;
  insert into public.organization_members (organization_id, user_id, role) values (created.id, caller, 'owner');
  return created;
end
$$;

-- Admins change roles up to admin of members who are not owners; owners change any role, owners' included.
-- Nobody raises their own role; lowering it is allowed while another owner remains.
create function public.change_member_role(workspace_id uuid, user_id uuid, access_role text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller_role text := private.require_workspace_role(change_member_role.workspace_id, 'admin');
  target_role text;
begin
  if private.access_role_rank(change_member_role.access_role) is null then
    raise exception 'Choose one of the access roles owner, admin, member or viewer.' using errcode = 'P0001', detail = 'invalid_role';
  end if;
  select m.role into target_role from public.organization_members m
  where m.organization_id = change_member_role.workspace_id and m.user_id = change_member_role.user_id
  for update;
  if target_role is null then
    raise exception 'This person is not a member of the workspace.' using errcode = 'P0001', detail = 'not_a_member';
  end if;
  if change_member_role.user_id = (select auth.uid())
     and private.access_role_rank(change_member_role.access_role) > private.access_role_rank(caller_role) then
    raise exception 'Nobody can raise their own access role.' using errcode = '42501', detail = 'own_role';
  end if;
  if caller_role <> 'owner' and (target_role = 'owner' or change_member_role.access_role = 'owner') then
    raise exception 'Only an owner can make or change owners.' using errcode = '42501', detail = 'owner_only';
  end if;
  update public.organization_members m set role = change_member_role.access_role
  where m.organization_id = change_member_role.workspace_id and m.user_id = change_member_role.user_id;
end
$$;

-- Admins remove members who are not owners; owners remove anyone but themselves (they leave instead).
create function public.remove_member(workspace_id uuid, user_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller_role text := private.require_workspace_role(remove_member.workspace_id, 'admin');
  target_role text;
begin
  if remove_member.user_id = (select auth.uid()) then
    raise exception 'To remove yourself, leave the workspace.' using errcode = 'P0001', detail = 'use_leave';
  end if;
  select m.role into target_role from public.organization_members m
  where m.organization_id = remove_member.workspace_id and m.user_id = remove_member.user_id
  for update;
  if target_role is null then
    raise exception 'This person is not a member of the workspace.' using errcode = 'P0001', detail = 'not_a_member';
  end if;
  if target_role = 'owner' and caller_role <> 'owner' then
    raise exception 'Only an owner can remove an owner.' using errcode = '42501', detail = 'owner_only';
  end if;
  delete from public.organization_members m
  where m.organization_id = remove_member.workspace_id and m.user_id = remove_member.user_id;
end
$$;

-- Any member leaves, except the last owner (the trigger refuses it with detail last_owner).
create function public.leave_workspace(workspace_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform private.require_workspace_role(leave_workspace.workspace_id, 'viewer');
  delete from public.organization_members m
  where m.organization_id = leave_workspace.workspace_id and m.user_id = (select auth.uid());
end
$$;

-- Owners delete a workspace, confirming with its exact name; its memberships, invitations and records go with it.
create function public.delete_workspace(workspace_id uuid, confirm_name text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workspace_name text;
begin
  perform private.require_workspace_role(delete_workspace.workspace_id, 'owner');
  select o.name into workspace_name from public.organizations o where o.id = delete_workspace.workspace_id for update;
  if delete_workspace.confirm_name is distinct from workspace_name then
    raise exception 'Type the workspace''s name exactly to delete it.' using errcode = 'P0001', detail = 'name_mismatch';
  end if;
  delete from public.organizations o where o.id = delete_workspace.workspace_id;
end
$$;

-- An owner hands the workspace over: the member becomes owner, the caller admin, in one step.
create function public.transfer_workspace_ownership(workspace_id uuid, user_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform private.require_workspace_role(transfer_workspace_ownership.workspace_id, 'owner');
  if transfer_workspace_ownership.user_id = (select auth.uid()) then
    raise exception 'You own this workspace already.' using errcode = 'P0001', detail = 'own_role';
  end if;
  update public.organization_members m set role = 'owner'
  where m.organization_id = transfer_workspace_ownership.workspace_id and m.user_id = transfer_workspace_ownership.user_id;
  if not found then
    raise exception 'This person is not a member of the workspace.' using errcode = 'P0001', detail = 'not_a_member';
  end if;
  update public.organization_members m set role = 'admin'
  where m.organization_id = transfer_workspace_ownership.workspace_id and m.user_id = (select auth.uid());
end
$$;

-- The members of a workspace the caller belongs to (any role): names, e-mail, marketing and access role, last
-- activity. Nothing for a workspace the caller is not in, and nothing else about the people (their other
-- workspaces stay unseen: profiles themselves remain readable by their owner only).
create function public.workspace_members(workspace_id uuid)
returns table (
  user_id uuid, first_name text, last_name text, email text, marketing_role text,
  last_active timestamptz, access_role text, joined_at timestamptz
)
language sql stable security definer
set search_path = ''
as $$
  select m.user_id, p.first_name, p.last_name, u.email::text, p.marketing_role, p.last_active, m.role, m.created_at
  from public.organization_members m
  join auth.users u on u.id = m.user_id
  left join public.profiles p on p.user_id = m.user_id
  where m.organization_id = workspace_members.workspace_id
    and workspace_members.workspace_id in (select private.current_user_organization_ids())
  order by private.access_role_rank(m.role) desc, lower(coalesce(p.first_name, '')), lower(coalesce(p.last_name, '')), u.email
$$;

revoke all on function public.create_workspace(text), public.change_member_role(uuid, uuid, text),
  public.remove_member(uuid, uuid), public.leave_workspace(uuid), public.delete_workspace(uuid, text),
  public.transfer_workspace_ownership(uuid, uuid), public.workspace_members(uuid) from public, anon;
grant execute on function public.create_workspace(text), public.change_member_role(uuid, uuid, text),
  public.remove_member(uuid, uuid), public.leave_workspace(uuid), public.delete_workspace(uuid, text),
  public.transfer_workspace_ownership(uuid, uuid), public.workspace_members(uuid) to authenticated, service_role;
