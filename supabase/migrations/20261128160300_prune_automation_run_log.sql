-- The automation run log is kept for a set period (AUTOMATION_LOG_DAYS, 90 by default: a server setting), then
-- pruned daily by the clean_up_automation_log task (issue 29 §6; n8n's unbounded execution log is what its users
-- complain about). Enrollments and their step runs stay: they are what "once per contact" and the exactly-once keys
-- rest on.
create index automation_run_log_created_idx on public.automation_run_log (created_at);

create function private.delete_old_automation_log(keep_days integer) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  if keep_days is null or keep_days < 1 then
    raise exception 'delete_old_automation_log: keep at least one day' using errcode = '22023';
  end if;
  delete from public.automation_run_log l where l.created_at < now() - make_interval(days => keep_days);
  get diagnostics removed = row_count;
  return removed;
end
$$;

revoke all on function private.delete_old_automation_log(integer) from public, anon, authenticated;
