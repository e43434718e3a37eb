-- Rollup refresh off the read path (decision 0012, step 2): a scheduler calls
-- private.refresh_due_analytics_rollups() every few seconds — our server's rollup worker
-- (server/src/modules/analytics/rollup-worker.ts, every ANALYTICS_ROLLUP_SECONDS, 15 by default), or pg_cron on
-- hosted Supabase when the project has it (scheduled below when the extension exists; README "Web analytics" has
-- the SQL to run after enabling it). Each run refreshes every site with events since its last refresh (today and at
-- most the two oldest stale days of each: a long catch-up spreads over runs), deletes other days' salts and makes
-- sure the coming partitions exist, and notes when it ran.
--
-- While a scheduler has run in the last two minutes, a report no longer refreshes a busy site itself: it reads the
-- rollups the scheduler keeps (at most one interval old). It still refreshes at once a site with under 5,000 events
-- today and new ones since (milliseconds, so a small site's new visit shows straight away). Without a scheduler
-- (hosted without pg_cron) the report's own bounded catch-up stays as it was: the fallback.

create table private.analytics_rollup_runs (
  scheduler text primary key check (char_length(scheduler) between 1 and 200),
  ran_at timestamptz not null,
  sites integer not null
);
alter table private.analytics_rollup_runs enable row level security;
revoke all on table private.analytics_rollup_runs from public, anon, authenticated, service_role;

-- The refresh itself, without the read path's throttle: what refresh_analytics_rollups did after its checks.
create function private.refresh_analytics_rollups_now(site uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  last_refresh timestamptz;
  first_day date;
  today date := (now() at time zone 'utc')::date;
  day date;
begin
  select r.refreshed_at into last_refresh from private.analytics_refreshes r where r.site_id = site;
  if last_refresh is null then
    select (min(e.occurred_at) at time zone 'utc')::date into first_day from private.analytics_events e where e.site_id = site;
  else
    first_day := ((last_refresh - interval '1 minute') at time zone 'utc')::date;
  end if;
  first_day := coalesce(first_day, today);
  -- Today, and at most the two oldest days not yet brought up to date: a site nobody looked at for weeks catches up
  -- over a few runs instead of one recomputing them all, and today is always current.
  for day in select distinct d from (values (first_day), (least(first_day + 1, today)), (today)) as v(d) order by d loop
    perform private.roll_up_analytics_day(site, day);
  end loop;
  insert into private.analytics_refreshes (site_id, refreshed_at)
  values (site, case when first_day + 1 < today then (first_day + 2)::timestamp at time zone 'utc' + interval '1 minute' else now() end)
  on conflict (site_id) do update set refreshed_at = excluded.refreshed_at;
end
$$;

create or replace function private.refresh_analytics_rollups(site uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  last_refresh timestamptz;
  today date := (now() at time zone 'utc')::date;
  caller text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role';
  scheduled boolean := exists (select 1 from private.analytics_rollup_runs r where r.ran_at > now() - interval '2 minutes');
  small_and_new boolean;
begin
  -- API callers refresh only sites they may read (the report functions check it first as well).
  if caller in ('anon', 'authenticated') and site not in (select private.analytics_site_ids()) then
    return;
  end if;
  if not pg_try_advisory_xact_lock(hashtext('analytics_rollups'), hashtext(site::text)) then
    return;
  end if;
  select r.refreshed_at into last_refresh from private.analytics_refreshes r where r.site_id = site;
  if last_refresh > now() - interval '30 seconds' or scheduled then
    -- Refreshed moments ago, or kept by a scheduler: again only when events came since and today is small enough to
    -- recompute at once (under 5,000 events), so a small site's new visit shows straight away.
    small_and_new := exists (select 1 from private.analytics_events e where e.site_id = site and e.occurred_at > coalesce(last_refresh, '-infinity'))
      and not exists (select 1 from private.analytics_events e where e.site_id = site and e.occurred_at >= today::timestamp at time zone 'utc' offset 5000);
    if not small_and_new then
      return;
    end if;
  end if;
  perform private.create_analytics_partitions(today, 3);
  delete from private.analytics_salts s where s.day <> today;
  perform private.refresh_analytics_rollups_now(site);
end
$$;

-- One scheduler run: every site with events since its last refresh; returns how many sites were refreshed.
create function private.refresh_due_analytics_rollups(scheduler text default 'pg_cron') returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'utc')::date;
  site uuid;
  refreshed integer := 0;
begin
  perform private.create_analytics_partitions(today, 3);
  delete from private.analytics_salts s where s.day <> today;
  for site in
    select s.id from public.analytics_sites s
    left join private.analytics_refreshes r on r.site_id = s.id
    where exists (select 1 from private.analytics_events e where e.site_id = s.id and e.occurred_at > coalesce(r.refreshed_at, '-infinity'))
    order by r.refreshed_at nulls first
  loop
    -- A report refreshing the same site right now: it has it; the next run comes soon.
    if pg_try_advisory_xact_lock(hashtext('analytics_rollups'), hashtext(site::text)) then
      perform private.refresh_analytics_rollups_now(site);
      refreshed := refreshed + 1;
    end if;
  end loop;
  insert into private.analytics_rollup_runs (scheduler, ran_at, sites) values (left(scheduler, 200), now(), refreshed)
  on conflict on constraint analytics_rollup_runs_pkey do update set ran_at = excluded.ran_at, sites = excluded.sites;
  return refreshed;
end
$$;

revoke all on function private.refresh_analytics_rollups_now(uuid), private.refresh_due_analytics_rollups(text) from public, anon, authenticated;

-- pg_cron where it exists (hosted Supabase with the extension enabled); nothing otherwise — the migration applies
-- either way, and the report's own refresh remains.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('analytics-rollups', '30 seconds', 'select private.refresh_due_analytics_rollups(''pg_cron'')');
  end if;
end
$$;
