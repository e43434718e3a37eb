-- Anonymous sign-ins (docs/decisions/0025-anonymous-sign-ins.md). A guest session (auth.users.is_anonymous, the
-- JWT's is_anonymous claim) is role `authenticated`, so every policy written for signed-in people would let it in as
-- far as its memberships reach. The product gives guests no workspace data at all: an anonymous user gets no
-- personal workspace and no profile at sign-up, and can never become a member of any workspace (creating one,
-- accepting an invitation, or any later path that inserts a membership), enforced at the one table every workspace
-- policy depends on. Converting the guest into a permanent user (an e-mail added, is_anonymous set to false) gives
-- them what a sign-up gives: the profile and the personal workspace.

create or replace function private.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  first_name text := nullif(left(btrim(coalesce(meta ->> 'first_name', '')), 100), '');
  last_name text := nullif(left(btrim(coalesce(meta ->> 'last_name', '')), 100), '');
  company text := nullif(left(btrim(coalesce(meta ->> 'company_name', '')), 120), '');
  org_id uuid;
begin
  if new.is_anonymous or exists (select 1 from public.profiles p where p.user_id = new.id) then
    return new;
  end if;

  insert into public.organizations (name, is_personal)
  values (
    coalesce(company, left(coalesce(first_name, nullif(split_part(coalesce(new.email, ''), '@', 1), ''), 'My'), 100) || '''s workspace'),
    company is null
  )
  returning id into org_id;

  insert into public.organization_members (organization_id, user_id, role)
  values (org_id, new.id, 'owner');

  insert into public.profiles (user_id, organization_id, first_name, last_name)
  values (new.id, org_id, first_name, last_name);

  return new;
end
$$;

revoke all on function private.handle_new_user() from public, anon, authenticated;

-- A guest who becomes a permanent user gets the sign-up's profile and personal workspace then.
create trigger on_auth_user_converted
  after update of is_anonymous on auth.users
  for each row when (old.is_anonymous and not new.is_anonymous)
  execute function private.handle_new_user();

-- No membership for an anonymous user, whichever function or role inserts it.
create function private.refuse_anonymous_member() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if exists (select 1 from auth.users u where u.id = new.user_id and u.is_anonymous) then
    raise exception 'Guest sessions cannot create or join workspaces: create an account first.'
      using errcode = '42501', detail = 'anonymous_user';
  end if;
  return new;
end
$$;

revoke all on function private.refuse_anonymous_member() from public, anon, authenticated;

create trigger organization_members_refuse_anonymous
  before insert or update of user_id on public.organization_members
  for each row execute function private.refuse_anonymous_member();
