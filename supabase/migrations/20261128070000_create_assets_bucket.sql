-- The workspace's asset library lives in the private Storage bucket `assets`. Every object's path starts with its
-- workspace id (`<workspace id>/<anything>`); row-level security on storage.objects decides who may do what, on
-- hosted Supabase (Storage runs every call as the caller's role with request.jwt.claims set) and on the own server
-- (which does the same):
--   members and above   read, upload, replace, move, copy and delete the workspace's objects
--   viewers             read (download, list, info, signed URLs) only
--   everyone else       nothing: another workspace's members, a removed member, anon
-- A signed-out access token stops working at once here too: Storage runs no pre-request function, so the policies
-- themselves check that the token's session still exists (as private.require_active_session does for the data API).
-- The service key bypasses RLS, as on Supabase. Objects outside `assets` are not touched by these policies.

insert into storage.buckets (id, name, public)
values ('assets', 'assets', false)
on conflict (id) do nothing;

-- True when the caller's token names a live session of its user (auth.sessions is not readable by the API roles).
create function private.has_live_session() returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  claimed_session text := claims ->> 'session_id';
  claimed_user text := claims ->> 'sub';
  uuid_format constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
begin
  if claimed_session is null or claimed_session !~* uuid_format or claimed_user is null or claimed_user !~* uuid_format then
    return false;
  end if;
  return exists (
    select 1 from auth.sessions s
    where s.id = claimed_session::uuid and s.user_id = claimed_user::uuid
      and (s.not_after is null or s.not_after > now())
  );
end
$$;

-- The workspaces whose objects the caller may reach with at least `min_role`, as the text of their ids (the first
-- folder of an object's name). Empty without a live session. Used as `(storage.foldername(name))[1] in (select …)`
-- so the planner evaluates it once per statement, not once per object.
create function private.storage_workspace_folders(min_role text) returns setof text
language sql stable security definer
set search_path = ''
as $$
  select w::text from private.organization_ids_with_role(min_role) as w
  where private.has_live_session()
$$;

revoke all on function private.has_live_session(), private.storage_workspace_folders(text) from public;
grant execute on function private.has_live_session(), private.storage_workspace_folders(text)
  to anon, authenticated, service_role;

create policy "assets: workspace members and viewers read"
  on storage.objects for select to authenticated
  using (bucket_id = 'assets' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('viewer')));

create policy "assets: workspace members upload"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'assets' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')));

create policy "assets: workspace members replace and move"
  on storage.objects for update to authenticated
  using (bucket_id = 'assets' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')))
  with check (bucket_id = 'assets' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')));

create policy "assets: workspace members delete"
  on storage.objects for delete to authenticated
  using (bucket_id = 'assets' and (storage.foldername(name))[1] in (select private.storage_workspace_folders('member')));
