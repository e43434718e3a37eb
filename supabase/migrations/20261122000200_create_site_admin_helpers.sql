-- Site admins: flagged in auth.users.raw_app_meta_data ("site_admin": true), which users cannot edit.
-- Read from the database on every check, so revoking the flag takes effect at once.

create function private.is_site_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select (u.raw_app_meta_data ->> 'site_admin')::boolean from auth.users u where u.id = (select auth.uid())),
    false
  )
$$;

revoke all on function private.is_site_admin() from public;
grant execute on function private.is_site_admin() to anon, authenticated, service_role;

-- Exposed so the admin screens can ask "am I a site admin?"; it answers only for the caller.
create function public.is_site_admin() returns boolean
language sql stable
set search_path = ''
as $$
  select private.is_site_admin()
$$;

revoke all on function public.is_site_admin() from public;
grant execute on function public.is_site_admin() to anon, authenticated, service_role;
