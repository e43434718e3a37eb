-- The runs of automation workflows (issue 29, decision 0023): an enrollment is one contact going through one version
-- of a workflow; each step it takes is a step run; the run log keeps what happened, in order.
--
-- - One active run per workflow and contact (a unique index), whatever triggers fire at once.
-- - A step run is unique per enrollment, step and visit (a step of a loop is visited more than once): the key that
--   makes each step execute at most once. The step run is written in the same transaction as the step's effect on
--   the database (a tag, a stage, a score, a notice, the queued e-mail's row), so a crash between "done" and
--   "recorded" cannot happen: either both are there or neither is.
-- - Everything here belongs to one workspace: enrollments reference the workflow, the version and the contact together
--   with their workspace, so a run can never point at another workspace's contact.
-- Everyone in the workspace reads runs; only the job runner writes them.

create table public.automation_enrollments (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  workflow_id uuid not null,
  version_id uuid not null,
  contact_id uuid not null,
  status text not null default 'active' constraint automation_enrollments_status_check check (status in ('active', 'finished', 'failed', 'exited')),
  current_step text,
  current_visit integer not null default 1,
  -- When a waiting run is due (null while it is not waiting).
  due_at timestamptz,
  error text constraint automation_enrollments_error_length check (char_length(error) <= 1000),
  event_id bigint,
  entered_at timestamptz not null default now(),
  finished_at timestamptz,
  foreign key (workflow_id, organization_id) references public.automation_workflows (id, organization_id) on delete cascade,
  foreign key (version_id, organization_id) references public.automation_workflow_versions (id, organization_id) on delete cascade,
  foreign key (contact_id, organization_id) references public.contacts (id, organization_id) on delete cascade,
  unique (id, organization_id)
);
create unique index automation_enrollments_one_active on public.automation_enrollments (workflow_id, contact_id) where status = 'active';
create index automation_enrollments_workflow_idx on public.automation_enrollments (workflow_id, status, current_step);
create index automation_enrollments_contact_idx on public.automation_enrollments (contact_id, entered_at desc);
create index automation_enrollments_organization_idx on public.automation_enrollments (organization_id, entered_at);

create table public.automation_step_runs (
  id bigint generated always as identity primary key,
  organization_id uuid not null,
  enrollment_id uuid not null,
  step_id text not null,
  visit integer not null,
  step_type text not null,
  status text not null constraint automation_step_runs_status_check check (status in ('waiting', 'done', 'skipped', 'failed')),
  -- What the step did or chose: 'yes'/'no', a split's branch, 'no_email', …
  outcome text constraint automation_step_runs_outcome_length check (char_length(outcome) <= 200),
  due_at timestamptz,
  email_id bigint,
  error text constraint automation_step_runs_error_length check (char_length(error) <= 1000),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  foreign key (enrollment_id, organization_id) references public.automation_enrollments (id, organization_id) on delete cascade,
  unique (enrollment_id, step_id, visit)
);

create table public.automation_run_log (
  id bigint generated always as identity primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  workflow_id uuid not null,
  enrollment_id uuid,
  contact_id uuid,
  event text not null constraint automation_run_log_event_check check (event in ('entered', 'step', 'waiting', 'finished', 'failed')),
  step_id text,
  detail text constraint automation_run_log_detail_length check (char_length(detail) <= 1000),
  created_at timestamptz not null default now(),
  foreign key (workflow_id, organization_id) references public.automation_workflows (id, organization_id) on delete cascade
);
create index automation_run_log_workflow_idx on public.automation_run_log (workflow_id, id desc);
create index automation_run_log_enrollment_idx on public.automation_run_log (enrollment_id, id);

alter table public.automation_enrollments enable row level security;
alter table public.automation_step_runs enable row level security;
alter table public.automation_run_log enable row level security;
revoke all on table public.automation_enrollments, public.automation_step_runs, public.automation_run_log from anon, authenticated;
grant select on table public.automation_enrollments, public.automation_step_runs, public.automation_run_log to authenticated;
grant all on table public.automation_enrollments, public.automation_step_runs, public.automation_run_log to service_role;

create policy "Members read their workspace's enrollments" on public.automation_enrollments
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));
create policy "Members read their workspace's step runs" on public.automation_step_runs
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));
create policy "Members read their workspace's run log" on public.automation_run_log
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

-- Per workflow of a workspace: how many contacts entered, are active, finished, exited, failed, and how many wait
-- at each step (step id → count). Runs as the caller: RLS leaves other workspaces' workflows out.
create function public.automation_workflow_counts(workspace_id uuid)
returns table (workflow_id uuid, entered bigint, active bigint, finished bigint, exited bigint, failed bigint, at_step jsonb)
language sql stable security invoker
set search_path = ''
as $$
  select w.id,
    count(e.id),
    count(e.id) filter (where e.status = 'active'),
    count(e.id) filter (where e.status = 'finished'),
    count(e.id) filter (where e.status = 'exited'),
    count(e.id) filter (where e.status = 'failed'),
    coalesce((
      select jsonb_object_agg(s.current_step, s.n)
      from (select a.current_step, count(*) as n from public.automation_enrollments a
            where a.workflow_id = w.id and a.status = 'active' group by a.current_step) s
    ), '{}'::jsonb)
  from public.automation_workflows w
  left join public.automation_enrollments e on e.workflow_id = w.id
  where w.organization_id = automation_workflow_counts.workspace_id
  group by w.id
$$;

revoke all on function public.automation_workflow_counts(uuid) from public, anon;
grant execute on function public.automation_workflow_counts(uuid) to authenticated, service_role;
