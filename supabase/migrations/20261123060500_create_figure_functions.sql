-- The dashboards' figures, computed in the database from the workspace's own rows (workspace totals from the daily
-- totals kept by 20261123060450, one campaign's from its results). Every function runs as the caller
-- (security invoker) and reads through RLS, so a workspace's figures count only what the caller may read: another
-- workspace, a removed member or a signed-out caller gets zeros (anon: no execute grant, 401). The app passes its
-- user's local day as `today` and the period it shows; days are calendar days, both ends included. Changes in %
-- are computed by the app from the current and previous figures these return (src/lib/periods.ts).

-- Totals of a period and of the period of the same length just before it: two rows, 'current' and 'previous'.
create function public.results_summary(workspace_id uuid, from_day date, to_day date, campaign_id uuid default null)
returns table (period text, impressions bigint, clicks bigint, conversions bigint, spend numeric, revenue numeric)
language sql stable security invoker
set search_path = ''
as $$
  -- One pass over both periods (an index-only scan of (organization_id, day)), then one row per period.
  with totals as (
    select
      coalesce(sum(r.impressions) filter (where r.day >= from_day), 0)::bigint as impressions,
      coalesce(sum(r.clicks) filter (where r.day >= from_day), 0)::bigint as clicks,
      coalesce(sum(r.conversions) filter (where r.day >= from_day), 0)::bigint as conversions,
      coalesce(sum(r.spend) filter (where r.day >= from_day), 0) as spend,
      coalesce(sum(r.revenue) filter (where r.day >= from_day), 0) as revenue,
      coalesce(sum(r.impressions) filter (where r.day < from_day), 0)::bigint as impressions_before,
      coalesce(sum(r.clicks) filter (where r.day < from_day), 0)::bigint as clicks_before,
      coalesce(sum(r.conversions) filter (where r.day < from_day), 0)::bigint as conversions_before,
      coalesce(sum(r.spend) filter (where r.day < from_day), 0) as spend_before,
      coalesce(sum(r.revenue) filter (where r.day < from_day), 0) as revenue_before
    from (
      -- The workspace (its daily totals) or one campaign (its unique index on campaign_id, day): one of the two
      -- branches runs, the other stops at its one-time filter.
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

-- One row per day of the period that has results (the app fills the empty days), for the spend/revenue chart.
create function public.results_by_day(workspace_id uuid, from_day date, to_day date, campaign_id uuid default null)
returns table (day date, impressions bigint, clicks bigint, conversions bigint, spend numeric, revenue numeric)
language sql stable security invoker
set search_path = ''
as $$
  select r.day, sum(r.impressions)::bigint, sum(r.clicks)::bigint, sum(r.conversions)::bigint, sum(r.spend), sum(r.revenue)
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

-- Revenue and spend per platform over a period (Platform Revenue).
create function public.results_by_platform(workspace_id uuid, from_day date, to_day date)
returns table (platform text, spend numeric, revenue numeric, clicks bigint, conversions bigint)
language sql stable security invoker
set search_path = ''
as $$
  select r.platform, sum(r.spend), sum(r.revenue), sum(r.clicks)::bigint, sum(r.conversions)::bigint
  from public.campaign_results_daily r
  where r.organization_id = results_by_platform.workspace_id
    and r.day between results_by_platform.from_day and results_by_platform.to_day
  group by r.platform
  order by sum(r.revenue) desc, r.platform
$$;

-- Active advertising campaigns with their budget and everything spent on them so far (the pacing bars).
create function public.campaign_pacing(workspace_id uuid)
returns table (campaign_id uuid, title text, budget numeric, spend numeric, start_date date, end_date date)
language sql stable security invoker
set search_path = ''
as $$
  -- The 50 newest active campaigns first, then each one's spend (index-only scan of its results' key).
  select c.id, c.title, c.budget,
    coalesce((select sum(r.spend) from public.campaign_results r where r.campaign_id = c.id), 0),
    c.start_date, c.end_date
  from (
    select x.id, x.title, x.budget, x.start_date, x.end_date, x.created_at from public.campaigns x
    where x.organization_id = campaign_pacing.workspace_id and x.status = 'active' and x.type = 'advertising'
    order by x.created_at desc, x.id
    limit 50
  ) c
  order by c.created_at desc, c.id
$$;

-- Content Overview: published this month and last month, in review, drafts, scheduled in the next 7 days, overdue.
create function public.content_overview(workspace_id uuid, today date)
returns table (published_this_month bigint, published_last_month bigint, in_review bigint, drafts bigint, scheduled_next_7_days bigint, overdue bigint)
language sql stable security invoker
set search_path = ''
as $$
  select
    count(*) filter (where i.status = 'published' and i.published_at >= date_trunc('month', today::timestamp) at time zone 'UTC'),
    count(*) filter (where i.status = 'published'
      and i.published_at >= (date_trunc('month', today::timestamp) - interval '1 month') at time zone 'UTC'
      and i.published_at < date_trunc('month', today::timestamp) at time zone 'UTC'),
    count(*) filter (where i.status = 'review'),
    count(*) filter (where i.status = 'draft'),
    count(*) filter (where i.status not in ('published', 'archived')
      and i.planned_publish_at >= today::timestamp at time zone 'UTC' and i.planned_publish_at < (today + 7)::timestamp at time zone 'UTC'),
    count(*) filter (where i.status not in ('published', 'archived') and i.planned_publish_at < today::timestamp at time zone 'UTC')
  from public.content_items i
  where i.organization_id = content_overview.workspace_id
$$;

-- Platform Overview: this month against last month. Campaigns counted as they stood at each month's end (created by
-- then); conversions, clicks and revenue from the results; active users from the activity days (last 30 days and the
-- 30 before).
create function public.platform_overview(workspace_id uuid, today date)
returns table (
  campaigns bigint, campaigns_last_month bigint,
  clicks bigint, conversions bigint, revenue numeric,
  clicks_last_month bigint, conversions_last_month bigint, revenue_last_month numeric,
  active_users bigint, active_users_before bigint
)
language sql stable security invoker
set search_path = ''
as $$
  with month as (
    select date_trunc('month', today::timestamp)::date as this_start,
           (date_trunc('month', today::timestamp) - interval '1 month')::date as last_start
  ), c as (
    select count(*) as campaigns,
      count(*) filter (where x.created_at < (select this_start from month)::timestamp at time zone 'UTC') as campaigns_last_month
    from public.campaigns x where x.organization_id = platform_overview.workspace_id and x.type = 'advertising'
  ), r as (
    select
      coalesce(sum(y.clicks) filter (where y.day >= m.this_start), 0)::bigint as clicks,
      coalesce(sum(y.conversions) filter (where y.day >= m.this_start), 0)::bigint as conversions,
      coalesce(sum(y.revenue) filter (where y.day >= m.this_start), 0) as revenue,
      coalesce(sum(y.clicks) filter (where y.day < m.this_start), 0)::bigint as clicks_last_month,
      coalesce(sum(y.conversions) filter (where y.day < m.this_start), 0)::bigint as conversions_last_month,
      coalesce(sum(y.revenue) filter (where y.day < m.this_start), 0) as revenue_last_month
    from month m
    left join public.campaign_results_daily y
      on y.organization_id = platform_overview.workspace_id and y.day between m.last_start and today
  ), u as (
    select count(distinct a.user_id) filter (where a.day > today - 30) as active_users,
           count(distinct a.user_id) filter (where a.day <= today - 30) as active_users_before
    from public.workspace_activity_days a
    where a.organization_id = platform_overview.workspace_id and a.day > today - 60 and a.day <= today
  )
  select c.campaigns, c.campaigns_last_month, r.clicks, r.conversions, r.revenue,
    r.clicks_last_month, r.conversions_last_month, r.revenue_last_month, u.active_users, u.active_users_before
  from c, r, u
$$;

-- Executive Overview: the budget and number of active campaigns, spend and revenue of the last 30 days and of the 30
-- before (ROI is (revenue − spend) ÷ spend), and the team's size by access role.
create function public.executive_overview(workspace_id uuid, today date)
returns table (total_budget numeric, active_campaigns bigint, spend numeric, revenue numeric, spend_before numeric, revenue_before numeric, members bigint)
language sql stable security invoker
set search_path = ''
as $$
  with c as (
    select coalesce(sum(x.budget), 0) as total_budget, count(*) as active_campaigns
    from public.campaigns x
    where x.organization_id = executive_overview.workspace_id and x.status = 'active' and x.type = 'advertising'
  ), r as (
    select coalesce(sum(y.spend) filter (where y.day > today - 30), 0) as spend,
      coalesce(sum(y.revenue) filter (where y.day > today - 30), 0) as revenue,
      coalesce(sum(y.spend) filter (where y.day <= today - 30), 0) as spend_before,
      coalesce(sum(y.revenue) filter (where y.day <= today - 30), 0) as revenue_before
    from public.campaign_results_daily y
    where y.organization_id = executive_overview.workspace_id and y.day > today - 60 and y.day <= today
  ), m as (
    select count(*) as members from public.organization_members z where z.organization_id = executive_overview.workspace_id
  )
  select c.total_budget, c.active_campaigns, r.spend, r.revenue, r.spend_before, r.revenue_before, m.members from c, r, m
$$;

revoke all on function public.results_summary(uuid, date, date, uuid), public.results_by_day(uuid, date, date, uuid),
  public.results_by_platform(uuid, date, date), public.campaign_pacing(uuid), public.content_overview(uuid, date),
  public.platform_overview(uuid, date), public.executive_overview(uuid, date) from public, anon;
grant execute on function public.results_summary(uuid, date, date, uuid), public.results_by_day(uuid, date, date, uuid),
  public.results_by_platform(uuid, date, date), public.campaign_pacing(uuid), public.content_overview(uuid, date),
  public.platform_overview(uuid, date), public.executive_overview(uuid, date) to authenticated, service_role;
