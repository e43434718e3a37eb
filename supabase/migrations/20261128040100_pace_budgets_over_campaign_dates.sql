-- campaign_pacing() paces a budget against its campaign's own dates. It summed everything ever spent on a campaign,
-- so a campaign with years of imported results showed "2543%" of a budget that was never meant for those years. The
-- budget is now the campaign's over its dates: spend counts from start_date to end_date, or to `today` (the user's
-- local day, as every figure function takes it) when the campaign has no end date. A campaign without a start date
-- has no period to pace: its spend is null (the app asks for the dates instead of showing a share).
--
--   campaign_pacing(workspace_id, today) → (campaign_id, title, budget, spend, start_date, end_date)
--
-- The argument list changes, so the old function is dropped (no overload is left) and the new one granted as before.
-- It still runs as the caller (security invoker): RLS decides what counts. The last definition: 20261123060500.

drop function public.campaign_pacing(uuid);

create function public.campaign_pacing(workspace_id uuid, today date)
returns table (campaign_id uuid, title text, budget numeric, spend numeric, start_date date, end_date date)
language sql stable security invoker
set search_path = ''
as $$
  -- The 50 newest active campaigns first, then each one's spend over its dates (a range of its results' key).
  select c.id, c.title, c.budget,
    case when c.start_date is null then null else coalesce((
      select sum(r.spend) from public.campaign_results r
      where r.campaign_id = c.id and r.day between c.start_date and coalesce(c.end_date, campaign_pacing.today)
    ), 0) end,
    c.start_date, c.end_date
  from (
    select x.id, x.title, x.budget, x.start_date, x.end_date, x.created_at from public.campaigns x
    where x.organization_id = campaign_pacing.workspace_id and x.status = 'active' and x.type = 'advertising'
    order by x.created_at desc, x.id
    limit 50
  ) c
  order by c.created_at desc, c.id
$$;

revoke all on function public.campaign_pacing(uuid, date) from public, anon;
grant execute on function public.campaign_pacing(uuid, date) to authenticated, service_role;
