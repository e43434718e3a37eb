-- The queue counts as installed only once graphile-worker has applied all of its migrations. A worker installs its
-- schema one migration per transaction: graphile_worker.add_job existed after the first ones, so a job asked for
-- while a worker was still migrating went to tables a later migration was replacing, and the request failed
-- ("could not open relation with OID …", a 500). Until the last migration has committed, private.enqueue_job keeps
-- jobs in private.job_backlog, which the worker's first maintenance round moves into the queue.
--
-- 19 is the last migration of graphile-worker 0.17.3 (node_modules/graphile-worker/sql/000019.sql); upgrading
-- graphile-worker means a new migration here with its last number
-- (tests/integration/job-queue-install.test.ts compares them).
create or replace function private.job_queue_installed() returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  latest integer;
begin
  if to_regclass('graphile_worker.migrations') is null
    or to_regprocedure('graphile_worker.add_job(text, json, text, timestamp with time zone, integer, text, integer, text[], text)') is null then
    return false;
  end if;
  execute 'select max(id) from graphile_worker.migrations' into latest;
  return coalesce(latest >= 19, false);
end
$$;

revoke all on function private.job_queue_installed() from public, anon, authenticated;
