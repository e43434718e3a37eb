-- Conversions are decimals. Google Ads counts a conversion shared between several clicks (data-driven attribution)
-- as fractions of it, and its exports write "2.50" or "4,838.80" conversions for one day; Meta and LinkedIn may do the
-- same. Stored as whole numbers (bigint), those rows were refused — and their spend and revenue lost with them.
-- Conversions are now numeric(14, 2) like spend (two decimals, as every platform shows them), in the results and in the
-- workspace's daily totals, and every function that reads or writes them follows:
--   private.campaign_result_problem()   accepts a fractional conversions figure (impressions and clicks stay whole);
--   import_campaign_results()           stores it with its decimals (it cast to bigint);
--   results_summary(), results_by_day(), results_by_platform(), platform_overview()
--                                       answer conversions as numeric (they answered bigint, which rounded the sum).
-- The functions whose answer changes type are dropped and created again with the same arguments and grants (a
-- function's result type cannot be replaced in place); the others are replaced. The last definitions before this one:
-- 20261127010000 (import_campaign_results), 20261123060200 (campaign_result_problem), 20261123060500 (results_*),
-- 20261127010100 (platform_overview).

-- The key's index carries conversions (INCLUDE): PostgreSQL rebuilds it with the new type. The range check stays.
alter table public.campaign_results alter column conversions type numeric(14, 2);
alter table public.campaign_results_daily alter column conversions type numeric(16, 2);

-- The problem with one imported row (null: none), as 20261123060200 but conversions may have decimals.
create or replace function private.campaign_result_problem(element jsonb) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  day_text text := element ->> 'day';
  day date;
  field text;
  amount numeric;
begin
  if jsonb_typeof(element) is distinct from 'object' then
    return 'not a row';
  end if;
  if day_text is null or day_text !~ '^\d{4}-\d{2}-\d{2}$' then
    return 'Date: must be a date like 2026-11-23';
  end if;
  begin
    day := day_text::date;
  exception when others then
    return format('Date: %s is not a calendar day', day_text);
  end;
  if day < '2000-01-01' or day > (now() at time zone 'UTC')::date + 1 then
    return format('Date: %s is out of range (2000-01-01 to tomorrow)', day_text);
  end if;
  if coalesce(element ->> 'platform', '') not in ('Google Ads', 'Facebook Ads', 'Instagram Ads', 'LinkedIn Ads', 'Twitter Ads', 'TikTok Ads') then
    return format('Platform: %s is not one of Google Ads, Facebook Ads, Instagram Ads, LinkedIn Ads, Twitter Ads, TikTok Ads', coalesce(element ->> 'platform', '(empty)'));
  end if;
  foreach field in array array['impressions', 'clicks', 'conversions', 'spend', 'revenue'] loop
    continue when element -> field is null or element -> field = 'null'::jsonb;
    if jsonb_typeof(element -> field) <> 'number' then
      return format('%s: must be a number', initcap(field));
    end if;
    amount := (element ->> field)::numeric;
    if amount < 0 or amount > 1000000000000 then
      return format('%s: must be between 0 and 1,000,000,000,000', initcap(field));
    end if;
    if field in ('impressions', 'clicks') and amount <> trunc(amount) then
      return format('%s: must be a whole number', initcap(field));
    end if;
  end loop;
  return null;
end
$$;

-- As 20261127010000, conversions kept with their two decimals.
create or replace function public.import_campaign_results(campaign_id uuid, results jsonb, dry_run boolean default false) returns json
language plpgsql volatile security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  target uuid := import_campaign_results.campaign_id;
  total integer;
  refused jsonb := '[]'::jsonb;
  element jsonb;
  position integer := 0;
  line integer;
  problem text;
  added integer;
  updated integer;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  if jsonb_typeof(results) is distinct from 'array' then
    raise exception 'results must be a JSON array of rows.' using errcode = 'P0001', detail = 'results_not_array';
  end if;
  total := jsonb_array_length(results);
  if total > 10000 then
    raise exception 'At most 10,000 rows per import (this one has %).', total using errcode = 'P0001', detail = 'too_many_rows';
  end if;
  if not exists (select 1 from public.campaigns c where c.id = target) then
    raise exception 'This campaign does not exist.' using errcode = 'P0001', detail = 'campaign_missing';
  end if;

  for element in select value from jsonb_array_elements(results) loop
    position := position + 1;
    line := case when jsonb_typeof(element -> 'line') = 'number' then (element ->> 'line')::numeric::integer else position end;
    problem := private.campaign_result_problem(element);
    if problem is not null then
      refused := refused || jsonb_build_object('line', line, 'message', problem);
    end if;
  end loop;
  if jsonb_array_length(refused) > 0 then
    if dry_run then
      return json_build_object('added', 0, 'updated', 0, 'unchanged', 0, 'refused', refused);
    end if;
    raise exception '% rows refused, nothing imported: %', jsonb_array_length(refused),
      (select string_agg(format('line %s: %s', r ->> 'line', r ->> 'message'), '; ') from (select r from jsonb_array_elements(refused) r limit 5) first_ones)
      using errcode = 'P0001', detail = 'invalid_rows', hint = refused::text;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('line', d.lines[2], 'message', format('same day and platform as line %s', d.lines[1])) order by d.lines[2]), '[]'::jsonb)
  into refused
  from (
    select array_agg(case when jsonb_typeof(e.value -> 'line') = 'number' then (e.value ->> 'line')::numeric::integer else e.ordinality::integer end order by e.ordinality) as lines
    from jsonb_array_elements(results) with ordinality e
    group by (e.value ->> 'day')::date, e.value ->> 'platform'
    having count(*) > 1
  ) d;
  if jsonb_array_length(refused) > 0 then
    if dry_run then
      return json_build_object('added', 0, 'updated', 0, 'unchanged', 0, 'refused', refused);
    end if;
    raise exception 'The same day and platform appear twice, nothing imported: %',
      (select string_agg(format('line %s: %s', r ->> 'line', r ->> 'message'), '; ') from (select r from jsonb_array_elements(refused) r limit 5) first_ones)
      using errcode = 'P0001', detail = 'duplicate_rows', hint = refused::text;
  end if;

  begin
    with input as (
      select (e ->> 'day')::date as day, e ->> 'platform' as platform,
        coalesce((e ->> 'impressions')::bigint, 0) as impressions, coalesce((e ->> 'clicks')::bigint, 0) as clicks,
        coalesce((e ->> 'conversions')::numeric(14, 2), 0) as conversions,
        coalesce((e ->> 'spend')::numeric(14, 2), 0) as spend, coalesce((e ->> 'revenue')::numeric(14, 2), 0) as revenue
      from jsonb_array_elements(results) e
    ), stored as (
      insert into public.campaign_results as r (campaign_id, day, platform, impressions, clicks, conversions, spend, revenue, user_id)
      select target, i.day, i.platform, i.impressions, i.clicks, i.conversions, i.spend, i.revenue, (select auth.uid()) from input i
      on conflict (campaign_id, day, platform) do update
        set impressions = excluded.impressions, clicks = excluded.clicks, conversions = excluded.conversions,
            spend = excluded.spend, revenue = excluded.revenue
        where (r.impressions, r.clicks, r.conversions, r.spend, r.revenue)
          is distinct from (excluded.impressions, excluded.clicks, excluded.conversions, excluded.spend, excluded.revenue)
      returning (xmax = 0) as is_new
    )
    select count(*) filter (where is_new), count(*) filter (where not is_new) into added, updated from stored;
    -- A dry run undoes the write (its counts, kept in local variables, survive the rollback of this block).
    if dry_run then
      raise exception 'dry run' using errcode = 'BB001';
    end if;
  exception
    when sqlstate 'BB001' then
      null;
  end;

  if dry_run then
    return json_build_object('added', added, 'updated', updated, 'unchanged', total - added - updated, 'refused', '[]'::json);
  end if;
  return json_build_object('added', added, 'updated', updated, 'unchanged', total - added - updated);
end
$$;

drop function public.results_summary(uuid, date, date, uuid);
drop function public.results_by_day(uuid, date, date, uuid);
drop function public.results_by_platform(uuid, date, date);
drop function public.platform_overview(uuid, date, date, date, date, timestamptz);

-- As 20261123060500: totals of a period and of the period of the same length just before it.
create function public.results_summary(workspace_id uuid, from_day date, to_day date, campaign_id uuid default null)
returns table (period text, impressions bigint, clicks bigint, conversions numeric, spend numeric, revenue numeric)
language sql stable security invoker
set search_path = ''
as $$
  with totals as (
    select
      coalesce(sum(r.impressions) filter (where r.day >= from_day), 0)::bigint as impressions,
      coalesce(sum(r.clicks) filter (where r.day >= from_day), 0)::bigint as clicks,
      coalesce(sum(r.conversions) filter (where r.day >= from_day), 0) as conversions,
      coalesce(sum(r.spend) filter (where r.day >= from_day), 0) as spend,
      coalesce(sum(r.revenue) filter (where r.day >= from_day), 0) as revenue,
      coalesce(sum(r.impressions) filter (where r.day < from_day), 0)::bigint as impressions_before,
      coalesce(sum(r.clicks) filter (where r.day < from_day), 0)::bigint as clicks_before,
      coalesce(sum(r.conversions) filter (where r.day < from_day), 0) as conversions_before,
      coalesce(sum(r.spend) filter (where r.day < from_day), 0) as spend_before,
      coalesce(sum(r.revenue) filter (where r.day < from_day), 0) as revenue_before
    from (
      select x.day, x.impressions, x.clicks, x.conversions, x.spend, x.revenue from public.campaign_results_daily x
      where results_summary.campaign_id is null and x.organization_id = results_summary.workspace_id
        and x.day between from_day - (to_day - from_day + 1) and to_day
      union all
      select x.day, x.impressions, x.clicks, x.conversions, x.spend, x.revenue from public.campaign_results x
      where results_summary.campaign_id is not null and x.campaign_id = results_summary.campaign_id
        and x.organization_id = results_summary.workspace_id and x.day between from_day - (to_day - from_day + 1) and to_day
    ) r
  )
  select 'current', t.impressions, t.clicks, t.conversions, t.spend, t.revenue from totals t
  union all
  select 'previous', t.impressions_before, t.clicks_before, t.conversions_before, t.spend_before, t.revenue_before from totals t
$$;

-- As 20261123060500: one row per day of the period that has results.
create function public.results_by_day(workspace_id uuid, from_day date, to_day date, campaign_id uuid default null)
returns table (day date, impressions bigint, clicks bigint, conversions numeric, spend numeric, revenue numeric)
language sql stable security invoker
set search_path = ''
as $$
  select r.day, sum(r.impressions)::bigint, sum(r.clicks)::bigint, sum(r.conversions), sum(r.spend), sum(r.revenue)
  from (
    select x.day, x.impressions, x.clicks, x.conversions, x.spend, x.revenue from public.campaign_results_daily x
    where results_by_day.campaign_id is null and x.organization_id = results_by_day.workspace_id
      and x.day between results_by_day.from_day and results_by_day.to_day
    union all
    select x.day, x.impressions, x.clicks, x.conversions, x.spend, x.revenue from public.campaign_results x
    where results_by_day.campaign_id is not null and x.campaign_id = results_by_day.campaign_id
      and x.organization_id = results_by_day.workspace_id and x.day between results_by_day.from_day and results_by_day.to_day
  ) r
  group by r.day
  order by r.day
$$;

-- As 20261123060500: revenue and spend per platform over a period.
create function public.results_by_platform(workspace_id uuid, from_day date, to_day date)
returns table (platform text, spend numeric, revenue numeric, clicks bigint, conversions numeric)
language sql stable security invoker
set search_path = ''
as $$
  select r.platform, sum(r.spend), sum(r.revenue), sum(r.clicks)::bigint, sum(r.conversions)
  from public.campaign_results_daily r
  where r.organization_id = results_by_platform.workspace_id
    and r.day between results_by_platform.from_day and results_by_platform.to_day
  group by r.platform
  order by sum(r.revenue) desc, r.platform
$$;

-- As 20261127010100: the month so far against the same days of the month before.
create function public.platform_overview(
  workspace_id uuid, from_day date, to_day date, previous_from_day date, previous_to_day date, previous_ends_at timestamptz
)
returns table (
  campaigns bigint, campaigns_last_month bigint,
  clicks bigint, conversions numeric, revenue numeric,
  clicks_last_month bigint, conversions_last_month numeric, revenue_last_month numeric,
  active_users bigint, active_users_before bigint
)
language sql stable security invoker
set search_path = ''
as $$
  with c as (
    select count(*) as campaigns,
      count(*) filter (where x.created_at < platform_overview.previous_ends_at) as campaigns_last_month
    from public.campaigns x where x.organization_id = platform_overview.workspace_id and x.type = 'advertising'
  ), r as (
    select
      coalesce(sum(y.clicks) filter (where y.day >= platform_overview.from_day), 0)::bigint as clicks,
      coalesce(sum(y.conversions) filter (where y.day >= platform_overview.from_day), 0) as conversions,
      coalesce(sum(y.revenue) filter (where y.day >= platform_overview.from_day), 0) as revenue,
      coalesce(sum(y.clicks) filter (where y.day <= platform_overview.previous_to_day), 0)::bigint as clicks_last_month,
      coalesce(sum(y.conversions) filter (where y.day <= platform_overview.previous_to_day), 0) as conversions_last_month,
      coalesce(sum(y.revenue) filter (where y.day <= platform_overview.previous_to_day), 0) as revenue_last_month
    from public.campaign_results_daily y
    where y.organization_id = platform_overview.workspace_id
      and (y.day between platform_overview.from_day and platform_overview.to_day
        or y.day between platform_overview.previous_from_day and platform_overview.previous_to_day)
  ), u as (
    select
      count(distinct a.user_id) filter (where a.day between platform_overview.to_day - 29 and platform_overview.to_day) as active_users,
      count(distinct a.user_id) filter (where a.day between platform_overview.previous_to_day - 29 and platform_overview.previous_to_day) as active_users_before
    from public.workspace_activity_days a
    join public.organization_members m on m.organization_id = a.organization_id and m.user_id = a.user_id
    where a.organization_id = platform_overview.workspace_id
      and (a.day between platform_overview.to_day - 29 and platform_overview.to_day
        or a.day between platform_overview.previous_to_day - 29 and platform_overview.previous_to_day)
  )
  select c.campaigns, c.campaigns_last_month, r.clicks, r.conversions, r.revenue,
    r.clicks_last_month, r.conversions_last_month, r.revenue_last_month, u.active_users, u.active_users_before
  from c, r, u
$$;

revoke all on function public.results_summary(uuid, date, date, uuid), public.results_by_day(uuid, date, date, uuid),
  public.results_by_platform(uuid, date, date), public.platform_overview(uuid, date, date, date, date, timestamptz) from public, anon;
grant execute on function public.results_summary(uuid, date, date, uuid), public.results_by_day(uuid, date, date, uuid),
  public.results_by_platform(uuid, date, date), public.platform_overview(uuid, date, date, date, date, timestamptz)
  to authenticated, service_role;
