-- Two automation triggers of issue 29 that were missing (decision 0023, session 15):
--
-- "A tag is removed" ({type: 'tag_removed', tag}: that tag, or any when it names none). An update of a contact that
-- takes tags off records contact.tag_removed {tags: the removed ones} in the contact's workspace (new.organization_id),
-- in the transaction of the change, when a published tag_removed workflow of that workspace exists;
-- private.automation_enroll_for_event enrolls into that workspace's tag_removed workflows naming a removed tag (or
-- none). Tags compare as the contact's tags are kept (as "tag added" does).
--
-- "A form is submitted" by a contact who already exists. Until now contact.form_submitted was recorded only when the
-- form created the contact (an insert with source 'form'); public.subscribe_to_email_list (the Email Platform's
-- public form) finds an existing contact of the list's workspace by its address and updates it (names kept, last
-- activity now), and that fired nothing. That function is the Email Platform's, so it is not changed here: the
-- contacts trigger recognises its update — an update of last_activity_at made while subscribe_to_email_list is on the
-- call stack (PG_CONTEXT) — and records contact.form_submitted {existing: true}. Once per submission: the function
-- updates the contact once; its other writes in that transaction (the rescore, the membership) leave last_activity_at
-- as it is (now() is the transaction's). A contact the same submission creates is recorded by the insert, as before.
-- Not covered: a submission that loses the race to create the same new address (its insert does nothing and it
-- writes no contact row). The site's own contact form (public.leads) belongs to no workspace and fires nothing.
--
-- private.record_contact_automation_events as in 20261128160200 and private.automation_enroll_for_event as in
-- 20261128290000, except for the above (tests/integration/automation-contact-triggers.test.ts).

create or replace function private.record_contact_automation_events() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  listening text[];
  added text[];
  removed text[];
  call_stack text;
begin
  select array_agg(distinct w.trigger_type) into listening
  from public.automation_workflows w
  where w.organization_id = new.organization_id and w.status = 'published';
  if listening is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    if 'contact_created' = any(listening) then
      perform private.record_workspace_event(new.organization_id, 'contact.created', new.id);
    end if;
    if new.source = 'form' and 'form_submitted' = any(listening) then
      perform private.record_workspace_event(new.organization_id, 'contact.form_submitted', new.id);
    end if;
    added := new.tags;
  else
    added := array(select t from unnest(new.tags) t where not t = any(old.tags));
    removed := array(select t from unnest(old.tags) t where not t = any(new.tags));
    -- An existing contact submitting the Email Platform's public form (see above).
    if 'form_submitted' = any(listening) and new.last_activity_at is distinct from old.last_activity_at then
      get diagnostics call_stack = pg_context;
      if call_stack ~ 'function (public\.)?subscribe_to_email_list\(' then
        perform private.record_workspace_event(new.organization_id, 'contact.form_submitted', new.id, jsonb_build_object('existing', true));
      end if;
    end if;
  end if;
  if cardinality(added) > 0 and 'tag_added' = any(listening) then
    perform private.record_workspace_event(new.organization_id, 'contact.tag_added', new.id, jsonb_build_object('tags', to_jsonb(added)));
  end if;
  if cardinality(removed) > 0 and 'tag_removed' = any(listening) then
    perform private.record_workspace_event(new.organization_id, 'contact.tag_removed', new.id, jsonb_build_object('tags', to_jsonb(removed)));
  end if;
  if (tg_op = 'INSERT' or new.score_band is distinct from old.score_band) and 'score_band_entered' = any(listening) then
    perform private.record_workspace_event(new.organization_id, 'contact.band_entered', new.id, jsonb_build_object('band', new.score_band));
  end if;
  return null;
end
$$;

insert into private.workspace_event_subscribers (event_type, task) values ('contact.tag_removed', 'automation_enroll');

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
    when 'contact.list_subscribed' then 'list_subscribed' when 'contact.field_changed' then 'field_changed'
    when 'contact.date_reached' then 'date_reached' when 'contact.tag_removed' then 'tag_removed'
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
      -- A removed tag the workflow names, or any removed tag when it names none.
      and (matched_trigger <> 'tag_removed' or w.trigger_value is null
        or w.trigger_value in (select jsonb_array_elements_text(coalesce(event.payload -> 'tags', '[]'::jsonb))))
      and (matched_trigger <> 'score_band_entered' or w.trigger_value = event.payload ->> 'band')
      and (matched_trigger <> 'list_subscribed' or w.trigger_value = event.payload ->> 'list_id')
      and (matched_trigger not in ('email_opened', 'email_clicked') or w.trigger_value is null or w.trigger_value = event.payload ->> 'campaign_id')
      -- The workflow whose date the sweep found reached.
      and (matched_trigger <> 'date_reached' or w.id::text = event.payload ->> 'workflow_id')
      -- A changed field the workflow names, to its "to" value if it names one.
      and (matched_trigger <> 'field_changed' or (event.payload -> 'changes' ? w.trigger_value
        and (v.graph -> 'trigger' -> 'to' is null or jsonb_typeof(v.graph -> 'trigger' -> 'to') = 'null'
          or v.graph -> 'trigger' ->> 'to' = event.payload -> 'changes' ->> w.trigger_value)))
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

revoke all on function private.record_contact_automation_events(), private.automation_enroll_for_event(uuid, bigint)
  from public, anon, authenticated;
