-- Per-client analytics budgets without the client's address (issue 20's audit). Until now the ingestion took its
-- tokens from private.rate_limits under 'analytics:client:<address>': a row holding the visitor's address in plain
-- text for a day or more (rows were removed at random). Now:
--
--   private.analytics_client_budgets  one row per client and UTC day, keyed by the first 128 bits of
--       sha256(salt of the day || 'budget|' || address): the address never reaches a table, and once the day's salt
--       is gone (see below) nobody can tell whose row it was. Two budgets in the row, each refilling one token a
--       second: `events` (120 at once; a stored event takes one) and `refusals` (60 at once; a refused request
--       takes one), so refused requests are no longer free and a flood of them throttles its own client only.
--   private.start_analytics_day(today)  the first event of a UTC day: makes the day's salt, deletes every past
--       day's salt and empties the budgets (all of past days: their keys came from salts that are gone).
--   private.forget_past_analytics_days(today)  deletes past days' salts and budgets; every rollup run, every
--       report and the dashboards' figures call it, so a past salt never outlives its day by more than one of them,
--       with traffic or not, with a scheduler or not.

create table private.analytics_client_budgets (
  client_key bytea primary key constraint analytics_client_budgets_key_length check (octet_length(client_key) = 16),
  -- The UTC day of the salt the key was made with (never changes for a key: updates stay HOT).
  day date not null,
  events double precision not null,
  refusals double precision not null,
  updated_at timestamptz not null
) with (fillfactor = 80);
create index analytics_client_budgets_day_idx on private.analytics_client_budgets (day);

alter table private.analytics_client_budgets enable row level security;
revoke all on table private.analytics_client_budgets from public, anon, authenticated, service_role;

-- Past days' salts and budgets: `day < today`, never `<>`: a caller whose transaction began just before midnight
-- must not delete the salt the new day has just made.
create function private.forget_past_analytics_days(today date default (now() at time zone 'utc')::date) returns void
language sql volatile security definer
set search_path = ''
as $$
  delete from private.analytics_salts s where s.day < today;
  delete from private.analytics_client_budgets b where b.day < today;
$$;

-- The day's salt, made by the first event of the day. Concurrent first events wait on the salt's row (the insert's
-- conflict check), so only one of them empties the budgets: all of them are of past days then (a request still
-- finishing yesterday's day may add one more, removed by the next forget_past_analytics_days). TRUNCATE rather
-- than DELETE: a busy day leaves a million rows, which the first event of the next day must not wait for.
create function private.start_analytics_day(today date) returns bytea
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  day_salt bytea;
  made boolean;
begin
  insert into private.analytics_salts (day, salt)
  values (today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
  on conflict (day) do nothing
  returning true into made;
  if made then
    delete from private.analytics_salts s where s.day < today;
    truncate private.analytics_client_budgets;
  end if;
  select s.salt into day_salt from private.analytics_salts s where s.day = today;
  return day_salt;
end
$$;

revoke all on function private.forget_past_analytics_days(date), private.start_analytics_day(date) from public, anon, authenticated;

-- The addresses the old buckets held: gone.
delete from private.rate_limits where key like 'analytics:client:%';

-- The rollup refreshes forget past days the same way (they deleted `day <> today`, salts only).
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
  perform private.refresh_analytics_rollups_now(site);
end
$$;

create or replace function private.refresh_due_analytics_rollups(scheduler text default 'pg_cron') returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'utc')::date;
  site uuid;
  refreshed integer := 0;
begin
  perform private.create_analytics_partitions(today, 3);
  perform private.forget_past_analytics_days(today);
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
