-- Lead scores computed for a set of contacts in one query (20261123070300 computed them one contact at a time).
--
-- - private.lead_scores(contacts) is now the one place that says which rule matches which contact: a join of the
--   contacts with their workspaces' rules, summed per contact and kept within 0–100.
-- - A contact written through the API is still scored by its `before` trigger (so the row it returns carries its
--   score). A statement that scores all its rows at once and writes the scores (the import, a rescore) is not
--   scored again row by row: the trigger runs for a row inserted without a score and for an update of a field the
--   score depends on that leaves the score as it was. Scoring one row costs about as much as scoring a few hundred
--   at once (figures: docs/decisions/0011-leads-and-contacts.md).
-- - A rescore (a rule added, changed or removed; recompute_lead_scores()) is one update of the contacts whose score
--   changes, from one scoring query over the workspace: the others are not rewritten.

-- Plain SQL (no security definer, no settings) so that PostgreSQL inlines it into the statement calling it, which
-- plans it once with the rest: it is only called by the database's own functions, which run as the owner.
create function private.lead_scores(contacts public.contacts[]) returns table (contact_id uuid, score integer)
language sql stable
as $$
  select c.id, greatest(0, least(100, c.score_adjustment + coalesce(pg_catalog.sum(r.points), 0)))::integer
  from pg_catalog.unnest(contacts) c
  left join public.contact_score_rules r
    on r.organization_id = c.organization_id
    and case r.kind
      when 'lifecycle_stage' then r.value = c.lifecycle_stage
      when 'source' then r.value = c.source
      when 'job_title' then pg_catalog.strpos(pg_catalog.lower(coalesce(c.job_title, '')), pg_catalog.lower(r.value)) > 0
      when 'tag' then exists (select 1 from pg_catalog.unnest(c.tags) t where pg_catalog.lower(t) = pg_catalog.lower(r.value))
      when 'recent_activity' then c.last_activity_at > pg_catalog.now() - pg_catalog.make_interval(days => r.value::integer)
      else false
    end
  group by c.id, c.score_adjustment
$$;

-- One contact being written: its score under its workspace's rules.
create or replace function private.score_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.lead_score := coalesce((select s.score from private.lead_scores(array[new]) s), 0);
  return new;
end
$$;

drop function private.contact_lead_score(public.contacts);

-- Brings the scores of the given workspaces' contacts in line with their rules; returns how many changed.
create function private.rescore_contacts(workspace_ids uuid[]) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  update public.contacts c set lead_score = s.score
  from private.lead_scores(array(select w from public.contacts w where w.organization_id = any(workspace_ids))) s
  where c.id = s.contact_id and c.lead_score <> s.score;
  get diagnostics changed = row_count;
  return changed;
end
$$;

revoke all on function private.lead_scores(public.contacts[]), private.rescore_contacts(uuid[]) from public, anon, authenticated;

-- Which writes the trigger scores: a row inserted without a score (the column's default, -1, means "not scored yet"),
-- and an update of a field the score depends on that does not write the score itself. Only the database's own
-- functions (and service_role) can write lead_score: the API has no grant for it.
alter table public.contacts alter column lead_score set default -1;
drop trigger contacts_b_score on public.contacts;
-- Both run after contacts_a_stamp (triggers fire in name order), so recomputing a score is not an edit.
create trigger contacts_b_score_insert
  before insert on public.contacts
  for each row when (new.lead_score < 0) execute function private.score_contact();
create trigger contacts_b_score_update
  before update of organization_id, lifecycle_stage, source, job_title, tags, last_activity_at, score_adjustment
  on public.contacts
  for each row when (new.lead_score = old.lead_score) execute function private.score_contact();

create or replace function private.rescore_workspaces_of_changed_rules() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.rescore_contacts(array(select distinct organization_id from changed_new));
  elsif tg_op = 'DELETE' then
    perform private.rescore_contacts(array(select distinct organization_id from changed_old));
  else
    perform private.rescore_contacts(array(select organization_id from changed_new union select organization_id from changed_old));
  end if;
  return null;
end
$$;

create or replace function public.recompute_lead_scores(workspace_id uuid) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform private.require_workspace_role(recompute_lead_scores.workspace_id, 'viewer');
  return private.rescore_contacts(array[recompute_lead_scores.workspace_id]);
end
$$;
