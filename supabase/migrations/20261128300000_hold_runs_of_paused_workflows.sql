-- Pausing a workflow holds its runs in flight (issue 29, decision 0023): until then pausing only stopped new
-- enrollments, and contacts already in the workflow went on being e-mailed, tagged and posted about.
--
-- - private.automation_step_context returns workflow_paused; the step job (decideStep) then stops before the step:
--   a wait that came due does not take its next step, no e-mail, tag or webhook is done, a goal does not exit the run.
--   The job is not queued again: the held run waits for the resume.
-- - It reads the workflow's status FOR SHARE, in the same transaction as the step job's automation_apply_step
--   (server/src/jobs/tasks/automation-step.ts), and the pause takes the workflow FOR UPDATE: a step either commits
--   before the pause does, or sees the workflow paused. So the function is volatile now (a row lock needs it).
-- - Whenever a workflow leaves 'paused' (resumed, or a new version published while paused: publishing sets it
--   'published'), a trigger queues the step job of each of its active runs (the same key, automation:<enrollment>, so a
--   job still queued is moved, not doubled): at once, or at its wait's due time when that is still ahead. A wait that
--   came due while paused takes its next step at once; the step keys (enrollment × step × visit) keep every step once.
-- Who: as before, members and up pause and resume their workspace's workflows; viewers are too low; other
-- workspaces are told the workflow is unknown (private.automation_workflow_for).

-- As in 20261128240100, plus workflow_paused (and the lock that makes it hold).
create or replace function private.automation_step_context(workspace_id uuid, enrollment_id uuid) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  enrollment public.automation_enrollments;
  step jsonb;
  goal jsonb;
  contact jsonb;
  run jsonb;
  workflow_status text;
begin
  select * into enrollment from public.automation_enrollments e where e.id = automation_step_context.enrollment_id;
  if not found then
    return null;
  end if;
  if enrollment.organization_id <> automation_step_context.workspace_id then
    raise exception 'enrollment % does not belong to workspace %', enrollment_id, workspace_id using errcode = '42501', detail = 'foreign_enrollment';
  end if;
  select w.status into workflow_status from public.automation_workflows w
  where w.id = enrollment.workflow_id and w.organization_id = enrollment.organization_id
  for share;
  select s into step
  from public.automation_workflow_versions v, jsonb_array_elements(v.graph -> 'steps') s
  where v.id = enrollment.version_id and s ->> 'id' = enrollment.current_step;
  select nullif(v.graph -> 'goal', 'null'::jsonb) into goal from public.automation_workflow_versions v where v.id = enrollment.version_id;
  select jsonb_build_object('tags', to_jsonb(c.tags), 'lifecycle_stage', c.lifecycle_stage, 'score_band', c.score_band,
      'lead_score', c.lead_score, 'has_email', c.email is not null)
    into contact
  from public.contacts c where c.id = enrollment.contact_id and c.organization_id = enrollment.organization_id;
  select jsonb_build_object('status', r.status, 'due_at', r.due_at) into run
  from public.automation_step_runs r
  where r.enrollment_id = enrollment.id and r.step_id = enrollment.current_step and r.visit = enrollment.current_visit;
  return jsonb_build_object('status', enrollment.status, 'step_id', enrollment.current_step, 'visit', enrollment.current_visit,
    'step', step, 'contact', contact, 'run', run, 'now', now(), 'goal', goal,
    'workflow_paused', workflow_status is not distinct from 'paused',
    'until_due', case when step ->> 'type' = 'wait' and jsonb_typeof(step -> 'until') = 'object' then
      private.automation_next_weekday_hour(step ->> 'time_zone', (step -> 'until' ->> 'weekday')::integer, (step -> 'until' ->> 'hour')::integer, now()) end);
end
$$;

-- Pauses a published workflow (no new enrollments, and its runs hold before their next step) or resumes it (its
-- held runs go on from where they were: private.queue_held_automation_runs). Pausing a paused workflow or resuming a
-- running one changes nothing.
create or replace function public.set_automation_workflow_paused(workflow_id uuid, paused boolean)
returns public.automation_workflows
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workflow public.automation_workflows := private.automation_workflow_for(set_automation_workflow_paused.workflow_id, 'member');
begin
  if workflow.published_version_id is null then
    raise exception 'Publish the workflow first.' using errcode = 'P0001', detail = 'not_published';
  end if;
  if set_automation_workflow_paused.paused is null then
    raise exception 'Say whether to pause or resume the workflow.' using errcode = 'P0001', detail = 'paused_missing';
  end if;
  update public.automation_workflows w set status = case when set_automation_workflow_paused.paused then 'paused' else 'published' end
  where w.id = workflow.id
  returning * into workflow;
  return workflow;
end
$$;

-- A workflow leaves 'paused': its held runs go on.
create function private.queue_held_automation_runs() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform private.enqueue_job('automation_step', jsonb_build_object('workspace_id', e.organization_id, 'enrollment_id', e.id),
    greatest(now(), coalesce(case when r.status = 'waiting' then r.due_at end, now())), 'automation:' || e.id, 10)
  from public.automation_enrollments e
  left join public.automation_step_runs r on r.enrollment_id = e.id and r.step_id = e.current_step and r.visit = e.current_visit
  where e.workflow_id = new.id and e.organization_id = new.organization_id and e.status = 'active';
  return null;
end
$$;

create trigger automation_workflows_queue_held_runs
  after update of status on public.automation_workflows
  for each row
  when (old.status = 'paused' and new.status <> 'paused')
  execute function private.queue_held_automation_runs();

revoke all on function private.automation_step_context(uuid, uuid), private.queue_held_automation_runs() from public, anon, authenticated;
revoke all on function public.set_automation_workflow_paused(uuid, boolean) from public, anon;
grant execute on function public.set_automation_workflow_paused(uuid, boolean) to authenticated, service_role;
