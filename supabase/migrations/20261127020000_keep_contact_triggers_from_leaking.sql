-- The checks of contacts and scoring rules that run in `before` triggers no longer tell an outsider anything about
-- another workspace.
--
-- A `before` trigger runs before row-level security checks the new row (WITH CHECK). The owner check
-- (20261123070200) and the limit of 100 rules (20261123070300) raised their own errors first, so someone writing
-- into a workspace that is not theirs learned from the answer whether a given person is a member of it
-- (owner_not_member or a permission refusal) and whether it has 100 rules (rule_limit or a refusal).
--
-- Now each check first asks whether the caller may write to the row's workspace, with the helper the policies use
-- (private.organization_ids_with_role('member')). When the caller may not, the trigger lets the row through and
-- row-level security refuses it right after, with the same answer whatever the row says. The functions run as the
-- caller (security invoker), so `row_security_active` tells whether row-level security applies to this write:
-- for the database's own functions and service_role it does not, and the checks apply in full. A caller who may
-- write reads the workspace's members and rules through the same policies (members read both).
--
-- recompute_lead_scores() now needs the access role member or higher: it writes scores, and a viewer writes nothing.
-- The Retention Center calls it only for members (a viewer's figures are as fresh as the last write or member's visit).
--
-- contact_overview() keeps each listed contact's band (score_band), so the app shows the database's band instead of
-- deriving it again from the score.

create or replace function private.check_contact_owner() returns trigger
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if new.owner_id is null then
    return new;
  end if;
  -- Row-level security refuses this row next, whoever the owner: say nothing about the workspace's members.
  if pg_catalog.row_security_active('public.contacts'::regclass)
     and new.organization_id not in (select private.organization_ids_with_role('member')) then
    return new;
  end if;
  if not exists (
    select 1 from public.organization_members m where m.organization_id = new.organization_id and m.user_id = new.owner_id
  ) then
    raise exception 'The owner of a contact must be a member of its workspace.'
      using errcode = '23514', detail = 'owner_not_member';
  end if;
  return new;
end
$$;

create or replace function private.limit_contact_score_rules() returns trigger
language plpgsql security invoker
set search_path = ''
as $$
begin
  -- Row-level security refuses this row next: say nothing about how many rules the workspace has.
  if pg_catalog.row_security_active('public.contact_score_rules'::regclass)
     and new.organization_id not in (select private.organization_ids_with_role('member')) then
    return new;
  end if;
  if (select count(*) from public.contact_score_rules r where r.organization_id = new.organization_id) >= 100 then
    raise exception 'A workspace has at most 100 scoring rules: remove one before adding another.'
      using errcode = 'P0001', detail = 'rule_limit';
  end if;
  return new;
end
$$;

revoke all on function private.check_contact_owner(), private.limit_contact_score_rules() from public, anon, authenticated;

create or replace function public.recompute_lead_scores(workspace_id uuid) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform private.require_workspace_role(recompute_lead_scores.workspace_id, 'member');
  return private.rescore_contacts(array[recompute_lead_scores.workspace_id]);
end
$$;

create or replace function public.contact_overview(workspace_id uuid, quiet_days integer default 30) returns jsonb
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
    'hot_to_call', (select coalesce(jsonb_agg(to_jsonb(h) - 'heard_at' - 'lifecycle_stage' order by h.lead_score desc, h.heard_at, h.id), '[]'::jsonb) from (
      select * from own where score_band = 'hot' order by lead_score desc, heard_at, id limit 5) h),
    'quiet_count', (select count(*) from quiet),
    'quiet', (select coalesce(jsonb_agg(to_jsonb(q) - 'heard_at' order by q.heard_at, q.id), '[]'::jsonb) from (
      select * from quiet order by heard_at, id limit 5) q)
  )
$$;
