-- Repeating jobs (the analytics rollups, every ANALYTICS_ROLLUP_SECONDS) are not retried when a run fails: the next
-- run is seconds away. Their failures used to be logged only, so a site admin never saw one. Now the job runner keeps
-- one open failure per repeating task in private.failed_jobs (key `repeat:<task>`): its attempts count the runs that
-- failed in a row, its error is the last one, and /admin/jobs lists it among the failed jobs. The next run that
-- succeeds closes it as 'recovered' (server/src/jobs/run-task.ts); a site admin may also retry or dismiss it.

alter table private.failed_jobs drop constraint failed_jobs_resolution_check;
alter table private.failed_jobs add constraint failed_jobs_resolution_check check (resolution in ('retried', 'cancelled', 'recovered'));
