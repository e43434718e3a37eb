-- The job runner's side in the database (server/src/jobs/, docs/decisions/0013-job-runner.md).
--
-- graphile-worker keeps its queue in its own schema, `graphile_worker`, which it installs (and upgrades) itself when a
-- worker first starts against the database. These migrations never create it nor depend on it when they apply: on
-- hosted Supabase they are pushed before any worker ran. Everything below reaches the queue only through dynamic SQL
-- after checking that the schema is there.
--
-- The one way SQL asks for background work:
--   perform private.enqueue_job(task, payload, run_at, job_key, max_attempts);
--   perform private.cancel_job(job_key);
-- With the queue installed the job goes straight in (graphile_worker.add_job, in the caller's transaction: it exists
-- exactly when the caller's change commits). Before that it waits in private.job_backlog, which the first worker
-- moves into the queue once it has installed its schema (private.flush_job_backlog). A job key names one pending
-- job: enqueueing again with the same key replaces it (new payload, new run_at), cancelling removes it.

create table private.job_backlog (
  id bigint generated always as identity primary key,
  task text not null constraint job_backlog_task_format check (task ~ '^[a-z][a-z0-9_]{0,62}$'),
  payload jsonb not null default '{}'::jsonb,
  run_at timestamptz not null default now(),
  job_key text constraint job_backlog_job_key_length check (char_length(job_key) between 1 and 512),
  max_attempts integer constraint job_backlog_max_attempts_range check (max_attempts between 1 and 100),
  created_at timestamptz not null default now()
);
create unique index job_backlog_job_key_idx on private.job_backlog (job_key) where job_key is not null;

-- Workers running against this database and their last sign of life (every few seconds). pool_id is the
-- graphile-worker pool whose id its jobs are locked with: a pool without a live worker was killed, and its jobs go
-- back to the queue (private.maintain_job_queue) instead of waiting graphile-worker's four hours.
create table private.job_workers (
  worker_id text primary key constraint job_workers_worker_id_length check (char_length(worker_id) <= 200),
  pool_id text constraint job_workers_pool_id_length check (char_length(pool_id) <= 200),
  hostname text constraint job_workers_hostname_length check (char_length(hostname) <= 200),
  pid integer,
  tasks text[] not null default '{}',
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);

-- Jobs that will not run again by themselves: their last attempt failed, their payload was refused, or they were
-- cancelled. A site admin retries or dismisses them (the background-work page). graphile-worker's own advice: keep
-- permanently failed jobs out of its table, where they would slow every fetch.
create table private.failed_jobs (
  id bigint generated always as identity primary key,
  task text not null constraint failed_jobs_task_length check (char_length(task) <= 128),
  payload jsonb not null default '{}'::jsonb,
  job_key text constraint failed_jobs_job_key_length check (char_length(job_key) <= 512),
  -- The workspace the job acted for, when its payload names one.
  workspace_id uuid,
  attempts integer not null,
  max_attempts integer not null,
  last_error text not null constraint failed_jobs_last_error_length check (char_length(last_error) <= 2000),
  queued_at timestamptz not null,
  failed_at timestamptz not null default now(),
  resolution text constraint failed_jobs_resolution_check check (resolution in ('retried', 'cancelled')),
  resolved_at timestamptz,
  resolved_by uuid
);
create index failed_jobs_open_idx on private.failed_jobs (failed_at desc, id desc) where resolution is null;

revoke all on table private.job_backlog, private.job_workers, private.failed_jobs from public, anon, authenticated;
grant all on table private.job_backlog, private.job_workers, private.failed_jobs to service_role;

-- Whether a worker has installed graphile-worker's schema in this database.
create function private.job_queue_installed() returns boolean
language sql stable
set search_path = ''
as $$
  select to_regprocedure('graphile_worker.add_job(text, json, text, timestamp with time zone, integer, text, integer, text[], text)') is not null
$$;

-- Asks for a job: `task` runs with `payload` at `run_at` (now when null). A `job_key` names the pending job: the same
-- key again replaces it (the new payload and run_at win), private.cancel_job(key) removes it. A job already running
-- is not touched: a new one is queued beside it, so its handler must check that its work is still wanted
-- (handlers are idempotent: docs/decisions/0013-job-runner.md).
create function private.enqueue_job(
  task text,
  payload jsonb default '{}'::jsonb,
  run_at timestamptz default null,
  job_key text default null,
  max_attempts integer default null
) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if enqueue_job.task is null or enqueue_job.task !~ '^[a-z][a-z0-9_]{0,62}$' then
    raise exception 'enqueue_job: "%" is not a task name (lower case letters, digits and _)', enqueue_job.task using errcode = '22023';
  end if;
  if enqueue_job.job_key is not null and char_length(enqueue_job.job_key) not between 1 and 512 then
    raise exception 'enqueue_job: a job key has 1 to 512 characters' using errcode = '22023';
  end if;
  if private.job_queue_installed() then
    execute 'select graphile_worker.add_job($1, $2::json, run_at => $3, job_key => $4, max_attempts => $5)'
      using enqueue_job.task, coalesce(enqueue_job.payload, '{}'::jsonb), coalesce(enqueue_job.run_at, now()),
        enqueue_job.job_key, enqueue_job.max_attempts;
  else
    insert into private.job_backlog as b (task, payload, run_at, job_key, max_attempts)
    values (enqueue_job.task, coalesce(enqueue_job.payload, '{}'::jsonb), coalesce(enqueue_job.run_at, now()),
      enqueue_job.job_key, enqueue_job.max_attempts)
    on conflict (job_key) where job_key is not null do update
      set task = excluded.task, payload = excluded.payload, run_at = excluded.run_at, max_attempts = excluded.max_attempts;
  end if;
end
$$;

-- Removes the pending job with this key, wherever it waits. A running one finishes but is not tried again.
create function private.cancel_job(job_key text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if job_key is null then
    return;
  end if;
  delete from private.job_backlog b where b.job_key = cancel_job.job_key;
  if private.job_queue_installed() then
    execute 'select graphile_worker.remove_job($1)' using job_key;
  end if;
end
$$;

-- Moves the backlog into the queue once it is installed; returns how many jobs moved. Workers call it when they start
-- and at every maintenance round (an enqueue that raced the installation lands in the backlog a moment later).
create function private.flush_job_backlog() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  job private.job_backlog;
  moved integer := 0;
begin
  if not private.job_queue_installed() then
    return 0;
  end if;
  for job in delete from private.job_backlog returning * loop
    execute 'select graphile_worker.add_job($1, $2::json, run_at => $3, job_key => $4, max_attempts => $5)'
      using job.task, job.payload, job.run_at, job.job_key, job.max_attempts;
    moved := moved + 1;
  end loop;
  return moved;
end
$$;

-- True when a worker was alive within the last two minutes: work that only a worker can do (an e-mail) is then
-- queued; otherwise the caller offers the way that needs none (copy the link).
create function private.job_worker_alive() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from private.job_workers w where w.seen_at > now() - interval '2 minutes')
$$;

-- One maintenance round, run by every worker every few seconds (one at a time across workers):
--  - the backlog moves into the queue;
--  - jobs locked for over 30 seconds by a pool that has no live worker (killed: kill -9, a crash, a lost machine)
--    are unlocked, so they run again now rather than after graphile-worker's four-hour timeout;
--  - jobs graphile-worker gave up on (attempts used up, e.g. a worker died during the last one) move to
--    private.failed_jobs, out of the queue;
--  - workers silent for a day are forgotten.
-- Returns what it did, for the logs.
create function private.maintain_job_queue(alive_within interval default interval '30 seconds')
returns table (backlog_moved integer, pools_unlocked integer, failures_moved integer)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  dead_pools text[];
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
    where j.locked_at is not null and j.locked_at < now() - $1
      and not exists (select 1 from private.job_workers w where w.pool_id = j.locked_by and w.seen_at > now() - $1)
  $q$ into dead_pools using alive_within;
  if cardinality(dead_pools) > 0 then
    execute 'select graphile_worker.force_unlock_workers($1)' using dead_pools;
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

-- The workspace a payload names (its "workspace_id"), or null.
create function private.payload_workspace(payload jsonb) returns uuid
language sql immutable
set search_path = ''
as $$
  select case when payload ->> 'workspace_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (payload ->> 'workspace_id')::uuid end
$$;

revoke all on function private.job_queue_installed(), private.enqueue_job(text, jsonb, timestamptz, text, integer),
  private.cancel_job(text), private.flush_job_backlog(), private.job_worker_alive(), private.maintain_job_queue(interval),
  private.payload_workspace(jsonb) from public, anon, authenticated;
