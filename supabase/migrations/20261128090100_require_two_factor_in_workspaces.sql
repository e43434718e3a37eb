-- A workspace may require two-factor authentication of its members (issue 32). Its owner turns it on; from then on
-- the workspace's data refuses its members' tokens that are not aal2, in the database, whatever the client:
-- Supabase Auth (and the own server) put `aal` in every access token: `aal1` after a password, a link or a code,
-- `aal2` once the session also proved a second factor (a TOTP code). The membership helpers every policy and
-- function goes through (20261122000100, 20261123050000, 20261123050400) leave such a workspace out for an aal1
-- token, so its rows, members, invitations, figures and functions answer as they do to someone who is not a member.
-- A token is signed by the auth server, so its `aal` cannot be raised by the client without breaking the signature.
-- The app learns why a workspace is out of reach from public.workspaces_requiring_two_factor().

alter table public.organizations add column require_two_factor boolean not null default false;

-- Owners change it through public.set_workspace_two_factor only (the table grants no update of this column).
comment on column public.organizations.require_two_factor is
  'Members reach the workspace''s data only with an aal2 token (a second factor in this session).';

-- Whether the request's token has a second factor: `aal` of auth.jwt() is aal2 (or aal3); a token without `aal`
-- (the service key, a token of another issuer) counts as aal1.
create function private.has_two_factor_session() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') in ('aal2', 'aal3')
$$;

revoke all on function private.has_two_factor_session() from public;
grant execute on function private.has_two_factor_session() to anon, authenticated, service_role;

-- The membership helpers, now leaving out workspaces whose two-factor requirement the token does not meet.
create or replace function private.current_user_organization_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select m.organization_id
  from public.organization_members m
  join public.organizations o on o.id = m.organization_id
  where m.user_id = (select auth.uid())
    and (not o.require_two_factor or (select private.has_two_factor_session()))
$$;

create or replace function private.has_workspace_role(org uuid, min_role text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.organization_members m
    join public.organizations o on o.id = m.organization_id
    where m.organization_id = org
      and m.user_id = (select auth.uid())
      and private.access_role_rank(m.role) >= private.access_role_rank(min_role)
      and (not o.require_two_factor or (select private.has_two_factor_session()))
  )
$$;

create or replace function private.organization_ids_with_role(min_role text) returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select m.organization_id
  from public.organization_members m
  join public.organizations o on o.id = m.organization_id
  where m.user_id = (select auth.uid())
    and private.access_role_rank(m.role) >= private.access_role_rank(min_role)
    and (not o.require_two_factor or (select private.has_two_factor_session()))
$$;

create or replace function private.workspace_role(org uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select m.role
  from public.organization_members m
  join public.organizations o on o.id = m.organization_id
  where m.organization_id = org
    and m.user_id = (select auth.uid())
    and (not o.require_two_factor or (select private.has_two_factor_session()))
$$;

-- The workspace of a new row when the client names none: never one whose requirement the token does not meet.
create or replace function private.current_organization_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select p.organization_id from public.profiles p
     join public.organization_members m on m.organization_id = p.organization_id and m.user_id = p.user_id
     join public.organizations o on o.id = p.organization_id
     where p.user_id = (select auth.uid())
       and (not o.require_two_factor or (select private.has_two_factor_session()))),
    (select m.organization_id from public.organization_members m
     join public.organizations o on o.id = m.organization_id
     where m.user_id = (select auth.uid()) and private.access_role_rank(m.role) >= private.access_role_rank('member')
       and (not o.require_two_factor or (select private.has_two_factor_session()))
     order by m.created_at, m.organization_id limit 1)
  )
$$;

-- The functions' guard says why a member is refused: `two_factor_required` rather than `not_a_member`.
create or replace function private.require_workspace_role(org uuid, min_role text) returns text
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
    if exists (
      select 1 from public.organization_members m join public.organizations o on o.id = m.organization_id
      where m.organization_id = org and m.user_id = (select auth.uid()) and o.require_two_factor
    ) then
      raise exception 'This workspace requires two-factor authentication: turn it on in Account security, then sign in with your code.'
        using errcode = '42501', detail = 'two_factor_required';
    end if;
    raise exception 'You are not a member of this workspace.' using errcode = '42501', detail = 'not_a_member';
  end if;
  if private.access_role_rank(caller_role) < private.access_role_rank(min_role) then
    raise exception 'Your access role (%) does not allow this: it needs % or higher.', caller_role, min_role
      using errcode = '42501', detail = 'role_too_low';
  end if;
  return caller_role;
end
$$;

-- The caller's workspaces that their current session may not open, so the app can say so and point to enrolment.
-- Empty for an aal2 token; only the caller's own memberships; names only.
create function public.workspaces_requiring_two_factor()
returns table (id uuid, name text)
language sql stable security definer
set search_path = ''
as $$
  select o.id, o.name
  from public.organization_members m
  join public.organizations o on o.id = m.organization_id
  where m.user_id = (select auth.uid())
    and o.require_two_factor
    and not (select private.has_two_factor_session())
  order by o.name, o.id
$$;

-- Owners turn the requirement on (only from an aal2 session of their own, so they keep their access) and off.
create function public.set_workspace_two_factor(workspace_id uuid, required boolean) returns public.organizations
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  updated public.organizations;
begin
  perform private.require_workspace_role(set_workspace_two_factor.workspace_id, 'owner');
  if required is null then
    raise exception 'Say whether two-factor authentication is required (true or false).' using errcode = 'P0001', detail = 'invalid_value';
  end if;
  if required and not (select private.has_two_factor_session()) then
    raise exception 'Turn on two-factor authentication for your own account and sign in with your code first.'
      using errcode = 'P0001', detail = 'own_two_factor_first';
  end if;
  update public.organizations o set require_two_factor = set_workspace_two_factor.required
  where o.id = set_workspace_two_factor.workspace_id
  returning o.* into updated;
  return updated;
end
$$;

revoke all on function public.workspaces_requiring_two_factor(), public.set_workspace_two_factor(uuid, boolean) from public, anon;
grant execute on function public.workspaces_requiring_two_factor(), public.set_workspace_two_factor(uuid, boolean)
  to authenticated, service_role;
