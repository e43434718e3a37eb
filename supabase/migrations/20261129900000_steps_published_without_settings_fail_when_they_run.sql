-- A step published before 20261129750000 with its settings missing fails when it runs, naming the step, instead of
-- acting on a NULL (issue 29, audit of 2026-11-29; decision 0023). Publishing refuses such graphs since 750000, but a
-- version published before keeps its graph, and its runs went on doing:
--   - a score step without points: `greatest(-100, least(100, score + NULL))` is 100 (least() ignores NULL), so every
--     contact entering was made hot (+100);
--   - an add-tag step without a tag: `tags || NULL` appended a NULL element to the contact's tags;
--   - a remove-tag step without a tag: nothing, recorded as done;
--   - a stage step without a stage: a NULL lifecycle stage (refused by the column only if it has a check).
-- Now each of these raises inside the step's subtransaction: the effect is undone, the run is failed with the message
-- (shown with Retry under "Failed runs"), and the workspace edits the workflow and publishes a new version.
--
-- private.automation_apply_step as in 20261128330100, except for the settings check before the step's effect
-- (tests/integration/automation-legacy-settings.test.ts).

create or replace function private.automation_apply_step(workspace_id uuid, enrollment_id uuid, step_id text, visit integer, decision jsonb)
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
  queued_delivery bigint;
  send_outcome text;
  recipient uuid;
  workflow_name text;
  contact_name text;
  next_visit integer;
  failure text;
  failure_outcome text;
  extra record;
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
  -- The contact left the run before this step (its workflow's goal is met): the step does nothing.
  if decision ? 'exit' then
    if run.id is not null then
      update public.automation_step_runs r set status = 'skipped', outcome = left('exit_' || (decision ->> 'exit'), 200), due_at = null, finished_at = now()
      where r.id = run.id;
    end if;
    update public.automation_enrollments e set status = 'exited', exit_reason = decision ->> 'exit', due_at = null, finished_at = now()
    where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'exited', automation_apply_step.step_id,
      decision ->> 'exit');
    return 'exited';
  end if;

  select * into contact from public.contacts c where c.id = enrollment.contact_id and c.organization_id = enrollment.organization_id for update;
  begin
    -- Settings a version published before 20261129750000 may lack (see above): the step fails, nothing is changed.
    if step_type = 'adjust_score' and (jsonb_typeof(step -> 'points') is distinct from 'number'
        or (step ->> 'points')::numeric <> trunc((step ->> 'points')::numeric)) then
      raise exception 'Step "%" has no whole number of points to add: edit the workflow and publish it again.', automation_apply_step.step_id;
    elsif step_type in ('add_tag', 'remove_tag') and char_length(btrim(coalesce(step ->> 'tag', ''))) = 0 then
      raise exception 'Step "%" has no tag: edit the workflow and publish it again.', automation_apply_step.step_id;
    elsif step_type = 'set_stage' and coalesce(step ->> 'stage', '') not in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned') then
      raise exception 'Step "%" has no lifecycle stage: edit the workflow and publish it again.', automation_apply_step.step_id;
    end if;
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
      when 'set_owner' then
        recipient := (step ->> 'member')::uuid;
        if not exists (select 1 from public.organization_members m where m.organization_id = enrollment.organization_id and m.user_id = recipient) then
          run_status := 'skipped';
          step_outcome := 'not_a_member';
        else
          update public.contacts c set owner_id = recipient where c.id = contact.id and c.organization_id = enrollment.organization_id;
        end if;
      when 'webhook' then
        select x.status, x.outcome into extra
        from private.automation_call_webhook(enrollment, automation_apply_step.step_id, automation_apply_step.visit, step, contact) x;
        run_status := extra.status;
        step_outcome := extra.outcome;
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
          if coalesce((step ->> 'email')::boolean, false) then
            email_id := private.automation_notify_email(enrollment, automation_apply_step.step_id, automation_apply_step.visit, recipient,
              left(workflow_name || ': ' || contact_name, 200), left(coalesce(step ->> 'message', ''), 2000));
          end if;
        end if;
      when 'send_email' then
        if step ->> 'template_id' is not null then
          select s.delivery_id, s.outcome into queued_delivery, send_outcome
          from private.send_email_template(enrollment.organization_id, (step ->> 'template_id')::uuid, enrollment.contact_id,
            'automation:' || enrollment.id || ':' || automation_apply_step.step_id || ':' || automation_apply_step.visit) s;
          if send_outcome = 'suppressed' then
            run_status := 'skipped';
            step_outcome := 'suppressed';
          elsif send_outcome = 'no_address' then
            run_status := 'skipped';
            step_outcome := 'no_email';
          elsif send_outcome = 'unknown_template' then
            raise exception 'The e-mail template of step "%" is no longer one of this workspace''s templates.', automation_apply_step.step_id
              using detail = 'unknown_template';
          elsif send_outcome = 'unknown_contact' then
            raise exception 'The contact is no longer in this workspace.' using detail = 'unknown_contact';
          elsif send_outcome is distinct from 'queued' and send_outcome is distinct from 'already_queued' then
            raise exception 'The e-mail could not be queued (%).', coalesce(send_outcome, 'no answer');
          end if;
        else
          -- The inline form (20261128330100): a delivery of the Email Platform with its own subject and text.
          select s.delivery_id, s.outcome into queued_delivery, send_outcome
          from private.send_automation_email(enrollment.organization_id, enrollment.contact_id, step ->> 'subject', step ->> 'body',
            'automation:' || enrollment.id || ':' || automation_apply_step.step_id || ':' || automation_apply_step.visit) s;
          if send_outcome = 'suppressed' then
            run_status := 'skipped';
            step_outcome := 'suppressed';
          elsif send_outcome = 'no_address' then
            run_status := 'skipped';
            step_outcome := 'no_email';
          elsif send_outcome = 'unknown_contact' then
            raise exception 'The contact is no longer in this workspace.' using detail = 'unknown_contact';
          elsif send_outcome is distinct from 'queued' and send_outcome is distinct from 'already_queued' then
            raise exception 'The e-mail could not be queued (%).', coalesce(send_outcome, 'no answer');
          end if;
        end if;
      else
        null;
    end case;
    if run.id is null then
      insert into public.automation_step_runs (organization_id, enrollment_id, step_id, visit, step_type, status, outcome, email_id,
        email_delivery_id, finished_at)
      values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type,
        run_status, step_outcome, email_id, queued_delivery, now());
    else
      update public.automation_step_runs r set status = run_status, outcome = step_outcome, email_delivery_id = queued_delivery, finished_at = now()
      where r.id = run.id;
    end if;
  exception when others then
    -- The effect is undone (this block's subtransaction); the run records the failure and the contact leaves.
    -- An e-mail step that failed for a known reason says it in the run's outcome (unknown_template, unknown_contact).
    get stacked diagnostics failure = message_text, failure_outcome = pg_exception_detail;
    failure := left(failure, 1000);
    failure_outcome := case when failure_outcome in ('unknown_template', 'unknown_contact') then failure_outcome end;
    insert into public.automation_step_runs as r (organization_id, enrollment_id, step_id, visit, step_type, status, outcome, error, finished_at)
    values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type, 'failed',
      failure_outcome, failure, now())
    on conflict on constraint automation_step_runs_enrollment_id_step_id_visit_key do update
      set status = 'failed', outcome = excluded.outcome, error = excluded.error, finished_at = now();
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

