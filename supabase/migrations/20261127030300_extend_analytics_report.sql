-- The Analytics Console's report, extended (issue 20's audit):
--
--   public.analytics_report(…) now also answers
--     previous_series  the comparison range drawn like the period (the same buckets, counted from its start),
--                      null without a comparison range: the chart's dashed line
--     goal_properties  [{ goal, property, value, visitors, events, conversion_rate }]: each goal's properties with
--                      their `top_limit` most completed values (from the 'goal_property' rollups of
--                      20261127030200; '(other)' last), ordered by goal and property
--   and, like public.workspace_site_figures, first forgets past days' salts and client budgets
--   (private.forget_past_analytics_days): a past salt is deleted by the next report even when no event and no
--   scheduler came, and even when the rollups were refreshed moments ago (the refresh returns early then).
--
--   private.analytics_rollup_rows reads the hourly rollups of the period's edges only. It read every hour of the
--   period and threw away those of whole days afterwards (EXPLAIN of the 30-day report: thousands of index rows
--   read to keep a few dozen, per statement of the report).

grant execute on function private.forget_past_analytics_days(date) to authenticated, service_role;

create or replace function private.analytics_rollup_rows(site uuid, range_start timestamptz, range_end timestamptz, dimensions text[], whole_days boolean)
returns table (dimension text, hour timestamptz, value text, visitors integer, visits integer, pageviews integer, bounces integer,
  visit_seconds bigint, events integer)
language sql stable
set search_path = ''
as $$
  -- The whole UTC days inside the range (none when it holds no whole day, or without `whole_days`).
  with bounds as (
    select case when b.first_day < b.last_day then b.first_day end as first_day, case when b.first_day < b.last_day then b.last_day end as last_day
    from (
      select case when whole_days then date_trunc('day', range_start - interval '1 microsecond', 'UTC') + interval '1 day' end as first_day,
        case when whole_days then date_trunc('day', range_end, 'UTC') end as last_day
    ) b
  )
  select d.dimension, d.day_start, d.value, d.visitors, d.visits, d.pageviews, d.bounces, d.visit_seconds, d.events
  from public.analytics_daily_rollups d, bounds b
  where d.site_id = site and d.dimension = any(dimensions) and d.day_start >= b.first_day and d.day_start < b.last_day
  union all
  -- The hours before the first whole day (the whole range when there is none)…
  select r.dimension, r.hour, r.value, r.visitors, r.visits, r.pageviews, r.bounces, r.visit_seconds, r.events
  from public.analytics_rollups r, bounds b
  where r.site_id = site and r.dimension = any(dimensions) and r.hour >= range_start and r.hour < coalesce(b.first_day, range_end)
  union all
  -- …and those after the last one.
  select r.dimension, r.hour, r.value, r.visitors, r.visits, r.pageviews, r.bounces, r.visit_seconds, r.events
  from public.analytics_rollups r, bounds b
  where r.site_id = site and r.dimension = any(dimensions) and r.hour >= b.last_day and r.hour < range_end
$$;

create function private.analytics_goal_properties(site uuid, range_start timestamptz, range_end timestamptz, top_limit integer, all_visitors bigint)
returns jsonb
language sql stable
set search_path = ''
as $$
  with figures as (
    select r.value::jsonb as named, sum(r.visitors) as visitors, sum(r.events) as events
    from private.analytics_rollup_rows(site, range_start, range_end, '{goal_property}', true) r
    group by r.value
  ),
  ranked as (
    select f.named ->> 0 as goal, f.named ->> 1 as property, f.named ->> 2 as value, f.visitors, f.events,
      row_number() over (partition by f.named ->> 0, f.named ->> 1
        order by f.named ->> 2 = '(other)', f.events desc, f.visitors desc, f.named ->> 2) as rank
    from figures f
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'goal', r.goal, 'property', r.property, 'value', r.value, 'visitors', r.visitors, 'events', r.events,
    'conversion_rate', coalesce(round(100.0 * r.visitors / nullif(all_visitors, 0), 1), 0)
  ) order by r.goal, r.property, r.rank), '[]'::jsonb)
  from ranked r
  where r.rank <= top_limit
$$;

revoke all on function private.analytics_goal_properties(uuid, timestamptz, timestamptz, integer, bigint) from public, anon;
grant execute on function private.analytics_goal_properties(uuid, timestamptz, timestamptz, integer, bigint) to authenticated, service_role;

create or replace function public.analytics_report(
  site_id uuid,
  period_start timestamptz,
  period_end timestamptz,
  compare_start timestamptz default null,
  compare_end timestamptz default null,
  top_limit integer default 10
)
returns jsonb
language plpgsql volatile
set search_path = ''
as $$
declare
  totals jsonb;
  step text;
begin
  if not exists (select 1 from public.analytics_sites s where s.id = analytics_report.site_id) then
    raise exception 'No site with this id in your workspaces.' using errcode = 'P0001', detail = 'unknown_site';
  end if;
  if period_start is null or period_end is null or period_end <= period_start or period_end - period_start > interval '732 days'
    or (compare_start is null) <> (compare_end is null) or compare_end <= compare_start
    or compare_end - compare_start > interval '732 days' or top_limit is null or top_limit not between 1 and 100
  then
    raise exception 'Choose a period of up to two years that ends after it starts.' using errcode = 'P0001', detail = 'invalid_period';
  end if;
  perform private.forget_past_analytics_days();
  perform private.refresh_analytics_rollups(analytics_report.site_id);
  step := case when period_end - period_start <= interval '2 days' then 'hour' else 'day' end;
  totals := private.analytics_totals(analytics_report.site_id, period_start, period_end);
  return jsonb_build_object(
    'totals', totals,
    'previous', case when compare_start is not null then private.analytics_totals(analytics_report.site_id, compare_start, compare_end) end,
    'interval', step,
    'series', private.analytics_series(analytics_report.site_id, period_start, period_end, step),
    'previous_series', case when compare_start is not null then private.analytics_series(analytics_report.site_id, compare_start, compare_end, step) end,
    'breakdowns', private.analytics_breakdowns(analytics_report.site_id, period_start, period_end, top_limit, (totals ->> 'visitors')::bigint),
    'goal_properties', private.analytics_goal_properties(analytics_report.site_id, period_start, period_end, top_limit, (totals ->> 'visitors')::bigint)
  );
end
$$;

create or replace function public.workspace_site_figures(workspace_id uuid, from_day date, to_day date)
returns table (period text, sites integer, visitors bigint, pageviews bigint, conversions bigint)
language plpgsql volatile
set search_path = ''
as $$
declare
  site record;
  site_count integer := 0;
  days integer := to_day - from_day + 1;
  range_start timestamptz := (from_day - days)::timestamp at time zone 'utc';
  period_start timestamptz := from_day::timestamp at time zone 'utc';
  range_end timestamptz := (to_day + 1)::timestamp at time zone 'utc';
begin
  if from_day is null or to_day is null or to_day < from_day or days > 732 then
    raise exception 'Choose a period of up to two years that ends after it starts.' using errcode = 'P0001', detail = 'invalid_period';
  end if;
  perform private.forget_past_analytics_days();
  for site in select s.id from public.analytics_sites s where s.organization_id = workspace_site_figures.workspace_id loop
    perform private.refresh_analytics_rollups(site.id);
    site_count := site_count + 1;
  end loop;
  return query
  with figures as (
    select
      case when r.day_start >= period_start then 'current' else 'previous' end as period,
      coalesce(sum(r.visitors) filter (where r.dimension = 'total'), 0)::bigint as visitors,
      coalesce(sum(r.pageviews) filter (where r.dimension = 'total'), 0)::bigint as pageviews,
      coalesce(sum(r.visitors) filter (where r.dimension = 'conversion'), 0)::bigint as conversions
    from public.analytics_daily_rollups r
    join public.analytics_sites s on s.id = r.site_id and s.organization_id = workspace_site_figures.workspace_id
    where r.dimension in ('total', 'conversion') and r.day_start >= range_start and r.day_start < range_end
    group by 1
  )
  select p.period, site_count, coalesce(f.visitors, 0), coalesce(f.pageviews, 0), coalesce(f.conversions, 0)
  from (values ('current'), ('previous')) as p(period)
  left join figures f on f.period = p.period
  order by p.period;
end
$$;
