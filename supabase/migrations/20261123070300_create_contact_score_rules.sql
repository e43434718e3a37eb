-- Lead scoring rules: what makes a contact of a workspace hot. Each rule gives points (−100 to 100) to contacts
-- that match it; a contact's lead score is the sum of its matching rules plus its manual adjustment, kept within
-- 0–100. Kinds of rule and what their value means:
--   lifecycle_stage  the contact is at this stage            (value: a stage, e.g. 'sales_qualified')
--   source           the contact came from this source       (value: a source, e.g. 'referral')
--   job_title        the job title contains this word        (value: a word, any case)
--   tag              the contact carries this tag            (value: a tag, any case)
--   recent_activity  last activity within this many days     (value: 1–999)
-- The score is recomputed by the database whenever a contact is written and, for the whole workspace, whenever a
-- rule is added, changed or removed. Recent activity is judged at that moment: `recompute_lead_scores()` brings
-- a workspace's scores up to date with the calendar (the Retention Center calls it when it opens).
-- Every member reads the rules; members, admins and owners edit them; a new workspace starts with default rules.

create table public.contact_score_rules (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  kind text not null constraint contact_score_rules_kind_check check (
    kind in ('lifecycle_stage', 'source', 'job_title', 'tag', 'recent_activity')
  ),
  value text not null constraint contact_score_rules_value_check check (
    case kind
      when 'lifecycle_stage' then value in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned')
      when 'source' then value in ('form', 'import', 'manual', 'event', 'referral', 'other')
      when 'recent_activity' then value ~ '^[1-9][0-9]{0,2}$'
      else char_length(value) between 1 and 50 and value = btrim(value)
    end
  ),
  points integer not null constraint contact_score_rules_points_range check (points between -100 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index contact_score_rules_organization_kind_value_key
  on public.contact_score_rules (organization_id, kind, lower(value));

create trigger contact_score_rules_set_updated_at
  before insert or update on public.contact_score_rules
  for each row execute function private.set_updated_at();

alter table public.contact_score_rules enable row level security;

revoke all on table public.contact_score_rules from anon, authenticated;
grant select, delete on table public.contact_score_rules to authenticated;
grant insert (organization_id, kind, value, points) on table public.contact_score_rules to authenticated;
grant update (value, points) on table public.contact_score_rules to authenticated;
grant all on table public.contact_score_rules to service_role;

create policy "Members read their workspace's scoring rules" on public.contact_score_rules
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members add scoring rules to their workspace" on public.contact_score_rules
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members change their workspace's scoring rules" on public.contact_score_rules
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members remove their workspace's scoring rules" on public.contact_score_rules
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));

-- The score of one contact under its workspace's rules (at most 100 rules a workspace: see the limit below).
create function private.contact_lead_score(contact public.contacts) returns integer
language sql stable security definer
set search_path = ''
as $$
  select greatest(0, least(100, contact.score_adjustment + coalesce(sum(r.points), 0)))::integer
  from public.contact_score_rules r
  where r.organization_id = contact.organization_id
    and case r.kind
      when 'lifecycle_stage' then r.value = contact.lifecycle_stage
      when 'source' then r.value = contact.source
      when 'job_title' then strpos(lower(coalesce(contact.job_title, '')), lower(r.value)) > 0
      when 'tag' then exists (select 1 from unnest(contact.tags) t where lower(t) = lower(r.value))
      when 'recent_activity' then contact.last_activity_at > now() - make_interval(days => r.value::integer)
      else false
    end
$$;

create function private.score_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.lead_score := private.contact_lead_score(new);
  return new;
end
$$;

-- Runs after contacts_a_stamp (triggers fire in name order), so recomputing a score is not an edit.
create trigger contacts_b_score
  before insert or update on public.contacts
  for each row execute function private.score_contact();

-- After any change of rules: every contact of the workspaces concerned gets its new score (one statement-level
-- trigger per operation, as each names its own transition tables).
create function private.rescore_workspaces_of_changed_rules() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.contacts c set lead_score = c.lead_score where c.organization_id in (select organization_id from changed_new);
  elsif tg_op = 'DELETE' then
    update public.contacts c set lead_score = c.lead_score where c.organization_id in (select organization_id from changed_old);
  else
    update public.contacts c set lead_score = c.lead_score
    where c.organization_id in (select organization_id from changed_new union select organization_id from changed_old);
  end if;
  return null;
end
$$;

-- At most 100 rules a workspace: scoring reads them for every contact written.
create function private.limit_contact_score_rules() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if (select count(*) from public.contact_score_rules r where r.organization_id = new.organization_id) >= 100 then
    raise exception 'A workspace has at most 100 scoring rules: remove one before adding another.'
      using errcode = 'P0001', detail = 'rule_limit';
  end if;
  return new;
end
$$;

revoke all on function private.contact_lead_score(public.contacts), private.score_contact(),
  private.rescore_workspaces_of_changed_rules(), private.limit_contact_score_rules() from public, anon, authenticated;

create trigger contact_score_rules_limit
  before insert on public.contact_score_rules
  for each row execute function private.limit_contact_score_rules();

create trigger contact_score_rules_rescore_insert
  after insert on public.contact_score_rules
  referencing new table as changed_new
  for each statement execute function private.rescore_workspaces_of_changed_rules();

create trigger contact_score_rules_rescore_update
  after update on public.contact_score_rules
  referencing new table as changed_new old table as changed_old
  for each statement execute function private.rescore_workspaces_of_changed_rules();

create trigger contact_score_rules_rescore_delete
  after delete on public.contact_score_rules
  referencing old table as changed_old
  for each statement execute function private.rescore_workspaces_of_changed_rules();

-- Brings the scores of a workspace up to date with the calendar (recent-activity rules). Any member may ask; the
-- answer is how many scores changed.
create function public.recompute_lead_scores(workspace_id uuid) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  perform private.require_workspace_role(recompute_lead_scores.workspace_id, 'viewer');
  with rescored as (
    select c.id, private.contact_lead_score(c) as score from public.contacts c
    where c.organization_id = recompute_lead_scores.workspace_id
  )
  update public.contacts c set lead_score = rescored.score
  from rescored where c.id = rescored.id and c.lead_score <> rescored.score;
  get diagnostics changed = row_count;
  return changed;
end
$$;

revoke all on function public.recompute_lead_scores(uuid) from public, anon;
grant execute on function public.recompute_lead_scores(uuid) to authenticated, service_role;

-- Every workspace starts with rules a marketing team would write first; it changes or removes them freely.
create function private.add_default_score_rules(org uuid) returns void
language sql volatile security definer
set search_path = ''
as $$
  insert into public.contact_score_rules (organization_id, kind, value, points)
  values
    (org, 'lifecycle_stage', 'subscriber', 5),
    (org, 'lifecycle_stage', 'lead', 20),
    (org, 'lifecycle_stage', 'marketing_qualified', 40),
    (org, 'lifecycle_stage', 'sales_qualified', 55),
    (org, 'lifecycle_stage', 'customer', 45),
    (org, 'source', 'referral', 20),
    (org, 'source', 'event', 10),
    (org, 'source', 'form', 10),
    (org, 'job_title', 'director', 15),
    (org, 'job_title', 'head', 10),
    (org, 'job_title', 'founder', 15),
    (org, 'recent_activity', '14', 15)
  on conflict do nothing
$$;

create function private.add_default_score_rules_to_new_workspace() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.add_default_score_rules(new.id);
  return null;
end
$$;

revoke all on function private.add_default_score_rules(uuid), private.add_default_score_rules_to_new_workspace()
  from public, anon, authenticated;

create trigger organizations_add_default_score_rules
  after insert on public.organizations
  for each row execute function private.add_default_score_rules_to_new_workspace();

select private.add_default_score_rules(o.id) from public.organizations o;
