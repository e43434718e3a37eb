-- Daily results of an advertising campaign, per platform: what an ad platform reports for one day. One row per
-- campaign, day and platform, so importing the same file twice changes nothing (import_campaign_results upserts).
-- Every member reads them (viewers too); members, admins and owners write them; nobody else sees anything.

create table public.campaign_results (
  id uuid primary key default gen_random_uuid(),
  -- Always the campaign's workspace (set by the trigger below; the default only spares clients from naming it).
  organization_id uuid not null default private.current_organization_id() references public.organizations (id) on delete cascade,
  campaign_id uuid not null references public.campaigns (id) on delete cascade,
  day date not null constraint campaign_results_day_range check (day between '2000-01-01' and '2100-01-01'),
  platform text not null constraint campaign_results_platform_check check (
    platform in ('Google Ads', 'Facebook Ads', 'Instagram Ads', 'LinkedIn Ads', 'Twitter Ads', 'TikTok Ads')
  ),
  impressions bigint not null default 0 constraint campaign_results_impressions_check check (impressions between 0 and 1000000000000),
  clicks bigint not null default 0 constraint campaign_results_clicks_check check (clicks between 0 and 1000000000000),
  conversions bigint not null default 0 constraint campaign_results_conversions_check check (conversions between 0 and 1000000000000),
  spend numeric(14, 2) not null default 0 constraint campaign_results_spend_check check (spend between 0 and 1000000000000),
  revenue numeric(14, 2) not null default 0 constraint campaign_results_revenue_check check (revenue between 0 and 1000000000000),
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The workspace (which RLS checks) and the figures ride along in the key's index, so one campaign's totals, chart
  -- and pacing are index-only scans.
  constraint campaign_results_campaign_day_platform_key unique (campaign_id, day, platform)
    include (organization_id, impressions, clicks, conversions, spend, revenue)
);

-- A workspace's results by day (whether it has any; the workspace figures read the daily totals of 060450).
create index campaign_results_organization_id_day_idx on public.campaign_results (organization_id, day);
create index campaign_results_user_id_idx on public.campaign_results (user_id);

-- The workspace is the campaign's (never the client's say), and results are not reported for days to come: a day is
-- at most tomorrow, wherever on Earth the reporting account is.
create function private.check_campaign_result() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  select c.organization_id into new.organization_id from public.campaigns c where c.id = new.campaign_id;
  if new.organization_id is null then
    raise exception 'This campaign does not exist.' using errcode = 'P0001', detail = 'campaign_missing';
  end if;
  if new.day > (now() at time zone 'UTC')::date + 1 then
    raise exception 'Results cannot be dated after tomorrow (%).', new.day using errcode = 'P0001', detail = 'day_in_future';
  end if;
  return new;
end
$$;

revoke all on function private.check_campaign_result() from public, anon, authenticated;

create trigger campaign_results_check
  before insert or update of campaign_id, day on public.campaign_results
  for each row execute function private.check_campaign_result();

create trigger campaign_results_set_updated_at
  before insert or update on public.campaign_results
  for each row execute function private.set_updated_at();

alter table public.campaign_results enable row level security;

revoke all on table public.campaign_results from anon, authenticated;
grant select, delete on table public.campaign_results to authenticated;
grant insert (campaign_id, day, platform, impressions, clicks, conversions, spend, revenue, user_id)
  on table public.campaign_results to authenticated;
grant update (impressions, clicks, conversions, spend, revenue) on table public.campaign_results to authenticated;
grant all on table public.campaign_results to service_role;

create policy "Members read their workspace's results" on public.campaign_results
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('viewer')));

create policy "Members add results to their workspace's campaigns as themselves" on public.campaign_results
  for insert to authenticated
  with check (
    organization_id in (select private.organization_ids_with_role('member'))
    and user_id = (select auth.uid())
  );

create policy "Members change their workspace's results" on public.campaign_results
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members remove their workspace's results" on public.campaign_results
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
