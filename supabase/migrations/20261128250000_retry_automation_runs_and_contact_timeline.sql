-- What happened (issue 29 §6, decision 0023): a workflow's failed runs with their error and a retry, and a
-- contact's timeline of the workflows and steps it went through.
--
-- Retry. A failed step's effect was rolled back with it (automation_apply_step's sub-transaction), so running the
-- step again repeats nothing that happened. The retry keeps the step's key (enrollment × step × visit): its step
-- run goes back to 'waiting', which automation_apply_step re-applies and finishes; an e-mail step's delivery key
-- (automation:<enrollment>:<step>:<visit>) is the same, so a delivery that did get queued is found, not sent twice.
-- Steps already done are not touched (their runs are 'done', and the run resumes at the failed step). The
-- enrollment is locked and must still be failed: two retries at once give one run, the second is told so.
-- Members and up retry; viewers are too low; other workspaces are told the run is unknown.
--
-- Timeline. Read from enrollments and step runs (kept as long as the contact: the exactly-once keys rest on them),
-- not from the pruned run log; as the caller (security invoker), so RLS leaves other workspaces' runs out.

alter table public.automation_run_log drop constraint automation_run_log_event_check;
alter table public.automation_run_log add constraint automation_run_log_event_check
  check (event in ('entered', 'step', 'waiting', 'finished', 'failed', 'exited', 'retried'));

-- A workflow's failed runs, newest first: the contact, the step that failed and its error.
create function public.automation_failed_runs(workflow_id uuid)
returns table (enrollment_id uuid, contact_id uuid, contact_name text, step_id text, error text, failed_at timestamptz)
language sql stable security invoker
set search_path = ''
as $$
  select e.id, e.contact_id,
    coalesce(nullif(btrim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), c.email, 'Contact'),
    e.current_step, coalesce(e.error, r.error), e.finished_at
  from public.automation_enrollments e
  join public.contacts c on c.id = e.contact_id and c.organization_id = e.organization_id
  left join public.automation_step_runs r on r.enrollment_id = e.id and r.step_id = e.current_step and r.visit = e.current_visit
  where e.workflow_id = automation_failed_runs.workflow_id and e.status = 'failed'
  order by e.finished_at desc nulls last, e.id
  limit 200
$$;

create function public.retry_automation_enrollment(enrollment_id uuid)
returns public.automation_enrollments
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  enrollment public.automation_enrollments;
begin
  select * into enrollment from public.automation_enrollments e where e.id = retry_automation_enrollment.enrollment_id for update;
  if not found or private.workspace_role(enrollment.organization_id) is null then
    raise exception 'This run does not exist (any more).' using errcode = 'P0001', detail = 'unknown_enrollment';
  end if;
  perform private.require_workspace_role(enrollment.organization_id, 'member');
  if enrollment.status <> 'failed' then
    raise exception 'Only a failed run can be retried; this one is %.', enrollment.status using errcode = 'P0001', detail = 'not_failed';
  end if;
  if exists (select 1 from public.automation_enrollments a
             where a.workflow_id = enrollment.workflow_id and a.contact_id = enrollment.contact_id and a.status = 'active') then
    raise exception 'This contact is in this workflow again already; its new run goes on.' using errcode = 'P0001', detail = 'already_running';
  end if;
  update public.automation_step_runs r set status = 'waiting', outcome = null, error = null, finished_at = null
  where r.enrollment_id = enrollment.id and r.step_id = enrollment.current_step and r.visit = enrollment.current_visit
    and r.status = 'failed';
  update public.automation_enrollments e set status = 'active', error = null, finished_at = null, due_at = null
  where e.id = enrollment.id
  returning * into enrollment;
  insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
  values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'retried', enrollment.current_step,
    'retried by ' || coalesce(auth.uid()::text, 'the server'));
  perform private.enqueue_job('automation_step', jsonb_build_object('workspace_id', enrollment.organization_id, 'enrollment_id', enrollment.id),
    now(), 'automation:' || enrollment.id, 10);
  return enrollment;
end
$$;

-- A contact's timeline, oldest first, over its 50 latest runs: 'entered'; each step as its run's status (waiting,
-- done, skipped, failed) with its time and outcome; the run's end ('run_finished', 'run_exited', 'run_failed').
create function public.automation_contact_timeline(contact_id uuid)
returns table (enrollment_id uuid, workflow_id uuid, workflow_name text, kind text, step_id text, step_type text,
  outcome text, error text, due_at timestamptz, at timestamptz)
language sql stable security invoker
set search_path = ''
as $$
  with runs as (
    select e.id, e.workflow_id, w.name, e.status, e.current_step, e.error, e.entered_at, e.finished_at
    from public.automation_enrollments e
    join public.automation_workflows w on w.id = e.workflow_id
    where e.contact_id = automation_contact_timeline.contact_id
    order by e.entered_at desc
    limit 50
  )
  select t.enrollment_id, t.workflow_id, t.workflow_name, t.kind, t.step_id, t.step_type, t.outcome, t.error, t.due_at, t.at
  from (
    select r.id, r.workflow_id, r.name, 'entered', null::text, null::text, null::text, null::text, null::timestamptz, r.entered_at, 0
    from runs r
    union all
    select r.id, r.workflow_id, r.name, s.status, s.step_id, s.step_type, s.outcome, s.error, s.due_at, coalesce(s.finished_at, s.started_at), 1
    from runs r join public.automation_step_runs s on s.enrollment_id = r.id
    union all
    select r.id, r.workflow_id, r.name, 'run_' || r.status, r.current_step, null, null, r.error, null, r.finished_at, 2
    from runs r where r.status in ('finished', 'exited', 'failed')
  ) t (enrollment_id, workflow_id, workflow_name, kind, step_id, step_type, outcome, error, due_at, at, phase)
  order by t.at, t.phase
$$;

revoke all on function public.automation_failed_runs(uuid), public.retry_automation_enrollment(uuid),
  public.automation_contact_timeline(uuid) from public, anon;
grant execute on function public.automation_failed_runs(uuid), public.retry_automation_enrollment(uuid),
  public.automation_contact_timeline(uuid) to authenticated, service_role;
