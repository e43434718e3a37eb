-- Due automation steps taken in batches (issue 29, decision 0023 session 11). After a burst of waits ends together
-- (10,000 contacts whose minute ends within ~50 s), every continuation was its own automation_step job: a fetch by
-- graphile-worker, a transaction of about eight round trips, a completion. The runner managed ~200 of them a second on
-- the loaded 2-core machine against ~200-600 falling due a second, so the steps started p50 9.8 s / p99 16.4 s late,
-- all of it in the queue (bench:automation, session 10's breakdown: run_at → picked).
--
-- private.automation_claim_due_steps(workspace, leave_out, max_runs): an automation_step job takes, in its own
-- transaction, up to max_runs other continuations of ITS workspace that are due now and waiting in the queue: their
-- automation_step jobs (key automation:<enrollment>, due, not taken by a worker) are locked FOR UPDATE SKIP LOCKED — so
-- two jobs claiming at once never take the same one, and a worker's fetch skips them — together with their runs
-- (automation_enrollments, FOR UPDATE SKIP LOCKED, within the workspace: a job whose payload names another workspace's
-- run is never taken), and removed from the queue (graphile_worker.complete_jobs). The job then takes those runs'
-- steps in the same transaction (server/src/jobs/tasks/automation-step.ts). If it commits, the steps are recorded and
-- the jobs gone; if it rolls back (a crash, kill -9), the jobs are back in the queue as they were. Exactly once is
-- unchanged: each step is still recorded by private.automation_apply_step under its key (enrollment × step × visit).
--
-- graphile-worker's tables are read directly (0.17.3, pinned): its view graphile_worker.jobs cannot be locked (an outer
-- join). The queue may not be installed yet (private.job_queue_installed): then nothing is claimed.

create function private.automation_claim_due_steps(workspace_id uuid, leave_out uuid, max_runs integer)
returns table (enrollment_id uuid)
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if workspace_id is null or coalesce(max_runs, 0) < 1 or not private.job_queue_installed() then
    return;
  end if;
  return query execute $q$
    with due as (
      select j.id, j.key
      from graphile_worker._private_jobs j
      where j.is_available = true
        and j.run_at <= now()
        and j.job_queue_id is null
        and j.task_id = (select t.id from graphile_worker._private_tasks t where t.identifier = 'automation_step')
        and j.payload ->> 'workspace_id' = $1::text
        and j.key is distinct from 'automation:' || $2::text
        and j.key = 'automation:' || (j.payload ->> 'enrollment_id')
      order by j.priority, j.run_at
      limit $3
      for update of j skip locked
    ), runs as (
      select e.id, due.id as job_id
      from public.automation_enrollments e
      join due on due.key = 'automation:' || e.id::text
      where e.organization_id = $1
      for update of e skip locked
    ), taken as (
      select c.id from graphile_worker.complete_jobs(array(select runs.job_id from runs)) c
    )
    select runs.id from runs join taken on taken.id = runs.job_id
  $q$ using workspace_id, leave_out, max_runs;
end
$$;

revoke all on function private.automation_claim_due_steps(uuid, uuid, integer) from public, anon, authenticated;
