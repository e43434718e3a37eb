-- Automation runs on the job runner (issue 29, decision 0023).
--
-- Triggers: a change of a contact records a workspace event (private.record_workspace_event, in the transaction of
-- the change) when a published workflow of its workspace listens for it: contact.created, contact.form_submitted (a
-- contact created by a form: source 'form'), contact.tag_added {tags}, contact.band_entered {band}. The
-- automation_enroll task subscribes to them: its job enrolls the contact into the matching published workflows of
-- the event's workspace only (private.automation_enroll_for_event), and queues one automation_step job per
-- enrollment, keyed `automation:<enrollment id>`.
-- Steps: the automation_step job reads where the run stands (private.automation_step_context), decides the branch
-- (server/src/modules/automation/decide-step.ts) and records the step with its effect in one transaction
-- (private.automation_apply_step). A wait is a step run with its due time and a job queued for that moment.

create function private.record_contact_automation_events() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  listening text[];
  added text[];
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
  end if;
  if cardinality(added) > 0 and 'tag_added' = any(listening) then
    perform private.record_workspace_event(new.organization_id, 'contact.tag_added', new.id, jsonb_build_object('tags', to_jsonb(added)));
  end if;
  if (tg_op = 'INSERT' or new.score_band is distinct from old.score_band) and 'score_band_entered' = any(listening) then
    perform private.record_workspace_event(new.organization_id, 'contact.band_entered', new.id, jsonb_build_object('band', new.score_band));
  end if;
  return null;
end
$$;

create trigger contacts_record_automation_events
  after insert or update on public.contacts
  for each row execute function private.record_contact_automation_events();

insert into private.workspace_event_subscribers (event_type, task)
values ('contact.created', 'automation_enroll'), ('contact.form_submitted', 'automation_enroll'),
  ('contact.tag_added', 'automation_enroll'), ('contact.band_entered', 'automation_enroll');

-- How many contacts a workspace's workflows take in per hour (a row here overrides the default of 10,000 for one
-- workspace), so one workspace's burst cannot fill the job runner for everyone. Beyond it, an event's enrollment is
-- put off (its job queued again in 5 minutes), never dropped.
create table private.automation_workspace_limits (
  workspace_id uuid primary key references public.organizations (id) on delete cascade,
  enrollments_per_hour integer not null constraint automation_workspace_limits_positive check (enrollments_per_hour > 0)
);
revoke all on table private.automation_workspace_limits from public, anon, authenticated;
grant all on table private.automation_workspace_limits to service_role;

-- Enrolls the event's contact into the event's workspace's published workflows whose trigger it matches. The
-- workspace named by the job must be the event's (else 42501 foreign_event, nothing written); the contact is read
-- within that workspace only. Never two active runs of one workflow for one contact; a workflow that enrolls
-- "once" skips a contact it ever enrolled; an event enrolls into a workflow at most once (a job run twice adds
-- nothing). Returns how many enrollments it made, or -1 when the workspace's hourly limit put the event off.
create function private.automation_enroll_for_event(workspace_id uuid, event_id bigint) returns integer
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
  matched_trigger := case event.type
    when 'contact.created' then 'contact_created' when 'contact.form_submitted' then 'form_submitted'
    when 'contact.tag_added' then 'tag_added' when 'contact.band_entered' then 'score_band_entered' end;
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

-- Where an enrollment stands, for the step job to decide on: its status, the step and visit it is at, that step
-- (from the version it started on), the contact's facts a condition may check, the step's run when one exists
-- (a wait's due time), and the database's clock. Null when the enrollment is gone; 42501 for another workspace's.
create function private.automation_step_context(workspace_id uuid, enrollment_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  enrollment public.automation_enrollments;
  step jsonb;
  contact jsonb;
  run jsonb;
begin
  select * into enrollment from public.automation_enrollments e where e.id = automation_step_context.enrollment_id;
  if not found then
    return null;
  end if;
  if enrollment.organization_id <> automation_step_context.workspace_id then
    raise exception 'enrollment % does not belong to workspace %', enrollment_id, workspace_id using errcode = '42501', detail = 'foreign_enrollment';
  end if;
  select s into step
  from public.automation_workflow_versions v, jsonb_array_elements(v.graph -> 'steps') s
  where v.id = enrollment.version_id and s ->> 'id' = enrollment.current_step;
  select jsonb_build_object('tags', to_jsonb(c.tags), 'lifecycle_stage', c.lifecycle_stage, 'score_band', c.score_band,
      'lead_score', c.lead_score, 'has_email', c.email is not null)
    into contact
  from public.contacts c where c.id = enrollment.contact_id and c.organization_id = enrollment.organization_id;
  select jsonb_build_object('status', r.status, 'due_at', r.due_at) into run
  from public.automation_step_runs r
  where r.enrollment_id = enrollment.id and r.step_id = enrollment.current_step and r.visit = enrollment.current_visit;
  return jsonb_build_object('status', enrollment.status, 'step_id', enrollment.current_step, 'visit', enrollment.current_visit,
    'step', step, 'contact', contact, 'run', run, 'now', now());
end
$$;

-- Records one step of one enrollment with its effect, in one transaction: the decision ({outcome, next} or
-- {wait_until}) comes from the step job; the effect comes from the step as the enrollment's version stores it.
-- Returns 'continue' (the enrollment moved to `next`), 'waiting', 'finished', 'failed' (the effect raised: nothing of
-- it stays, the run and the enrollment say why), or why nothing was done: 'gone', 'inactive', 'stale' (the
-- enrollment is no longer at that step and visit: this step was recorded before). 42501 for another workspace's.
create function private.automation_apply_step(workspace_id uuid, enrollment_id uuid, step_id text, visit integer, decision jsonb)
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  enrollment public.automation_enrollments;
  step jsonb;
  step_type text;
  run public.automation_step_runs;
  contact public.contacts;
  next_step text := decision ->> 'next';
  step_outcome text := left(decision ->> 'outcome', 200);
  run_status text := 'done';
  due timestamptz;
  email_id bigint;
  recipient uuid;
  workflow_name text;
  contact_name text;
  next_visit integer;
  failure text;
  job_payload jsonb := jsonb_build_object('workspace_id', automation_apply_step.workspace_id, 'enrollment_id', automation_apply_step.enrollment_id);
begin
  select * into enrollment from public.automation_enrollments e where e.id = automation_apply_step.enrollment_id for update;
  if not found then
    return 'gone';
  end if;
  if enrollment.organization_id <> automation_apply_step.workspace_id then
    raise exception 'enrollment % does not belong to workspace %', enrollment_id, workspace_id using errcode = '42501', detail = 'foreign_enrollment';
  end if;
  if enrollment.status <> 'active' then
    return 'inactive';
  end if;
  if enrollment.current_step is distinct from automation_apply_step.step_id or enrollment.current_visit <> automation_apply_step.visit then
    return 'stale';
  end if;
  select s into step
  from public.automation_workflow_versions v, jsonb_array_elements(v.graph -> 'steps') s
  where v.id = enrollment.version_id and s ->> 'id' = automation_apply_step.step_id;
  step_type := step ->> 'type';
  if next_step is not null and not exists (select 1 from private.automation_step_targets(step) t where t = next_step) then
    raise exception 'automation_apply_step: "%" is not a way out of step "%"', next_step, automation_apply_step.step_id using errcode = '22023';
  end if;
  select * into run from public.automation_step_runs r
  where r.enrollment_id = enrollment.id and r.step_id = automation_apply_step.step_id and r.visit = automation_apply_step.visit;

  if decision ? 'wait_until' then
    if run.id is null then
      due := (decision ->> 'wait_until')::timestamptz;
      insert into public.automation_step_runs (organization_id, enrollment_id, step_id, visit, step_type, status, due_at)
      values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type, 'waiting', due);
      update public.automation_enrollments e set due_at = due where e.id = enrollment.id;
      insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
      values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'waiting', automation_apply_step.step_id, due::text);
    else
      due := run.due_at;
    end if;
    perform private.enqueue_job('automation_step', job_payload, due, 'automation:' || enrollment.id, 10);
    return 'waiting';
  end if;
  if run.id is not null and run.status <> 'waiting' then
    return 'stale';
  end if;

  select * into contact from public.contacts c where c.id = enrollment.contact_id and c.organization_id = enrollment.organization_id for update;
  begin
    case step_type
      when 'add_tag' then
        update public.contacts c set tags = case when step ->> 'tag' = any(c.tags) then c.tags else c.tags || (step ->> 'tag') end
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'remove_tag' then
        update public.contacts c set tags = array_remove(c.tags, step ->> 'tag')
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'set_stage' then
        update public.contacts c set lifecycle_stage = step ->> 'stage'
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'adjust_score' then
        update public.contacts c set score_adjustment = greatest(-100, least(100, c.score_adjustment + (step ->> 'points')::integer))
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'notify' then
        recipient := case when step ->> 'member' = 'owner' then contact.owner_id else (step ->> 'member')::uuid end;
        if recipient is null then
          run_status := 'skipped';
          step_outcome := 'no_owner';
        elsif not exists (select 1 from public.organization_members m where m.organization_id = enrollment.organization_id and m.user_id = recipient) then
          run_status := 'skipped';
          step_outcome := 'not_a_member';
        else
          select w.name into workflow_name from public.automation_workflows w where w.id = enrollment.workflow_id;
          contact_name := coalesce(nullif(btrim(concat_ws(' ', contact.first_name, contact.last_name)), ''), contact.email, 'A contact');
          insert into public.member_notices (organization_id, user_id, title, body, contact_id, workflow_id)
          values (enrollment.organization_id, recipient, left(workflow_name || ': ' || contact_name, 200),
            left(coalesce(step ->> 'message', ''), 2000), contact.id, enrollment.workflow_id);
        end if;
      when 'send_email' then
        if contact.email is null then
          run_status := 'skipped';
          step_outcome := 'no_email';
        else
          email_id := private.enqueue_email('automation_email', contact.email, jsonb_build_object(
            'workspace_id', enrollment.organization_id, 'enrollment_id', enrollment.id, 'step_id', automation_apply_step.step_id,
            'visit', automation_apply_step.visit,
            'subject', replace(step ->> 'subject', '{{first_name}}', coalesce(contact.first_name, 'there')),
            'body', replace(step ->> 'body', '{{first_name}}', coalesce(contact.first_name, 'there'))));
          if email_id is null then
            raise exception 'No background worker is running to send the e-mail.';
          end if;
        end if;
      else
        null;
    end case;
    if run.id is null then
      insert into public.automation_step_runs (organization_id, enrollment_id, step_id, visit, step_type, status, outcome, email_id, finished_at)
      values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type,
        run_status, step_outcome, email_id, now());
    else
      update public.automation_step_runs r set status = run_status, outcome = step_outcome, finished_at = now()
      where r.id = run.id;
    end if;
  exception when others then
    -- The effect is undone (this block's subtransaction); the run records the failure and the contact leaves.
    get stacked diagnostics failure = message_text;
    failure := left(failure, 1000);
    insert into public.automation_step_runs as r (organization_id, enrollment_id, step_id, visit, step_type, status, error, finished_at)
    values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type, 'failed', failure, now())
    on conflict on constraint automation_step_runs_enrollment_id_step_id_visit_key do update set status = 'failed', error = excluded.error, finished_at = now();
    update public.automation_enrollments e set status = 'failed', error = failure, due_at = null, finished_at = now() where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'failed', automation_apply_step.step_id, failure);
    return 'failed';
  end;

  insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
  values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'step', automation_apply_step.step_id, step_outcome);
  if step_type = 'end' or next_step is null then
    update public.automation_enrollments e set status = 'finished', current_step = null, due_at = null, finished_at = now() where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'finished');
    return 'finished';
  end if;
  select coalesce(max(r.visit), 0) + 1 into next_visit from public.automation_step_runs r where r.enrollment_id = enrollment.id and r.step_id = next_step;
  update public.automation_enrollments e set current_step = next_step, current_visit = next_visit, due_at = null where e.id = enrollment.id;
  return 'continue';
end
$$;

revoke all on function private.record_contact_automation_events(), private.automation_enroll_for_event(uuid, bigint),
  private.automation_step_context(uuid, uuid), private.automation_apply_step(uuid, uuid, text, integer, jsonb)
  from public, anon, authenticated;
