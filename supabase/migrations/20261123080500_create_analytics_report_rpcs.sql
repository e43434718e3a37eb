-- What the Analytics Console reads, computed in the database from the rollups, as the caller (RLS decides):
--
--   public.analytics_report(site_id, period_start, period_end, compare_start, compare_end, top_limit) → jsonb
--     { totals, previous (null without a comparison range), interval ('hour' up to two days, else 'day'),
--       series: [{ bucket, visitors, visits, pageviews }] with every bucket of the period (zeros included),
--       breakdowns: { page, entry_page, exit_page, referrer, utm_source, utm_medium, utm_campaign, device, browser,
--                     goal: [{ value, visitors, visits, pageviews, bounce_rate, visit_duration, events,
--                              conversion_rate }] } top `top_limit` by visitors }
--     totals: { visitors, visits, pageviews, views_per_visit, bounce_rate (%), visit_duration (s), events }.
--     Ranges are half-open [start, end) on whole UTC hours. Refreshes the site's rollups first (20261123080400).
--     400 P0001 unknown_site for a site the caller may not read (the same answer as for one that does not exist),
--     400 P0001 invalid_period for an empty, reversed or longer than two years (732 days) range or a top_limit outside 1–100.
--   public.analytics_current_visitors(site_id) → integer: visitors with an event in the last five minutes.

-- The rollup rows of a range: whole UTC days from the daily rollups (when `whole_days`), every other hour from the
-- hourly ones. Runs as the caller: RLS decides.
create function private.analytics_rollup_rows(site uuid, range_start timestamptz, range_end timestamptz, dimensions text[], whole_days boolean)
returns table (dimension text, hour timestamptz, value text, visitors integer, visits integer, pageviews integer, bounces integer,
  visit_seconds bigint, events integer)
language sql stable
set search_path = ''
as $$
  with bounds as (
    select case when whole_days then date_trunc('day', range_start - interval '1 microsecond', 'UTC') + interval '1 day' end as first_day,
      case when whole_days then date_trunc('day', range_end, 'UTC') end as last_day
  )
  select d.dimension, d.day_start, d.value, d.visitors, d.visits, d.pageviews, d.bounces, d.visit_seconds, d.events
  from public.analytics_daily_rollups d, bounds b
  where d.site_id = site and d.dimension = any(dimensions) and d.day_start >= b.first_day and d.day_start < b.last_day
  union all
  select r.dimension, r.hour, r.value, r.visitors, r.visits, r.pageviews, r.bounces, r.visit_seconds, r.events
  from public.analytics_rollups r, bounds b
  where r.site_id = site and r.dimension = any(dimensions) and r.hour >= range_start and r.hour < range_end
    and not (r.hour >= b.first_day and r.hour < b.last_day) is true
$$;

create function private.analytics_totals(site uuid, range_start timestamptz, range_end timestamptz) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'visitors', coalesce(sum(r.visitors), 0),
    'visits', coalesce(sum(r.visits), 0),
    'pageviews', coalesce(sum(r.pageviews), 0),
    'views_per_visit', coalesce(round(sum(r.pageviews)::numeric / nullif(sum(r.visits), 0), 2), 0),
    'bounce_rate', coalesce(round(100.0 * sum(r.bounces) / nullif(sum(r.visits), 0)), 0),
    'visit_duration', coalesce(round(sum(r.visit_seconds)::numeric / nullif(sum(r.visits), 0)), 0),
    'events', coalesce(sum(r.events), 0)
  )
  from private.analytics_rollup_rows(site, range_start, range_end, '{total}', true) r
$$;

create function private.analytics_series(site uuid, range_start timestamptz, range_end timestamptz, step text) returns jsonb
language sql stable
set search_path = ''
as $$
  with buckets as (
    select generate_series(date_trunc(step, range_start, 'UTC'), range_end - interval '1 second', ('1 ' || step)::interval) as bucket
  ),
  figures as (
    select date_trunc(step, r.hour, 'UTC') as bucket, sum(r.visitors) as visitors, sum(r.visits) as visits, sum(r.pageviews) as pageviews
    from private.analytics_rollup_rows(site, range_start, range_end, '{total}', step = 'day') r
    group by 1
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'bucket', b.bucket, 'visitors', coalesce(f.visitors, 0), 'visits', coalesce(f.visits, 0), 'pageviews', coalesce(f.pageviews, 0)
  ) order by b.bucket), '[]'::jsonb)
  from buckets b left join figures f on f.bucket = b.bucket
$$;

create function private.analytics_breakdowns(site uuid, range_start timestamptz, range_end timestamptz, top_limit integer, all_visitors bigint)
returns jsonb
language sql stable
set search_path = ''
as $$
  with figures as (
    select r.dimension, r.value, sum(r.visitors) as visitors, sum(r.visits) as visits, sum(r.pageviews) as pageviews,
      sum(r.bounces) as bounces, sum(r.visit_seconds) as visit_seconds, sum(r.events) as events,
      row_number() over (partition by r.dimension order by sum(r.visitors) desc, sum(r.pageviews) desc, sum(r.events) desc, r.value) as rank
    from private.analytics_rollup_rows(site, range_start, range_end,
      '{page,entry_page,exit_page,referrer,utm_source,utm_medium,utm_campaign,device,browser,goal}', true) r
    group by r.dimension, r.value
  ),
  lists as (
    select f.dimension, jsonb_agg(jsonb_build_object(
      'value', f.value, 'visitors', f.visitors, 'visits', f.visits, 'pageviews', f.pageviews,
      'bounce_rate', coalesce(round(100.0 * f.bounces / nullif(f.visits, 0)), 0),
      'visit_duration', coalesce(round(f.visit_seconds::numeric / nullif(f.visits, 0)), 0),
      'events', f.events,
      'conversion_rate', coalesce(round(100.0 * f.visitors / nullif(all_visitors, 0), 1), 0)
    ) order by f.rank) as rows
    from figures f
    where f.rank <= top_limit
    group by f.dimension
  )
  select jsonb_build_object(
    'page', '[]'::jsonb, 'entry_page', '[]'::jsonb, 'exit_page', '[]'::jsonb, 'referrer', '[]'::jsonb,
    'utm_source', '[]'::jsonb, 'utm_medium', '[]'::jsonb, 'utm_campaign', '[]'::jsonb, 'device', '[]'::jsonb,
    'browser', '[]'::jsonb, 'goal', '[]'::jsonb
  ) || coalesce((select jsonb_object_agg(l.dimension, l.rows) from lists l), '{}'::jsonb)
$$;

revoke all on function private.analytics_rollup_rows(uuid, timestamptz, timestamptz, text[], boolean),
  private.analytics_totals(uuid, timestamptz, timestamptz), private.analytics_series(uuid, timestamptz, timestamptz, text),
  private.analytics_breakdowns(uuid, timestamptz, timestamptz, integer, bigint) from public, anon;
grant execute on function private.analytics_rollup_rows(uuid, timestamptz, timestamptz, text[], boolean),
  private.analytics_totals(uuid, timestamptz, timestamptz), private.analytics_series(uuid, timestamptz, timestamptz, text),
  private.analytics_breakdowns(uuid, timestamptz, timestamptz, integer, bigint) to authenticated, service_role;

create function public.analytics_report(
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
  perform private.refresh_analytics_rollups(analytics_report.site_id);
  step := case when period_end - period_start <= interval '2 days' then 'hour' else 'day' end;
  totals := private.analytics_totals(analytics_report.site_id, period_start, period_end);
  return jsonb_build_object(
    'totals', totals,
    'previous', case when compare_start is not null then private.analytics_totals(analytics_report.site_id, compare_start, compare_end) end,
    'interval', step,
    'series', private.analytics_series(analytics_report.site_id, period_start, period_end, step),
    'breakdowns', private.analytics_breakdowns(analytics_report.site_id, period_start, period_end, top_limit, (totals ->> 'visitors')::bigint)
  );
end
$$;

revoke all on function public.analytics_report(uuid, timestamptz, timestamptz, timestamptz, timestamptz, integer) from public, anon;
grant execute on function public.analytics_report(uuid, timestamptz, timestamptz, timestamptz, timestamptz, integer) to authenticated, service_role;

create function private.analytics_recent_visitors(site uuid) returns integer
language sql stable security definer
set search_path = ''
as $$
  select count(distinct e.visitor_id)::integer
  from private.analytics_events e
  where e.site_id = site and e.occurred_at > now() - interval '5 minutes'
    and site in (select private.analytics_site_ids())
$$;

revoke all on function private.analytics_recent_visitors(uuid) from public, anon;
grant execute on function private.analytics_recent_visitors(uuid) to authenticated;

create function public.analytics_current_visitors(site_id uuid) returns integer
language plpgsql stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.analytics_sites s where s.id = analytics_current_visitors.site_id) then
    raise exception 'No site with this id in your workspaces.' using errcode = 'P0001', detail = 'unknown_site';
  end if;
  return private.analytics_recent_visitors(analytics_current_visitors.site_id);
end
$$;

revoke all on function public.analytics_current_visitors(uuid) from public, anon;
grant execute on function public.analytics_current_visitors(uuid) to authenticated, service_role;
