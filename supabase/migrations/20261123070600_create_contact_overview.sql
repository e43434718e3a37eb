-- The Customer Retention Center's figures from a workspace's contacts, counted in the database as the caller
-- (security invoker: row-level security decides what is counted, on both backends):
--   contact_overview(workspace_id, quiet_days default 30) → {
--     "total": n,
--     "bands": {"hot": n, "warm": n, "cool": n, "cold": n},
--     "stages": {"subscriber": n, …, "churned": n},
--     "hot_to_call": [up to 5 hot contacts, highest score first, the longest unheard first among equals],
--     "quiet_count": n, "quiet": [up to 5 contacts not heard from for quiet_days or more, longest first]
--   }
-- A contact never active counts from when it was added. Churned contacts are not "gone quiet": they are gone.

create function public.contact_overview(workspace_id uuid, quiet_days integer default 30) returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  with own as (
    select c.id, c.first_name, c.last_name, c.email, c.company, c.phone, c.lead_score, c.score_band,
      c.lifecycle_stage, c.last_activity_at, coalesce(c.last_activity_at, c.created_at) as heard_at
    from public.contacts c
    where c.organization_id = contact_overview.workspace_id
  ), quiet as (
    select * from own
    where own.lifecycle_stage <> 'churned'
      and own.heard_at < now() - make_interval(days => greatest(1, least(coalesce(contact_overview.quiet_days, 30), 3650)))
  )
  select jsonb_build_object(
    'total', (select count(*) from own),
    'bands', (select jsonb_build_object(
      'hot', count(*) filter (where score_band = 'hot'), 'warm', count(*) filter (where score_band = 'warm'),
      'cool', count(*) filter (where score_band = 'cool'), 'cold', count(*) filter (where score_band = 'cold')) from own),
    'stages', (select jsonb_build_object(
      'subscriber', count(*) filter (where lifecycle_stage = 'subscriber'), 'lead', count(*) filter (where lifecycle_stage = 'lead'),
      'marketing_qualified', count(*) filter (where lifecycle_stage = 'marketing_qualified'),
      'sales_qualified', count(*) filter (where lifecycle_stage = 'sales_qualified'),
      'customer', count(*) filter (where lifecycle_stage = 'customer'), 'churned', count(*) filter (where lifecycle_stage = 'churned')) from own),
    'hot_to_call', (select coalesce(jsonb_agg(to_jsonb(h) - 'heard_at' - 'score_band' - 'lifecycle_stage' order by h.lead_score desc, h.heard_at, h.id), '[]'::jsonb) from (
      select * from own where score_band = 'hot' order by lead_score desc, heard_at, id limit 5) h),
    'quiet_count', (select count(*) from quiet),
    'quiet', (select coalesce(jsonb_agg(to_jsonb(q) - 'heard_at' - 'score_band' order by q.heard_at, q.id), '[]'::jsonb) from (
      select * from quiet order by heard_at, id limit 5) q)
  )
$$;

revoke all on function public.contact_overview(uuid, integer) from public, anon;
grant execute on function public.contact_overview(uuid, integer) to authenticated, service_role;
