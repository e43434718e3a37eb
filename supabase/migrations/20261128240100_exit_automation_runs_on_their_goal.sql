-- A workflow's goal (issue 29, decision 0023; the goal's shape is validated since 20261128240000): a run whose contact
-- meets it exits, counted as a goal conversion.
-- - private.automation_step_context returns the goal of the run's version; the step job (decideStep) decides
--   {exit: 'goal'} before the step when the contact meets it, and automation_apply_step records the exit.
-- - At the moment the contact changes (its tags or lifecycle stage), each of its active runs of a workflow with a goal
--   has its step job queued now (the same key, so a waiting run's job is moved, not doubled): the job exits a run whose
--   goal is met, and a run still waiting is put back to its due time.
-- - automation_workflow_counts also returns goals (runs exited on the goal), the module page's goal conversions.

-- As in 20261128210200, except for the goal.
create or replace function private.automation_step_context(workspace_id uuid, enrollment_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  enrollment public.automation_enrollments;
  step jsonb;
  goal jsonb;
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
    'until_due', case when step ->> 'type' = 'wait' and jsonb_typeof(step -> 'until') = 'object' then
      private.automation_next_weekday_hour(step ->> 'time_zone', (step -> 'until' ->> 'weekday')::integer, (step -> 'until' ->> 'hour')::integer, now()) end);
end
$$;

create function private.queue_automation_goal_checks() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  run record;
begin
  for run in
    select e.id from public.automation_enrollments e
    join public.automation_workflow_versions v on v.id = e.version_id and v.organization_id = e.organization_id
    where e.contact_id = new.id and e.organization_id = new.organization_id and e.status = 'active'
      and jsonb_typeof(v.graph -> 'goal') = 'object'
  loop
    perform private.enqueue_job('automation_step', jsonb_build_object('workspace_id', new.organization_id, 'enrollment_id', run.id),
      now(), 'automation:' || run.id, 10);
  end loop;
  return null;
end
$$;

create trigger contacts_automation_goal_checks
  after update of tags, lifecycle_stage on public.contacts
  for each row
  when (old.tags is distinct from new.tags or old.lifecycle_stage is distinct from new.lifecycle_stage)
  execute function private.queue_automation_goal_checks();

-- As in 20261128160100, plus goals.
drop function public.automation_workflow_counts(uuid);
create function public.automation_workflow_counts(workspace_id uuid)
returns table (workflow_id uuid, entered bigint, active bigint, finished bigint, exited bigint, failed bigint, at_step jsonb, goals bigint)
language sql stable security invoker
set search_path = ''
as $$
  select w.id,
    count(e.id),
    count(e.id) filter (where e.status = 'active'),
    count(e.id) filter (where e.status = 'finished'),
    count(e.id) filter (where e.status = 'exited'),
    count(e.id) filter (where e.status = 'failed'),
    coalesce((
      select jsonb_object_agg(s.current_step, s.n)
      from (select a.current_step, count(*) as n from public.automation_enrollments a
            where a.workflow_id = w.id and a.status = 'active' group by a.current_step) s
    ), '{}'::jsonb),
    count(e.id) filter (where e.status = 'exited' and e.exit_reason = 'goal')
  from public.automation_workflows w
  left join public.automation_enrollments e on e.workflow_id = w.id
  where w.organization_id = automation_workflow_counts.workspace_id
  group by w.id
$$;

revoke all on function public.automation_workflow_counts(uuid) from public, anon;
grant execute on function public.automation_workflow_counts(uuid) to authenticated, service_role;
revoke all on function private.automation_step_context(uuid, uuid), private.queue_automation_goal_checks() from public, anon, authenticated;
