-- Automation enrollments, two fixes after the merges (issue 29):
-- - private.automation_enroll_for_event takes a per-workspace advisory lock before it counts the hour's enrollments:
--   enrollment jobs of one workspace ran side by side, each counted the others' uncommitted enrollments as absent, and
--   the workspace's limit let more in (tests/integration/automation.test.ts › "beyond its enrollments per hour…"
--   failed on PostgreSQL 15 with 3 of 2). Definition otherwise as in 20261128210100.
-- - private.record_workspace_event queues the automation_enroll job only for a workspace with a published workflow:
--   e-mail opens and clicks (20261128210100) are recorded for every delivery, and each queued a job that enrolled
--   nobody. Definition otherwise as in 20261128010200.

create or replace function private.automation_enroll_for_event(workspace_id uuid, event_id bigint) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  event private.workspace_events;
  subject_contact uuid;
  matched_trigger text;
  workflow record;
  enrolled uuid;
  made integer := 0;
begin
  select * into event from private.workspace_events e where e.id = automation_enroll_for_event.event_id;
  if not found then
    return 0;
  end if;
  if event.workspace_id <> automation_enroll_for_event.workspace_id then
    raise exception 'event % does not belong to workspace %', event_id, workspace_id using errcode = '42501', detail = 'foreign_event';
  end if;
  -- One enrollment job of a workspace at a time: the hourly limit below counts committed enrollments, and two jobs
  -- counting side by side both saw room for one more (the limit of 2 let 3 in on PostgreSQL 15).
  perform pg_advisory_xact_lock(hashtextextended('automation_enroll:' || event.workspace_id::text, 0));
  matched_trigger := case event.type
    when 'contact.created' then 'contact_created' when 'contact.form_submitted' then 'form_submitted'
    when 'contact.tag_added' then 'tag_added' when 'contact.band_entered' then 'score_band_entered'
    when 'contact.list_subscribed' then 'list_subscribed'
    when 'email.opened' then 'email_opened' when 'email.clicked' then 'email_clicked' end;
  if matched_trigger is null then
    return 0;
  end if;
  select c.id into subject_contact from public.contacts c where c.id = event.subject_id and c.organization_id = event.workspace_id;
  if subject_contact is null then
    return 0;
  end if;
  if (select count(*) from public.automation_enrollments e
      where e.organization_id = event.workspace_id and e.entered_at > now() - interval '1 hour')
     >= coalesce((select l.enrollments_per_hour from private.automation_workspace_limits l where l.workspace_id = event.workspace_id), 10000) then
    perform private.enqueue_job('automation_enroll', jsonb_build_object('workspace_id', event.workspace_id, 'event_id', event.id),
      now() + interval '5 minutes', 'event:' || event.id || ':automation_enroll:later');
    return -1;
  end if;
  for workflow in
    select w.id, w.published_version_id, v.graph
    from public.automation_workflows w
    join public.automation_workflow_versions v on v.id = w.published_version_id and v.organization_id = w.organization_id
    where w.organization_id = event.workspace_id and w.status = 'published' and w.trigger_type = matched_trigger
      and (matched_trigger <> 'tag_added'
        or w.trigger_value in (select jsonb_array_elements_text(coalesce(event.payload -> 'tags', '[]'::jsonb))))
      and (matched_trigger <> 'score_band_entered' or w.trigger_value = event.payload ->> 'band')
      and (matched_trigger <> 'list_subscribed' or w.trigger_value = event.payload ->> 'list_id')
      and (matched_trigger not in ('email_opened', 'email_clicked') or w.trigger_value is null or w.trigger_value = event.payload ->> 'campaign_id')
    order by w.created_at, w.id
  loop
    if exists (
      select 1 from public.automation_enrollments e
      where e.workflow_id = workflow.id and e.contact_id = subject_contact
        and (e.event_id = event.id or coalesce(workflow.graph ->> 'enrollment', 'once') = 'once')
    ) then
      continue;
    end if;
    enrolled := null;
    insert into public.automation_enrollments (organization_id, workflow_id, version_id, contact_id, current_step, event_id)
    values (event.workspace_id, workflow.id, workflow.published_version_id, subject_contact,
      workflow.graph -> 'steps' -> 0 ->> 'id', event.id)
    on conflict (workflow_id, contact_id) where status = 'active' do nothing
    returning id into enrolled;
    if enrolled is null then
      continue;
    end if;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, detail)
    values (event.workspace_id, workflow.id, enrolled, subject_contact, 'entered', event.type);
    perform private.enqueue_job('automation_step', jsonb_build_object('workspace_id', event.workspace_id, 'enrollment_id', enrolled),
      now(), 'automation:' || enrolled, 10);
    made := made + 1;
  end loop;
  return made;
end
$$;

create or replace function private.record_workspace_event(workspace_id uuid, type text, subject_id uuid, payload jsonb default '{}'::jsonb)
returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  event_id bigint;
  subscriber text;
begin
  insert into private.workspace_events (workspace_id, type, subject_id, payload)
  values (record_workspace_event.workspace_id, record_workspace_event.type, record_workspace_event.subject_id, coalesce(record_workspace_event.payload, '{}'::jsonb))
  returning id into event_id;
  for subscriber in select s.task from private.workspace_event_subscribers s where s.event_type = record_workspace_event.type order by s.task loop
    -- Automation's enrollment only where a published workflow of the workspace could take the event: e-mail opens
    -- and clicks are recorded for every delivery, and most workspaces automate nothing on them.
    if subscriber = 'automation_enroll' and not exists (
      select 1 from public.automation_workflows w
      where w.organization_id = record_workspace_event.workspace_id and w.status = 'published'
    ) then
      continue;
    end if;
    perform private.enqueue_job(
      subscriber,
      jsonb_build_object('workspace_id', record_workspace_event.workspace_id, 'event_id', event_id),
      now(),
      'event:' || event_id || ':' || subscriber
    );
  end loop;
  return event_id;
end
$$;
