-- A site admin cancelling a scheduled publication's job (/admin/jobs) now unschedules the item as well. Before, the
-- job went but the item stayed "scheduled to publish": once its moment passed, the Editorial Calendar called it
-- Overdue, and nothing would ever publish it. The job is the schedule, so cancelling it is unscheduling: the item keeps
-- its planned date as a plan (the calendar shows it as planned, Overdue once past, as any unscheduled plan), and the
-- team schedules it again in the Content Hub. Only the schedule the job was for: an item rescheduled meanwhile (its
-- planned moment no longer the job's) is left as it is. Dismissing a failed publication job leaves the item alone:
-- it did not publish, and Overdue says so.

-- Unschedules the item a cancelled publish_content job was for, when it is still scheduled for that job's moment
-- in that job's workspace. Does nothing for any other task or a payload that names no item.
create function private.unschedule_cancelled_publication(task text, payload jsonb) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  uuid_pattern constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  moment timestamptz;
begin
  if task is distinct from 'publish_content' or private.payload_workspace(payload) is null
    or coalesce(payload ->> 'content_item_id', '') !~* uuid_pattern then
    return;
  end if;
  begin
    moment := (payload ->> 'planned_publish_at')::timestamptz;
  exception when others then
    return;
  end;
  update public.content_items c set publish_on_schedule = false
  where c.id = (payload ->> 'content_item_id')::uuid and c.organization_id = private.payload_workspace(payload)
    and c.publish_on_schedule and c.planned_publish_at = moment;
end
$$;

revoke all on function private.unschedule_cancelled_publication(text, jsonb) from public, anon, authenticated;

-- As in 20261128010300_create_background_work_admin_rpcs.sql, and a cancelled waiting publication unschedules its
-- item (after the job is recorded: the item's trigger then finds no job left to remove).
create or replace function public.admin_cancel_background_job(job_id text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_site_admin();
  ref record := private.background_job_ref(job_id);
  kind text := ref.kind;
  number bigint := ref.number;
  touched integer := 0;
  cancelled_task text;
  cancelled_payload jsonb;
begin
  if kind = 'failed' then
    update private.failed_jobs f set resolution = 'cancelled', resolved_at = now(), resolved_by = caller
    where f.id = number and f.resolution is null;
    get diagnostics touched = row_count;
  elsif kind = 'backlog' then
    with gone as (delete from private.job_backlog b where b.id = number returning b.*)
    insert into private.failed_jobs (task, payload, job_key, workspace_id, attempts, max_attempts, last_error, queued_at, resolution, resolved_at, resolved_by)
    select g.task, g.payload, g.job_key, private.payload_workspace(g.payload), 0, coalesce(g.max_attempts, 25),
      'Cancelled by a site admin before it ran', g.created_at, 'cancelled', now(), caller
    from gone g
    returning task, payload into cancelled_task, cancelled_payload;
    get diagnostics touched = row_count;
  elsif private.job_queue_installed() then
    execute $q$
      with job as (
        select j.id, j.task_identifier, j.key, j.attempts, j.max_attempts, j.last_error, j.created_at
        from graphile_worker.jobs j where j.id = $1 and j.locked_at is null
      ), completed as (
        select c.id, c.payload from graphile_worker.complete_jobs(array(select job.id from job)) c
      )
      insert into private.failed_jobs (task, payload, job_key, workspace_id, attempts, max_attempts, last_error, queued_at, resolution, resolved_at, resolved_by)
      select job.task_identifier, coalesce(c.payload::jsonb, '{}'::jsonb), job.key, private.payload_workspace(c.payload::jsonb),
        job.attempts, job.max_attempts, left(coalesce(job.last_error || ' — ', '') || 'Cancelled by a site admin', 2000), job.created_at,
        'cancelled', now(), $2
      from job join completed c on c.id = job.id
      returning task, payload
    $q$ into cancelled_task, cancelled_payload using number, caller;
    touched := case when cancelled_task is null then 0 else 1 end;
    if touched = 0 and exists (select 1 from private.background_jobs() j where j.id = job_id and j.state = 'running') then
      raise exception 'This job is running: it cannot be cancelled now.' using errcode = 'P0001', detail = 'job_running';
    end if;
  end if;
  if touched = 0 then
    raise exception 'This background job does not exist.' using errcode = 'P0001', detail = 'job_not_found';
  end if;
  perform private.unschedule_cancelled_publication(cancelled_task, cancelled_payload);
end
$$;
