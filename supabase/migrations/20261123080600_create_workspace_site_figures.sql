-- A workspace's website figures for the dashboards (issue 18's Platform Overview "Conversion Rate", the Content Hub's
-- "Content Views"), in the shape of issue 18's figure functions: calendar days (UTC) from_day … to_day, both ends
-- included, one row for the period ('current') and one for the period of the same length just before ('previous').
--
--   public.workspace_site_figures(workspace_id, from_day, to_day)
--     → (period, sites, visitors, pageviews, conversions): every measured site of the workspace together;
--       conversions = visitors who completed any goal; sites = 0 when none is measured (the dashboards then keep
--       their marked sample figures). Runs as the caller: RLS decides (another workspace, a removed member: zeros).
--       Refreshes the rollups of the workspace's sites first.

create function public.workspace_site_figures(workspace_id uuid, from_day date, to_day date)
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

revoke all on function public.workspace_site_figures(uuid, date, date) from public, anon;
grant execute on function public.workspace_site_figures(uuid, date, date) to authenticated, service_role;
