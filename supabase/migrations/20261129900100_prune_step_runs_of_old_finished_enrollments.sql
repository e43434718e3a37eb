-- The daily clean-up also removes the step runs of enrollments that ended (finished or exited) more than
-- AUTOMATION_LOG_DAYS ago (issue 29 §6: "logs are kept for a set period and pruned by a job"; audit of 2026-11-29:
-- step runs were never pruned, ~21 MB per 10,000 enrollments with the run log). What stays:
--   - the enrollment rows themselves (small): "once per contact" and "again after it left" rest on them, and the
--     workflow's counts (entered, finished, exited, failed) are read from them;
--   - the step runs of active enrollments (their exactly-once keys) and of failed ones (Retry runs the failed step
--     again under its key; a failed run is kept until somebody acts on it).
-- An ended enrollment takes no further step (private.automation_apply_step answers 'inactive'), so removing its step
-- runs cannot let a step run twice; its e-mails are keyed by enrollment, step and visit in the deliveries, not here.
--
-- private.delete_old_automation_log as in 20261128160300, plus the step runs (tests/integration/automation-prune.test.ts).
create index automation_enrollments_ended_idx on public.automation_enrollments (finished_at) where status in ('finished', 'exited');

create or replace function private.delete_old_automation_log(keep_days integer) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  removed integer;
  removed_runs integer;
begin
  if keep_days is null or keep_days < 1 then
    raise exception 'delete_old_automation_log: keep at least one day' using errcode = '22023';
  end if;
  delete from public.automation_run_log l where l.created_at < now() - make_interval(days => keep_days);
  get diagnostics removed = row_count;
  delete from public.automation_step_runs r
  using public.automation_enrollments e
  where r.enrollment_id = e.id and e.status in ('finished', 'exited') and e.finished_at < now() - make_interval(days => keep_days);
  get diagnostics removed_runs = row_count;
  return removed + removed_runs;
end
$$;
