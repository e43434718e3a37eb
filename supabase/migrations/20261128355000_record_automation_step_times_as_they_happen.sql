-- A step job takes its run's stretch of steps in one transaction (20261128350000's session, decision 0023), so every
-- step of the stretch got the transaction's now() as its start and end, and the run its end: the contact's timeline
-- (ordered by time) could show a wait before the step that came before it (CI: automation-what-happened.test.ts).
-- Times written as now() on a step run or a run's end are recorded as the moment they happen (clock_timestamp())
-- instead; a time written as anything else is kept as written.

create or replace function private.automation_record_times_as_they_happen() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Nested, not joined with "and": a run (automation_enrollments) has no started_at, an insert no OLD.
  if tg_table_name = 'automation_step_runs' then
    if tg_op = 'INSERT' then
      if new.started_at = transaction_timestamp() then
        new.started_at := clock_timestamp();
      end if;
    end if;
  end if;
  if new.finished_at = transaction_timestamp() then
    if tg_op = 'INSERT' then
      new.finished_at := clock_timestamp();
    elsif old.finished_at is distinct from new.finished_at then
      new.finished_at := clock_timestamp();
    end if;
  end if;
  return new;
end;
$$;

revoke all on function private.automation_record_times_as_they_happen() from public;

create trigger automation_step_runs_record_times
  before insert or update of started_at, finished_at on public.automation_step_runs
  for each row execute function private.automation_record_times_as_they_happen();

create trigger automation_enrollments_record_times
  before insert or update of finished_at on public.automation_enrollments
  for each row execute function private.automation_record_times_as_they_happen();
