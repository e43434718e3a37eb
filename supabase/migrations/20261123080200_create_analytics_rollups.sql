-- Hourly and daily rollups of the raw events, per site, dimension and value: what the dashboards read (a long
-- period reads its whole UTC days from the daily rows, the hours at its edges from the hourly ones). Written only by the
-- refresh of 20261123080400 (which recomputes whole UTC days); read by whoever may read the site (RLS), so the
-- report functions, running as the caller, count only what the caller may see.
--
-- Dimensions: 'total' (value ''), 'page', 'entry_page', 'exit_page', 'referrer' ('Direct / None' for none),
-- 'utm_source', 'utm_medium', 'utm_campaign', 'device', 'browser', 'goal' (a custom event's name), 'conversion'
-- (value '': visitors who completed any goal, for a conversion rate over all goals).
-- Figures of a row:
--   visitors       visitors whose first visit (session dimensions), pageview (page) or completion (goal) of the UTC
--                  day with this value falls in this hour: summing the hours of a day gives the day's unique
--                  visitors; a longer range sums days (the visitor id changes every day, so no one is recognised
--                  across days)
--   visits         visits (sessions: a visitor's events with gaps under 30 minutes) that started in this hour
--   pageviews      pageviews (page: of this page; session dimensions: of the visits counted here)
--   bounces        visits with at most one pageview
--   visit_seconds  summed duration of those visits (first to last event)
--   events         custom events (goal: completions of this goal)

create table public.analytics_rollups (
  site_id uuid not null references public.analytics_sites (id) on delete cascade,
  dimension text not null constraint analytics_rollups_dimension check (dimension in (
    'total', 'page', 'entry_page', 'exit_page', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign',
    'device', 'browser', 'goal', 'conversion'
  )),
  hour timestamptz not null,
  value text not null,
  visitors integer not null default 0,
  visits integer not null default 0,
  pageviews integer not null default 0,
  bounces integer not null default 0,
  visit_seconds bigint not null default 0,
  events integer not null default 0,
  primary key (site_id, dimension, hour, value)
);

alter table public.analytics_rollups enable row level security;
revoke all on table public.analytics_rollups from anon, authenticated;
grant select on table public.analytics_rollups to authenticated;
grant all on table public.analytics_rollups to service_role;

create policy "Readers of a site read its rollups" on public.analytics_rollups
  for select to authenticated
  using (site_id in (select private.analytics_site_ids()));

-- The same figures per UTC day (the sum of the day's hourly rows; `visitors` sums too, see above).
create table public.analytics_daily_rollups (
  site_id uuid not null references public.analytics_sites (id) on delete cascade,
  dimension text not null,
  day_start timestamptz not null,
  value text not null,
  visitors integer not null default 0,
  visits integer not null default 0,
  pageviews integer not null default 0,
  bounces integer not null default 0,
  visit_seconds bigint not null default 0,
  events integer not null default 0,
  primary key (site_id, dimension, day_start, value)
);

alter table public.analytics_daily_rollups enable row level security;
revoke all on table public.analytics_daily_rollups from anon, authenticated;
grant select on table public.analytics_daily_rollups to authenticated;
grant all on table public.analytics_daily_rollups to service_role;

create policy "Readers of a site read its daily rollups" on public.analytics_daily_rollups
  for select to authenticated
  using (site_id in (select private.analytics_site_ids()));

-- When each site's rollups were last brought up to date.
create table private.analytics_refreshes (
  site_id uuid primary key references public.analytics_sites (id) on delete cascade,
  refreshed_at timestamptz not null
);
alter table private.analytics_refreshes enable row level security;
revoke all on table private.analytics_refreshes from public, anon, authenticated, service_role;
