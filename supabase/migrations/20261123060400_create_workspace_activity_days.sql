-- The days a member used a workspace, so "Active Users" (members active in the last 30 days) and its change from the
-- 30 days before are counted from what happened, not invented. One row per workspace, member and day (UTC), written
-- by note_workspace_activity() when the app opens a workspace's dashboard; members read their workspace's rows.

create table public.workspace_activity_days (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  primary key (organization_id, day, user_id)
);
create index workspace_activity_days_user_id_idx on public.workspace_activity_days (user_id);

alter table public.workspace_activity_days enable row level security;

revoke all on table public.workspace_activity_days from anon, authenticated;
grant select on table public.workspace_activity_days to authenticated;
grant all on table public.workspace_activity_days to service_role;

create policy "Members read their workspace's activity days" on public.workspace_activity_days
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('viewer')));

-- Notes today for the caller in a workspace they belong to; nothing for anyone else. Idempotent.
create function public.note_workspace_activity(workspace_id uuid) returns void
language sql volatile security definer
set search_path = ''
as $$
  insert into public.workspace_activity_days (organization_id, user_id, day)
  select workspace_id, (select auth.uid()), (now() at time zone 'UTC')::date
  where private.has_workspace_role(workspace_id, 'viewer')
  on conflict do nothing
$$;

revoke all on function public.note_workspace_activity(uuid) from public, anon;
grant execute on function public.note_workspace_activity(uuid) to authenticated, service_role;
