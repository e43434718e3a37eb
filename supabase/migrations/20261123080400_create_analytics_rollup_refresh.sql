-- Bringing a site's rollups up to date, without a scheduler (none is guaranteed on hosted Supabase): the report
-- functions call private.refresh_analytics_rollups(site) first, which at most every 30 seconds per site (or at once
-- when a small site has new events) recomputes
-- the UTC days that may have changed since the last refresh (from the day of the last refresh minus a minute, for
-- events committed late, to today) from the raw events, and makes sure the partitions of this month and the next
-- two exist; API callers only for sites they may read. One refresh per site at a time: a second caller does not wait, it reads the rollups as they are.
--
--   private.roll_up_analytics_day(site, day)  recomputes one site's rollups of one UTC day (also used by the bench
--       after it writes history).

create function private.roll_up_analytics_day(site uuid, day date) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  day_from timestamptz := day::timestamp at time zone 'utc';
  day_to timestamptz := (day + 1)::timestamp at time zone 'utc';
begin
  delete from public.analytics_rollups r where r.site_id = site and r.hour >= day_from and r.hour < day_to;
  delete from public.analytics_daily_rollups r where r.site_id = site and r.day_start = day_from;

  insert into public.analytics_rollups (site_id, dimension, hour, value, visitors, visits, pageviews, bounces, visit_seconds, events)
  with day_events as (
    select e.occurred_at, e.visitor_id, e.name, e.pathname, e.referrer, e.utm_source, e.utm_medium, e.utm_campaign, e.device, e.browser,
      case when e.occurred_at - lag(e.occurred_at) over (partition by e.visitor_id order by e.occurred_at) <= interval '30 minutes'
        then 0 else 1 end as starts_visit
    from private.analytics_events e
    where e.site_id = site and e.occurred_at >= day_from and e.occurred_at < day_to
  ),
  numbered as (
    select d.*, sum(d.starts_visit) over (partition by d.visitor_id order by d.occurred_at rows unbounded preceding) as visit_number
    from day_events d
  ),
  visits as (
    select n.visitor_id,
      date_trunc('hour', min(n.occurred_at)) as hour,
      count(*) filter (where n.name = 'pageview') as pageviews,
      count(*) filter (where n.name <> 'pageview') as events,
      extract(epoch from max(n.occurred_at) - min(n.occurred_at))::bigint as seconds,
      (array_agg(n.pathname order by n.occurred_at) filter (where n.name = 'pageview'))[1] as entry_page,
      (array_agg(n.pathname order by n.occurred_at desc) filter (where n.name = 'pageview'))[1] as exit_page,
      (array_agg(n.referrer order by n.occurred_at))[1] as referrer,
      (array_agg(n.utm_source order by n.occurred_at))[1] as utm_source,
      (array_agg(n.utm_medium order by n.occurred_at))[1] as utm_medium,
      (array_agg(n.utm_campaign order by n.occurred_at))[1] as utm_campaign,
      (array_agg(n.device order by n.occurred_at))[1] as device,
      (array_agg(n.browser order by n.occurred_at))[1] as browser
    from numbered n
    group by n.visitor_id, n.visit_number
  ),
  visit_values as (
    select v.*, d.dimension, d.value,
      row_number() over (partition by v.visitor_id, d.dimension, d.value order by v.hour) = 1 as first_of_day
    from visits v
    cross join lateral (values
      ('total', ''), ('entry_page', v.entry_page), ('exit_page', v.exit_page),
      ('referrer', coalesce(v.referrer, 'Direct / None')), ('utm_source', v.utm_source), ('utm_medium', v.utm_medium),
      ('utm_campaign', v.utm_campaign), ('device', v.device), ('browser', v.browser)
    ) as d(dimension, value)
    where d.value is not null
  ),
  event_values as (
    select date_trunc('hour', e.occurred_at) as hour, e.visitor_id, e.name,
      case when e.name = 'pageview' then 'page' else 'goal' end as dimension,
      case when e.name = 'pageview' then e.pathname else e.name end as value
    from day_events e
    union all
    select date_trunc('hour', e.occurred_at), e.visitor_id, e.name, 'conversion', ''
    from day_events e
    where e.name <> 'pageview'
  ),
  event_firsts as (
    select v.*, row_number() over (partition by v.visitor_id, v.dimension, v.value order by v.hour) = 1 as first_of_day
    from event_values v
  )
  select site, vv.dimension, vv.hour, vv.value,
    count(*) filter (where vv.first_of_day), count(*), sum(vv.pageviews), count(*) filter (where vv.pageviews <= 1),
    sum(vv.seconds), sum(vv.events)
  from visit_values vv
  group by vv.dimension, vv.hour, vv.value
  union all
  select site, ef.dimension, ef.hour, ef.value,
    count(*) filter (where ef.first_of_day), 0,
    count(*) filter (where ef.dimension = 'page'), 0, 0,
    count(*) filter (where ef.dimension <> 'page')
  from event_firsts ef
  group by ef.dimension, ef.hour, ef.value;

  insert into public.analytics_daily_rollups (site_id, dimension, day_start, value, visitors, visits, pageviews, bounces, visit_seconds, events)
  select site, r.dimension, day_from, r.value, sum(r.visitors), sum(r.visits), sum(r.pageviews), sum(r.bounces),
    sum(r.visit_seconds), sum(r.events)
  from public.analytics_rollups r
  where r.site_id = site and r.hour >= day_from and r.hour < day_to
  group by r.dimension, r.value;
end
$$;

create function private.refresh_analytics_rollups(site uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  last_refresh timestamptz;
  first_day date;
  today date := (now() at time zone 'utc')::date;
  day date;
  caller text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role';
begin
  -- API callers refresh only sites they may read (the report functions check it first as well).
  if caller in ('anon', 'authenticated') and site not in (select private.analytics_site_ids()) then
    return;
  end if;
  if not pg_try_advisory_xact_lock(hashtext('analytics_rollups'), hashtext(site::text)) then
    return;
  end if;
  select r.refreshed_at into last_refresh from private.analytics_refreshes r where r.site_id = site;
  if last_refresh > now() - interval '30 seconds' then
    -- Refreshed moments ago: again only when events came since and today is small enough to recompute at once
    -- (under 5,000 events), so a small site's new visit shows straight away and a busy one is recomputed twice a minute.
    if not exists (select 1 from private.analytics_events e where e.site_id = site and e.occurred_at > last_refresh)
      or exists (select 1 from private.analytics_events e where e.site_id = site and e.occurred_at >= today::timestamp at time zone 'utc' offset 5000)
    then
      return;
    end if;
  end if;
  perform private.create_analytics_partitions(today, 3);
  delete from private.analytics_salts s where s.day <> today;
  if last_refresh is null then
    select (min(e.occurred_at) at time zone 'utc')::date into first_day from private.analytics_events e where e.site_id = site;
  else
    first_day := ((last_refresh - interval '1 minute') at time zone 'utc')::date;
  end if;
  first_day := coalesce(first_day, today);
  -- Today, and at most the two oldest days not yet brought up to date: a site nobody looked at for weeks catches up
  -- over a few reports instead of one report recomputing them all (the refresh runs inside the caller's statement
  -- and its time limit), and today is always current.
  for day in select distinct d from (values (first_day), (least(first_day + 1, today)), (today)) as v(d) order by d loop
    perform private.roll_up_analytics_day(site, day);
  end loop;
  insert into private.analytics_refreshes (site_id, refreshed_at)
  values (site, case when first_day + 1 < today then (first_day + 2)::timestamp at time zone 'utc' + interval '1 minute' else now() end)
  on conflict (site_id) do update set refreshed_at = excluded.refreshed_at;
end
$$;

revoke all on function private.roll_up_analytics_day(uuid, date), private.refresh_analytics_rollups(uuid) from public, anon, authenticated;
grant execute on function private.refresh_analytics_rollups(uuid) to authenticated;
