-- The admin area's background-work page (/admin/jobs): site admins see the job runner's work and act on it, through
-- these functions only (the queue itself is not exposed). Each checks the caller is a site admin in the database;
-- anon has no grant, anyone else gets 42501 'not_site_admin'. They work before any worker installed the queue
-- (hosted Supabase before `npm run worker`): the backlog and the failures are ours, the queue is read dynamically.
--
-- A job's id names where it is: 'queue:<n>' (graphile-worker's queue), 'backlog:<n>' (waiting for a worker to
-- install the queue), 'failed:<n>' (private.failed_jobs). States: queued (due), scheduled (later), running,
-- retrying (failed, will be tried again), failed (will not run again unless retried).

create function private.require_site_admin() returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_site_admin() then
    raise exception 'Only site admins can see and manage background work.' using errcode = '42501', detail = 'not_site_admin';
  end if;
  return (select auth.uid());
end
$$;

revoke all on function private.require_site_admin() from public, anon, authenticated;

-- Every job the runner knows of, as one shape.
create function private.background_jobs()
returns table (
  id text, task text, state text, job_key text, workspace_id uuid, attempts integer, max_attempts integer,
  run_at timestamptz, last_error text, created_at timestamptz, updated_at timestamptz
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if private.job_queue_installed() then
    return query execute $q$
      select 'queue:' || j.id, j.task_identifier,
        case when j.locked_at is not null then 'running'
             when j.attempts >= j.max_attempts then 'failed'
             when j.attempts > 0 then 'retrying'
             when j.run_at > now() then 'scheduled'
             else 'queued' end,
        j.key, null::uuid, j.attempts::integer, j.max_attempts::integer, j.run_at, j.last_error, j.created_at, j.updated_at
      from graphile_worker.jobs j
    $q$;
  end if;
  return query
    select 'backlog:' || b.id, b.task, case when b.run_at > now() then 'scheduled' else 'queued' end, b.job_key,
      private.payload_workspace(b.payload), 0, coalesce(b.max_attempts, 25), b.run_at, null::text, b.created_at, b.created_at
    from private.job_backlog b;
  return query
    select 'failed:' || f.id, f.task, 'failed', f.job_key, f.workspace_id, f.attempts, f.max_attempts, f.failed_at, f.last_error,
      f.queued_at, f.failed_at
    from private.failed_jobs f where f.resolution is null;
end
$$;

revoke all on function private.background_jobs() from public, anon, authenticated;

-- The page's figures: how many jobs in each state, and the workers alive (seen in the last 30 seconds).
create function public.admin_background_work_summary()
returns table (queued bigint, scheduled bigint, running bigint, retrying bigint, failed bigint, workers bigint, queue_installed boolean)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_site_admin();
  return query
    select count(*) filter (where j.state = 'queued'), count(*) filter (where j.state = 'scheduled'),
      count(*) filter (where j.state = 'running'), count(*) filter (where j.state = 'retrying'),
      count(*) filter (where j.state = 'failed'),
      (select count(*) from private.job_workers w where w.seen_at > now() - interval '30 seconds'),
      private.job_queue_installed()
    from private.background_jobs() j;
end
$$;

-- The jobs in one state ('all' for every state), the most pressing first: running, failed, retrying, then by when
-- they run (failed: newest failure first). At most max_rows (1–500).
create function public.admin_background_jobs(job_state text default 'all', max_rows integer default 100)
returns table (
  id text, task text, state text, job_key text, workspace_id uuid, attempts integer, max_attempts integer,
  run_at timestamptz, last_error text, created_at timestamptz, updated_at timestamptz
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_site_admin();
  if job_state is null or job_state not in ('all', 'queued', 'scheduled', 'running', 'retrying', 'failed') then
    raise exception 'Choose one of the states all, queued, scheduled, running, retrying or failed.' using errcode = '22023', detail = 'invalid_state';
  end if;
  return query
    select j.* from private.background_jobs() j
    where admin_background_jobs.job_state = 'all' or j.state = admin_background_jobs.job_state
    order by array_position(array['running', 'failed', 'retrying', 'queued', 'scheduled'], j.state),
      case when j.state = 'failed' then j.updated_at end desc nulls last,
      j.run_at, j.id
    limit greatest(1, least(coalesce(max_rows, 100), 500));
end
$$;

-- 'queue:12' → ('queue', 12); anything else is a job that does not exist.
create function private.background_job_ref(job_id text, out kind text, out number bigint)
language plpgsql immutable
set search_path = ''
as $$
begin
  if job_id is null or job_id !~ '^(queue|backlog|failed):[0-9]{1,18}$' then
    raise exception 'This background job does not exist.' using errcode = 'P0001', detail = 'job_not_found';
  end if;
  kind := split_part(job_id, ':', 1);
  number := split_part(job_id, ':', 2)::bigint;
end
$$;

revoke all on function private.background_job_ref(text) from public, anon, authenticated;

-- Runs a job again now: a failed one goes back to the queue (without its key: the item it was for may have a newer
-- job by now, and handlers check that their work is still wanted), a retrying or waiting one runs at once.
create function public.admin_retry_background_job(job_id text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_site_admin();
  ref record := private.background_job_ref(job_id);
  kind text := ref.kind;
  number bigint := ref.number;
  failure private.failed_jobs;
  touched integer := 0;
begin
  if kind = 'failed' then
    update private.failed_jobs f set resolution = 'retried', resolved_at = now(), resolved_by = caller
    where f.id = number and f.resolution is null
    returning * into failure;
    if not found then
      raise exception 'This background job does not exist.' using errcode = 'P0001', detail = 'job_not_found';
    end if;
    perform private.enqueue_job(failure.task, failure.payload, now(), null, failure.max_attempts);
  elsif kind = 'backlog' then
    update private.job_backlog b set run_at = now() where b.id = number;
    get diagnostics touched = row_count;
  elsif private.job_queue_installed() then
    execute 'select count(*)::integer from graphile_worker.reschedule_jobs(array[$1]::bigint[], run_at => now())' into touched using number;
    if touched = 0 and exists (select 1 from private.background_jobs() j where j.id = job_id and j.state = 'running') then
      raise exception 'This job is running: it cannot be retried now.' using errcode = 'P0001', detail = 'job_running';
    end if;
  end if;
  if kind <> 'failed' and touched = 0 then
    raise exception 'This background job does not exist.' using errcode = 'P0001', detail = 'job_not_found';
  end if;
end
$$;

-- Cancels a job that is not running: a waiting or retrying one leaves the queue (kept among the failures as
-- cancelled, with who did it), a failed one is dismissed.
create function public.admin_cancel_background_job(job_id text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller uuid := private.require_site_admin();
  ref record := private.background_job_ref(job_id);
  kind text := ref.kind;
  number bigint := ref.number;
  touched integer := 0;
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
    from gone g;
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
    $q$ using number, caller;
    get diagnostics touched = row_count;
    if touched = 0 and exists (select 1 from private.background_jobs() j where j.id = job_id and j.state = 'running') then
      raise exception 'This job is running: it cannot be cancelled now.' using errcode = 'P0001', detail = 'job_running';
    end if;
  end if;
  if touched = 0 then
    raise exception 'This background job does not exist.' using errcode = 'P0001', detail = 'job_not_found';
  end if;
end
$$;

revoke all on function public.admin_background_work_summary(), public.admin_background_jobs(text, integer),
  public.admin_retry_background_job(text), public.admin_cancel_background_job(text) from public, anon;
grant execute on function public.admin_background_work_summary(), public.admin_background_jobs(text, integer),
  public.admin_retry_background_job(text), public.admin_cancel_background_job(text) to authenticated, service_role;
