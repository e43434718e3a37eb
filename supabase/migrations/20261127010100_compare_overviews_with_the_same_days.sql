-- Platform Overview and Content Overview compare like with like, in the user's own days (20261123060500 compared the
-- month so far with the whole month before, which showed a large fall early in every month, and cut months and weeks
-- at UTC midnight). The app computes the periods (src/lib/periods.ts: the month so far, the same days of the month
-- before, clipped to its length) and passes them, with the user's local midnights where rows carry a moment
-- (timestamptz) rather than a day. Active Users counts current members only: a removed member's activity days stay
-- in workspace_activity_days but no longer count.
--
-- Both functions change their arguments, so the old ones are dropped (no overload is left) and the new ones granted
-- as before. They still run as the caller (security invoker): RLS decides what counts.

drop function public.platform_overview(uuid, date);
drop function public.content_overview(uuid, date);

-- Platform Overview: the month so far (from_day..to_day) against the same days of the month before
-- (previous_from_day..previous_to_day).
--   campaigns: advertising campaigns now; campaigns_last_month: those created before previous_ends_at (the user's
--     midnight after previous_to_day), i.e. as they stood at that point of last month.
--   clicks, conversions, revenue: from the daily totals of each period.
--   active_users: current members active in the 30 days ending to_day; active_users_before: in the 30 days ending
--     previous_to_day (the same figure a month earlier).
create function public.platform_overview(
  workspace_id uuid, from_day date, to_day date, previous_from_day date, previous_to_day date, previous_ends_at timestamptz
)
returns table (
  campaigns bigint, campaigns_last_month bigint,
  clicks bigint, conversions bigint, revenue numeric,
  clicks_last_month bigint, conversions_last_month bigint, revenue_last_month numeric,
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
      coalesce(sum(y.conversions) filter (where y.day >= platform_overview.from_day), 0)::bigint as conversions,
      coalesce(sum(y.revenue) filter (where y.day >= platform_overview.from_day), 0) as revenue,
      coalesce(sum(y.clicks) filter (where y.day <= platform_overview.previous_to_day), 0)::bigint as clicks_last_month,
      coalesce(sum(y.conversions) filter (where y.day <= platform_overview.previous_to_day), 0)::bigint as conversions_last_month,
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

-- Content Overview at the moment `as_of`, with the user's local midnights:
--   published_this_month: published since month_starts_at; published_last_month: between previous_month_starts_at and
--     previous_month_ends_at (the same days of the month before);
--   in_review, drafts: right now;
--   scheduled_next_7_days: not published (nor archived), planned from as_of until week_ends_at (the user's midnight
--     after the 7th day, today included); overdue: not published (nor archived), planned before as_of — as the
--     Editorial Calendar marks them.
create function public.content_overview(
  workspace_id uuid, as_of timestamptz, month_starts_at timestamptz, previous_month_starts_at timestamptz,
  previous_month_ends_at timestamptz, week_ends_at timestamptz
)
returns table (published_this_month bigint, published_last_month bigint, in_review bigint, drafts bigint, scheduled_next_7_days bigint, overdue bigint)
language sql stable security invoker
set search_path = ''
as $$
  select
    count(*) filter (where i.status = 'published' and i.published_at >= content_overview.month_starts_at),
    count(*) filter (where i.status = 'published' and i.published_at >= content_overview.previous_month_starts_at
      and i.published_at < content_overview.previous_month_ends_at),
    count(*) filter (where i.status = 'review'),
    count(*) filter (where i.status = 'draft'),
    count(*) filter (where i.status not in ('published', 'archived')
      and i.planned_publish_at >= content_overview.as_of and i.planned_publish_at < content_overview.week_ends_at),
    count(*) filter (where i.status not in ('published', 'archived') and i.planned_publish_at < content_overview.as_of)
  from public.content_items i
  where i.organization_id = content_overview.workspace_id
$$;

revoke all on function public.platform_overview(uuid, date, date, date, date, timestamptz),
  public.content_overview(uuid, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz) from public, anon;
grant execute on function public.platform_overview(uuid, date, date, date, date, timestamptz),
  public.content_overview(uuid, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz) to authenticated, service_role;
