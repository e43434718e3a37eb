-- Manual enrollment of a filtered set of contacts (issue 29 §2, decision 0023):
-- public.enroll_contacts_in_automation(workflow_id, filter, dry_run) enrolls the contacts of the workflow's workspace
-- that match the filter (the contacts list's filters: {"tag": text, "stage": a lifecycle stage or "any", "band": a
-- score band or "any", "owner": a member's id, "none" or "any"}) into the workflow's published version. Members,
-- admins and owners only; viewers are refused ('forbidden'), other workspaces learn nothing ('unknown_workflow'). The
-- workflow must be published (not paused: 'not_published'). Each contact goes in under the workflow's enrollment
-- rule (once: never again; again after exit: not while a run is active), skipped otherwise; beyond the workspace's
-- enrollments per hour the rest is left out (over_limit), never queued. With dry_run nothing changes: the counts say
-- what would happen (the editor's dialog shows them before the member confirms). At most 10,000 matching contacts a
-- call ('too_many_contacts').

create function public.enroll_contacts_in_automation(workflow_id uuid, filter jsonb default '{}'::jsonb, dry_run boolean default false)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  workflow public.automation_workflows := private.automation_workflow_for(enroll_contacts_in_automation.workflow_id, 'member');
  graph jsonb;
  f jsonb := coalesce(enroll_contacts_in_automation.filter, '{}'::jsonb);
  tag text := nullif(btrim(coalesce(f ->> 'tag', '')), '');
  stage text := coalesce(nullif(f ->> 'stage', ''), 'any');
  band text := coalesce(nullif(f ->> 'band', ''), 'any');
  owner_filter text := coalesce(nullif(f ->> 'owner', ''), 'any');
  matched integer;
  eligible uuid[];
  room integer;
  contact uuid;
  enrolled uuid;
  made integer := 0;
begin
  if jsonb_typeof(f) <> 'object' or stage not in ('any', 'subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned')
     or band not in ('any', 'hot', 'warm', 'cool', 'cold') or char_length(coalesce(tag, '')) > 50
     or (owner_filter not in ('any', 'none') and owner_filter !~ '^[0-9a-fA-F-]{36}$') then
    raise exception 'The filter is not one the contacts list offers (a tag, a lifecycle stage, a score band, an owner).'
      using errcode = 'P0001', detail = 'filter_invalid';
  end if;
  if workflow.status <> 'published' then
    raise exception 'Publish the workflow (or resume it) before enrolling contacts.' using errcode = 'P0001', detail = 'not_published';
  end if;
  select v.graph into graph from public.automation_workflow_versions v where v.id = workflow.published_version_id and v.organization_id = workflow.organization_id;
  perform pg_advisory_xact_lock(hashtextextended('automation_enroll:' || workflow.organization_id::text, 0));

  select count(*), coalesce(array_agg(m.id order by m.id) filter (where m.allowed), '{}') into matched, eligible
  from (
    select c.id, not exists (
        select 1 from public.automation_enrollments e
        where e.workflow_id = workflow.id and e.contact_id = c.id
          and (e.status = 'active' or coalesce(graph ->> 'enrollment', 'once') = 'once')) as allowed
    from public.contacts c
    where c.organization_id = workflow.organization_id
      and (tag is null or lower(tag) = any(c.tag_keys))
      and (stage = 'any' or c.lifecycle_stage = stage)
      and (band = 'any' or c.score_band = band)
      and (owner_filter = 'any' or (owner_filter = 'none' and c.owner_id is null) or c.owner_id::text = lower(owner_filter))
  ) m;
  if matched > 10000 then
    raise exception 'At most 10,000 contacts can be enrolled at once: narrow the filter.' using errcode = 'P0001', detail = 'too_many_contacts';
  end if;
  room := greatest(0, coalesce((select l.enrollments_per_hour from private.automation_workspace_limits l where l.workspace_id = workflow.organization_id), 10000)
    - (select count(*) from public.automation_enrollments e where e.organization_id = workflow.organization_id and e.entered_at > now() - interval '1 hour'))::integer;
  if not enroll_contacts_in_automation.dry_run then
    foreach contact in array eligible[1:room] loop
      enrolled := null;
      insert into public.automation_enrollments (organization_id, workflow_id, version_id, contact_id, current_step)
      values (workflow.organization_id, workflow.id, workflow.published_version_id, contact, graph -> 'steps' -> 0 ->> 'id')
      on conflict (workflow_id, contact_id) where status = 'active' do nothing
      returning id into enrolled;
      continue when enrolled is null;
      insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, detail)
      values (workflow.organization_id, workflow.id, enrolled, contact, 'entered', 'manual');
      perform private.enqueue_job('automation_step', jsonb_build_object('workspace_id', workflow.organization_id, 'enrollment_id', enrolled),
        now(), 'automation:' || enrolled, 10);
      made := made + 1;
    end loop;
  else
    made := least(cardinality(eligible), room);
  end if;
  return jsonb_build_object('matched', matched, 'enrolled', made, 'skipped', matched - cardinality(eligible),
    'over_limit', greatest(0, cardinality(eligible) - room));
end
$$;

revoke all on function public.enroll_contacts_in_automation(uuid, jsonb, boolean) from public, anon;
grant execute on function public.enroll_contacts_in_automation(uuid, jsonb, boolean) to authenticated;
