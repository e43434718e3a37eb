-- A killed worker's jobs run again within seconds instead of about 30 s (docs/decisions/0013-job-runner.md,
-- "Heartbeat and crash recovery"), and a job its worker had already finished (or that was replaced) no longer turns up
-- among the failures after a kill.
--
-- Dead worker, sooner: each heartbeat now also records the database session it ran on (pg_backend_pid() and that
-- session's start). When a process dies — kill -9, a crash, an out-of-memory kill — PostgreSQL sees its connections
-- close and ends their sessions at once. A worker is dead when it has been silent for 6 s (three heartbeats of 2 s)
-- AND the session of its last heartbeat is gone while PostgreSQL itself kept running (a restart of the database
-- ends every session, and says nothing of the workers); or, as before, when it has been silent for 30 s whatever its
-- sessions (a machine lost without closing its connections, a pooler that keeps them). Both signals must agree for
-- the quick rule: a worker whose event loop stalls keeps its session, and one whose connection drops signals again
-- on a new session within a heartbeat. The same rule voids an e-mail's claim (private.claim_outgoing_email), so the
-- e-mail of a killed worker is sent by another as soon as its job runs again.
--
-- Detached jobs: when a job is enqueued again, or removed, under a key while it runs (publishing an item removes its
-- own publish job; an edit during a rendering queues the next one), graphile-worker clears the running job's key and
-- sets its attempts to the maximum — "do not run this one again" — and its worker completes it as usual. If that
-- worker is killed first, the maintenance round used to unlock the job and then move it, attempts used up, to
-- private.failed_jobs as "gave up" (the 2–3 failed jobs of `npm run chaos`), though its work was done or superseded.
-- Such a job (no key, attempts used up, changed after it was locked) is now completed with its dead worker.

alter table private.job_workers
  add column backend_pid integer,
  add column backend_started_at timestamptz;

-- Whether the worker of this row is alive (see above). `alive_within`: the silence that makes any worker dead.
create function private.job_worker_is_alive(worker private.job_workers, alive_within interval default interval '30 seconds')
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select worker.seen_at > now() - alive_within
    and (
      worker.seen_at > now() - interval '6 seconds'
      or worker.backend_pid is null
      -- Started before the database itself (re)started: gone with the restart, not with the worker.
      or worker.backend_started_at < pg_catalog.pg_postmaster_start_time()
      -- pid alone when the session's start is not visible to this role (the safe side: alive).
      or exists (
        select 1 from pg_catalog.pg_stat_activity a
        where a.pid = worker.backend_pid and (a.backend_start is null or worker.backend_started_at is null or a.backend_start = worker.backend_started_at)
      )
    )
$$;

-- Whether some live worker runs the graphile-worker pool `pool_id` (what its jobs, and e-mail claims, are locked with).
create function private.job_pool_alive(pool_id text, alive_within interval default interval '30 seconds')
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.job_workers w
    where w.pool_id = job_pool_alive.pool_id and private.job_worker_is_alive(w, job_pool_alive.alive_within)
  )
$$;

revoke all on function private.job_worker_is_alive(private.job_workers, interval), private.job_pool_alive(text, interval)
  from public, anon, authenticated;

-- The maintenance round (20261128010000_create_job_runner_support.sql), with the rules above: the jobs of a pool
-- whose worker is dead go back to the queue at once; those of a pool no worker ever reported (a worker killed before
-- its first heartbeat) once locked for `alive_within`, as before; the detached ones among them are completed.
create or replace function private.maintain_job_queue(alive_within interval default interval '30 seconds')
returns table (backlog_moved integer, pools_unlocked integer, failures_moved integer)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  dead_pools text[];
  detached bigint[];
  moved integer := 0;
begin
  if not private.job_queue_installed() or not pg_try_advisory_xact_lock(hashtext('private.maintain_job_queue')) then
    return query select 0, 0, 0;
    return;
  end if;
  backlog_moved := private.flush_job_backlog();

  execute $q$
    select coalesce(array_agg(distinct j.locked_by), '{}')
    from graphile_worker.jobs j
    where j.locked_at is not null
      and not private.job_pool_alive(j.locked_by, $1)
      and (j.locked_at < now() - $1 or exists (select 1 from private.job_workers w where w.pool_id = j.locked_by))
  $q$ into dead_pools using alive_within;
  if cardinality(dead_pools) > 0 then
    execute $q$
      select coalesce(array_agg(j.id), '{}') from graphile_worker.jobs j
      where j.locked_by = any($1) and j.key is null and j.attempts >= j.max_attempts and j.updated_at > j.locked_at
    $q$ into detached using dead_pools;
    execute 'select graphile_worker.force_unlock_workers($1)' using dead_pools;
    if cardinality(detached) > 0 then
      execute 'select count(*) from graphile_worker.complete_jobs($1)' using detached;
    end if;
  end if;
  pools_unlocked := cardinality(dead_pools);

  execute $q$
    with given_up as (
      select j.id, j.task_identifier, j.key, j.attempts, j.max_attempts, j.last_error, j.created_at
      from graphile_worker.jobs j
      where j.attempts >= j.max_attempts and j.locked_at is null
      order by j.id
      limit 500
    ), completed as (
      select c.id, c.payload from graphile_worker.complete_jobs(array(select given_up.id from given_up)) c
    )
    insert into private.failed_jobs (task, payload, job_key, workspace_id, attempts, max_attempts, last_error, queued_at)
    select g.task_identifier, coalesce(c.payload::jsonb, '{}'::jsonb), g.key, private.payload_workspace(c.payload::jsonb),
      g.attempts, g.max_attempts, left(coalesce(g.last_error, 'gave up'), 2000), g.created_at
    from given_up g join completed c on c.id = g.id
  $q$;
  get diagnostics moved = row_count;
  failures_moved := moved;

  delete from private.job_workers w where w.seen_at < now() - interval '1 day';
  return next;
end
$$;

-- The send_email job's claim (20261128010100_send_outgoing_emails_as_jobs.sql): a claim of a pool whose worker is
-- dead by the rule above is void.
create or replace function private.claim_outgoing_email(email_id bigint, pool_id text)
returns table (id bigint, kind text, recipient text, payload jsonb, attempts integer, created_at timestamptz)
language sql volatile security definer
set search_path = ''
as $$
  update private.outgoing_emails e
  set locked_until = now() + interval '2 minutes', claimed_by = claim_outgoing_email.pool_id, attempts = e.attempts + 1
  where e.id = claim_outgoing_email.email_id and e.sent_at is null and e.cancelled_at is null
    and (e.locked_until is null or e.locked_until < now() or e.claimed_by is null or not private.job_pool_alive(e.claimed_by))
  returning e.id, e.kind, e.recipient, e.payload, e.attempts, e.created_at
$$;
