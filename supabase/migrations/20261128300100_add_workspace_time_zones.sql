-- A workspace's time zone (issue 29, decision 0023): the zone its team works in, shown with the team's settings and
-- the default zone of the automation editor's "wait until a weekday and hour" step (the step keeps its own
-- time_zone in the graph: changing the workspace's zone later does not move a published wait).
--
-- - organizations.time_zone: an IANA name; 'UTC' for existing and new workspaces until an admin sets it.
-- - Set only through public.set_workspace_time_zone (admins and owners; the table grants no update of the column),
--   which accepts the names PostgreSQL knows (pg_timezone_names, the IANA database it was built with) and says so
--   when it does not know one. A trigger checks every write too (the service role, a later function).
-- - public.time_zone_names(): those names for the settings' list, without the posix/ and right/ copies.

alter table public.organizations add column time_zone text not null default 'UTC'
  constraint organizations_time_zone_length check (char_length(time_zone) between 1 and 64);
comment on column public.organizations.time_zone is
  'The workspace''s IANA time zone (pg_timezone_names): the default zone of automation waits until a weekday and hour.';

-- Whether PostgreSQL knows the zone by this exact name.
create function private.is_time_zone_name(name text) returns boolean
language sql stable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names z where z.name = is_time_zone_name.name)
$$;

create function private.check_workspace_time_zone() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.time_zone <> 'UTC' and not private.is_time_zone_name(new.time_zone) then
    raise exception '“%” is not a time zone: choose one of the list, such as Europe/Berlin or America/New_York.', new.time_zone
      using errcode = 'P0001', detail = 'time_zone_unknown';
  end if;
  return new;
end
$$;

create trigger organizations_check_time_zone
  before insert or update of time_zone on public.organizations
  for each row execute function private.check_workspace_time_zone();

-- Admins and owners set their workspace's zone; viewers and members are too low; other workspaces are not members.
create function public.set_workspace_time_zone(workspace_id uuid, time_zone text) returns public.organizations
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  zone text := btrim(coalesce(set_workspace_time_zone.time_zone, ''));
  updated public.organizations;
begin
  perform private.require_workspace_role(set_workspace_time_zone.workspace_id, 'admin');
  if zone = '' then
    raise exception 'Choose a time zone.' using errcode = 'P0001', detail = 'time_zone_missing';
  end if;
  if char_length(zone) > 64 or not private.is_time_zone_name(zone) then
    raise exception '“%” is not a time zone: choose one of the list, such as Europe/Berlin or America/New_York.', left(zone, 64)
      using errcode = 'P0001', detail = 'time_zone_unknown';
  end if;
  update public.organizations o set time_zone = zone
  where o.id = set_workspace_time_zone.workspace_id
  returning o.* into updated;
  return updated;
end
$$;

-- The zones to choose from, by name.
create function public.time_zone_names() returns setof text
language sql stable
set search_path = ''
as $$
  select z.name from pg_catalog.pg_timezone_names z
  where z.name not like 'posix/%' and z.name not like 'right/%' and z.name <> 'posixrules'
  order by z.name
$$;

revoke all on function private.is_time_zone_name(text), private.check_workspace_time_zone() from public, anon, authenticated;
revoke all on function public.set_workspace_time_zone(uuid, text), public.time_zone_names() from public, anon;
grant execute on function public.set_workspace_time_zone(uuid, text), public.time_zone_names() to authenticated, service_role;
