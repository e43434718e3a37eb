-- Goal properties in the rollups (issue 20's audit: properties were stored but never shown). A custom event's
-- properties (`track('Signup', {plan: 'pro'})`) become rows of the dimension 'goal_property' whose value is the JSON
-- array [goal, property, value] (text; property and value cut at 100 characters), with the goal's figures:
-- visitors (first completion of the UTC day with that value, in its hour) and events (completions).
--
-- Bounded, so that a property with a value per event (an order number) cannot make the rollups as large as the
-- events: per UTC day, the 10 properties of each goal with the most completions, and of each the 25 values with the
-- most; the rest of a property's values are counted together under the value '(other)'.

alter table public.analytics_rollups drop constraint analytics_rollups_dimension;
alter table public.analytics_rollups add constraint analytics_rollups_dimension check (dimension in (
  'total', 'page', 'entry_page', 'exit_page', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign',
  'device', 'browser', 'goal', 'conversion', 'goal_property'
));

-- Planned for its own site and day at every call (plan_cache_mode): after five calls in one session PL/pgSQL keeps a
-- generic plan, blind to which partition and how many of the site's rows the day holds, and with the properties'
-- steps that plan was six times slower (the bench's 30 days rolled up in one session: 16 s a day from the sixth on,
-- against 2.7 s planned for each day). The rollup worker and pg_cron call it over and over in the same sessions.
create or replace function private.roll_up_analytics_day(site uuid, day date) returns void
language plpgsql volatile security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  day_from timestamptz := day::timestamp at time zone 'utc';
  day_to timestamptz := (day + 1)::timestamp at time zone 'utc';
begin
  delete from public.analytics_rollups r where r.site_id = site and r.hour >= day_from and r.hour < day_to;
  delete from public.analytics_daily_rollups r where r.site_id = site and r.day_start = day_from;

  insert into public.analytics_rollups (site_id, dimension, hour, value, visitors, visits, pageviews, bounces, visit_seconds, events)
  with day_events as (
    select e.occurred_at, e.visitor_id, e.name, e.pathname, e.referrer, e.utm_source, e.utm_medium, e.utm_campaign, e.device, e.browser, e.props,
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
  -- A goal's properties, kept within bounds (see above).
  property_events as (
    select e.occurred_at, e.visitor_id, e.name, left(p.key, 100) as key, left(p.value #>> '{}', 100) as value
    from day_events e
    cross join lateral jsonb_each(e.props) p
    where e.name <> 'pageview' and jsonb_typeof(e.props) = 'object'
  ),
  property_counts as (
    select pe.name, pe.key, pe.value, count(*) as events, sum(count(*)) over (partition by pe.name, pe.key) as key_events
    from property_events pe
    group by pe.name, pe.key, pe.value
  ),
  property_ranks as (
    select c.name, c.key, c.value,
      dense_rank() over (partition by c.name order by c.key_events desc, c.key) as key_rank,
      row_number() over (partition by c.name, c.key order by c.events desc, c.value) as value_rank
    from property_counts c
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
    union all
    select date_trunc('hour', pe.occurred_at), pe.visitor_id, pe.name, 'goal_property',
      jsonb_build_array(pe.name, pe.key, case when r.value_rank <= 25 then pe.value else '(other)' end)::text
    from property_events pe
    join property_ranks r on r.name = pe.name and r.key = pe.key and r.value = pe.value
    where r.key_rank <= 10
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

