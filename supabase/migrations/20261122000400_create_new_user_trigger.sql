-- On sign-up: the profile (names from the sign-up metadata), the user's organization
-- (named after company_name, else a personal one) and the owner membership.
-- Runs as the auth server's database role, hence security definer and qualified names.

create function private.handle_new_user() returns trigger
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

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();
