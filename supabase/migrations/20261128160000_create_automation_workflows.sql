-- Automation workflows (issue 29, decision 0023): a workspace's workflows, each a versioned graph of steps that a
-- trigger starts for one contact at a time (the runs: 20261128160100_create_automation_runs.sql).
--
-- A workflow's graph is JSON (its shape: docs/decisions/0023-automation.md):
--   {"trigger": {"type": "contact_created" | "tag_added" (+ "tag") | "score_band_entered" (+ "band") | "form_submitted"},
--    "enrollment": "once" | "again_after_exit",
--    "steps": [{"id": "s1", "type": "add_tag", "tag": "new", "next": "s2"}, …]}   -- the first step is where a run starts
-- Versions: a workflow has at most one draft and at most one published version. Saving edits the draft (a published
-- workflow gets a new draft beside its published version, which keeps running); publishing validates the draft,
-- retires the published version and puts the draft in its place. Runs keep the version they started on.
--
-- Who: every member reads (viewers included); members, admins and owners create, edit, publish, pause and delete;
-- nobody outside the workspace sees anything. Versions are written only through the functions below.

-- Workflows reference contacts and members of their own workspace only: a composite key makes it a constraint.
alter table public.contacts add constraint contacts_id_organization_key unique (id, organization_id);

create table public.automation_workflows (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  name text not null constraint automation_workflows_name_length check (char_length(btrim(name)) between 1 and 120),
  status text not null default 'draft' constraint automation_workflows_status_check check (status in ('draft', 'published', 'paused')),
  -- The published version's trigger, for matching events without reading graphs.
  trigger_type text,
  trigger_value text,
  published_version_id uuid,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, organization_id)
);
create index automation_workflows_organization_idx on public.automation_workflows (organization_id, created_at);
create index automation_workflows_trigger_idx on public.automation_workflows (organization_id, trigger_type) where status = 'published';

create table public.automation_workflow_versions (
  id uuid primary key default gen_random_uuid(),
  workflow_id uuid not null,
  organization_id uuid not null,
  version integer not null constraint automation_workflow_versions_version_positive check (version > 0),
  state text not null default 'draft' constraint automation_workflow_versions_state_check check (state in ('draft', 'published', 'retired')),
  graph jsonb not null constraint automation_workflow_versions_graph_object check (jsonb_typeof(graph) = 'object'),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  published_at timestamptz,
  foreign key (workflow_id, organization_id) references public.automation_workflows (id, organization_id) on delete cascade,
  unique (workflow_id, version),
  unique (id, organization_id)
);
create unique index automation_workflow_versions_one_draft on public.automation_workflow_versions (workflow_id) where state = 'draft';
create unique index automation_workflow_versions_one_published on public.automation_workflow_versions (workflow_id) where state = 'published';

alter table public.automation_workflows add constraint automation_workflows_published_version_fkey
  foreign key (published_version_id, organization_id) references public.automation_workflow_versions (id, organization_id);

create trigger automation_workflows_set_updated_at
  before insert or update on public.automation_workflows
  for each row execute function private.set_updated_at();
create trigger automation_workflow_versions_set_updated_at
  before insert or update on public.automation_workflow_versions
  for each row execute function private.set_updated_at();

alter table public.automation_workflows enable row level security;
alter table public.automation_workflow_versions enable row level security;
revoke all on table public.automation_workflows, public.automation_workflow_versions from anon, authenticated;
grant select, delete on table public.automation_workflows to authenticated;
grant update (name) on table public.automation_workflows to authenticated;
grant select on table public.automation_workflow_versions to authenticated;
grant all on table public.automation_workflows, public.automation_workflow_versions to service_role;

create policy "Members read their workspace's workflows" on public.automation_workflows
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));
create policy "Members rename their workspace's workflows" on public.automation_workflows
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));
create policy "Members delete their workspace's workflows" on public.automation_workflows
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
create policy "Members read their workspace's workflow versions" on public.automation_workflow_versions
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

-- In-app notices for a member (the "notify a team member" step; other modules may add kinds). A member reads and
-- marks read their own notices, in workspaces they still belong to; nobody else reads them.
create table public.member_notices (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null default 'automation' constraint member_notices_kind_format check (kind ~ '^[a-z][a-z_]{0,40}$'),
  title text not null constraint member_notices_title_length check (char_length(title) between 1 and 200),
  body text not null default '' constraint member_notices_body_length check (char_length(body) <= 2000),
  contact_id uuid,
  workflow_id uuid,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  foreign key (contact_id, organization_id) references public.contacts (id, organization_id) on delete cascade
);
create index member_notices_user_idx on public.member_notices (user_id, organization_id, created_at desc);

alter table public.member_notices enable row level security;
revoke all on table public.member_notices from anon, authenticated;
grant select on table public.member_notices to authenticated;
grant update (read_at) on table public.member_notices to authenticated;
grant all on table public.member_notices to service_role;

create policy "Members read their own notices" on public.member_notices
  for select to authenticated
  using (user_id = (select auth.uid()) and organization_id in (select private.current_user_organization_ids()));
create policy "Members mark their own notices read" on public.member_notices
  for update to authenticated
  using (user_id = (select auth.uid()) and organization_id in (select private.current_user_organization_ids()))
  with check (user_id = (select auth.uid()));

-- Where a step goes next: its "next", its "yes" and "no", its branches' "next" (nulls left out).
create function private.automation_step_targets(step jsonb) returns setof text
language sql immutable parallel safe
set search_path = ''
as $$
  select t from (
    select step ->> 'next' union all select step ->> 'yes' union all select step ->> 'no'
    union all
    select b ->> 'next' from jsonb_array_elements(case when jsonb_typeof(step -> 'branches') = 'array' then step -> 'branches' else '[]'::jsonb end) b
  ) x(t)
  where t is not null
$$;

-- The first thing wrong with a graph, or no row when it can be published: the step at fault (null for the
-- trigger or the graph as a whole), a problem code and a sentence for the person editing it.
create function private.automation_graph_problem(workspace_id uuid, graph jsonb)
returns table (step_id text, problem text, message text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  steps jsonb := graph -> 'steps';
  trigger jsonb := graph -> 'trigger';
  step jsonb;
  sid text;
  stype text;
  ids text[] := '{}';
  target text;
  waits text[];
  cyclic text;
  branch jsonb;
  shares integer;
  member_text text;
  label text;
begin
  if jsonb_typeof(trigger) <> 'object' or trigger ->> 'type' is null
     or trigger ->> 'type' not in ('contact_created', 'tag_added', 'score_band_entered', 'form_submitted') then
    return query select null::text, 'trigger_unknown', 'Choose what starts the workflow.';
    return;
  end if;
  if trigger ->> 'type' = 'tag_added' and (trigger ->> 'tag' is null or char_length(btrim(trigger ->> 'tag')) not between 1 and 50) then
    return query select null::text, 'trigger_tag_missing', 'Name the tag that starts the workflow.';
    return;
  end if;
  if trigger ->> 'type' = 'score_band_entered' and coalesce(trigger ->> 'band', '') not in ('hot', 'warm', 'cool', 'cold') then
    return query select null::text, 'trigger_band_missing', 'Choose the score band that starts the workflow.';
    return;
  end if;
  if coalesce(graph ->> 'enrollment', 'once') not in ('once', 'again_after_exit') then
    return query select null::text, 'enrollment_unknown', 'Choose whether a contact may go through the workflow again.';
    return;
  end if;
  if jsonb_typeof(steps) <> 'array' or jsonb_array_length(steps) = 0 then
    return query select null::text, 'no_steps', 'Add at least one step.';
    return;
  end if;
  if jsonb_array_length(steps) > 50 then
    return query select null::text, 'too_many_steps', 'A workflow has at most 50 steps.';
    return;
  end if;

  -- Ids first: every later check names a step by its id.
  for step in select value from jsonb_array_elements(steps) loop
    sid := step ->> 'id';
    if jsonb_typeof(step) <> 'object' or sid is null or sid !~ '^[A-Za-z0-9_-]{1,40}$' then
      return query select sid, 'step_id_invalid', 'Every step needs an id of letters, digits, - or _.';
      return;
    end if;
    if sid = any(ids) then
      return query select sid, 'duplicate_step', format('Two steps are called “%s”.', sid);
      return;
    end if;
    ids := ids || sid;
  end loop;

  for step in select value from jsonb_array_elements(steps) loop
    sid := step ->> 'id';
    stype := step ->> 'type';
    label := format('Step “%s”', sid);
    if stype is null or stype not in ('wait', 'condition', 'split', 'add_tag', 'remove_tag', 'set_stage', 'adjust_score', 'notify', 'send_email', 'end') then
      return query select sid, 'unknown_step_type', format('%s: “%s” is not a kind of step.', label, coalesce(stype, ''));
      return;
    end if;
    -- Branches: every way out leads to a step of the graph ("end" has none).
    if stype = 'condition' and (step ->> 'yes' is null or step ->> 'no' is null) then
      return query select sid, 'missing_branch', format('%s: choose where both the yes and the no branch go.', label);
      return;
    elsif stype = 'split' then
      if jsonb_typeof(step -> 'branches') <> 'array' or jsonb_array_length(step -> 'branches') not between 2 and 4 then
        return query select sid, 'missing_branch', format('%s: a split has 2 to 4 branches.', label);
        return;
      end if;
      shares := 0;
      for branch in select value from jsonb_array_elements(step -> 'branches') loop
        if branch ->> 'next' is null then
          return query select sid, 'missing_branch', format('%s: choose where every branch goes.', label);
          return;
        end if;
        if jsonb_typeof(branch -> 'share') <> 'number' or (branch ->> 'share')::numeric not between 1 and 99 then
          return query select sid, 'split_share_invalid', format('%s: each branch takes a share of 1 to 99 %%.', label);
          return;
        end if;
        shares := shares + (branch ->> 'share')::numeric;
      end loop;
      if shares <> 100 then
        return query select sid, 'split_share_invalid', format('%s: the shares add up to %s %%, not 100 %%.', label, shares);
        return;
      end if;
    elsif stype not in ('condition', 'split', 'end') and step ->> 'next' is null then
      return query select sid, 'missing_branch', format('%s: choose the step that comes next (or an end step).', label);
      return;
    end if;
    for target in select private.automation_step_targets(step) loop
      if not target = any(ids) then
        return query select sid, 'unknown_target', format('%s: leads to “%s”, which is not a step of this workflow.', label, target);
        return;
      end if;
    end loop;

    -- Each kind's settings.
    if stype = 'wait' and (jsonb_typeof(step -> 'minutes') <> 'number' or (step ->> 'minutes')::numeric not between 1 and 525600
        or (step ->> 'minutes')::numeric <> trunc((step ->> 'minutes')::numeric)) then
      return query select sid, 'wait_invalid', format('%s: wait a whole number of minutes, from 1 minute to a year.', label);
      return;
    elsif stype in ('add_tag', 'remove_tag') and (step ->> 'tag' is null or char_length(btrim(step ->> 'tag')) not between 1 and 50 or step ->> 'tag' <> btrim(step ->> 'tag')) then
      return query select sid, 'tag_invalid', format('%s: name a tag of 1 to 50 characters.', label);
      return;
    elsif stype = 'set_stage' and coalesce(step ->> 'stage', '') not in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned') then
      return query select sid, 'stage_invalid', format('%s: choose a lifecycle stage.', label);
      return;
    elsif stype = 'adjust_score' and (jsonb_typeof(step -> 'points') <> 'number' or (step ->> 'points')::numeric not between -100 and 100
        or (step ->> 'points')::numeric = 0 or (step ->> 'points')::numeric <> trunc((step ->> 'points')::numeric)) then
      return query select sid, 'points_invalid', format('%s: adjust the score by a whole number from -100 to 100, not 0.', label);
      return;
    elsif stype = 'condition' then
      if jsonb_typeof(step -> 'check') <> 'object' or coalesce(step -> 'check' ->> 'kind', '') not in ('tag', 'band', 'stage', 'has_email') then
        return query select sid, 'condition_invalid', format('%s: choose what the condition checks.', label);
        return;
      elsif step -> 'check' ->> 'kind' = 'tag' and char_length(btrim(coalesce(step -> 'check' ->> 'tag', ''))) not between 1 and 50 then
        return query select sid, 'condition_invalid', format('%s: name the tag the condition checks.', label);
        return;
      elsif step -> 'check' ->> 'kind' = 'band' and coalesce(step -> 'check' ->> 'band', '') not in ('hot', 'warm', 'cool', 'cold') then
        return query select sid, 'condition_invalid', format('%s: choose the score band the condition checks.', label);
        return;
      elsif step -> 'check' ->> 'kind' = 'stage' and coalesce(step -> 'check' ->> 'stage', '') not in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned') then
        return query select sid, 'condition_invalid', format('%s: choose the lifecycle stage the condition checks.', label);
        return;
      end if;
    elsif stype = 'notify' then
      member_text := step ->> 'member';
      if member_text is null or (member_text <> 'owner' and member_text !~ '^[0-9a-fA-F-]{36}$') then
        return query select sid, 'member_missing', format('%s: choose the member to notify (or the contact''s owner).', label);
        return;
      end if;
      if member_text <> 'owner' and not exists (
        select 1 from public.organization_members m where m.organization_id = automation_graph_problem.workspace_id and m.user_id = member_text::uuid
      ) then
        return query select sid, 'foreign_member', format('%s: the member to notify is not in this workspace.', label);
        return;
      end if;
      if char_length(coalesce(step ->> 'message', '')) > 500 then
        return query select sid, 'message_too_long', format('%s: a notice has at most 500 characters.', label);
        return;
      end if;
    elsif stype = 'send_email' and (char_length(btrim(coalesce(step ->> 'subject', ''))) not between 1 and 150
        or char_length(btrim(coalesce(step ->> 'body', ''))) not between 1 and 20000) then
      return query select sid, 'email_invalid', format('%s: an e-mail needs a subject (up to 150 characters) and a text.', label);
      return;
    end if;
  end loop;

  -- A cycle must pass a wait: otherwise a contact would loop without pause. Edges between steps that are not waits;
  -- a step that reaches itself along them is on such a cycle (the first in the list is named).
  select array_agg(s ->> 'id') into waits from jsonb_array_elements(steps) s where s ->> 'type' = 'wait';
  waits := coalesce(waits, '{}');
  with recursive edges(src, dst) as (
    select s ->> 'id', t
    from jsonb_array_elements(steps) s, private.automation_step_targets(s) t
    where not (s ->> 'id') = any(waits) and not t = any(waits)
  ), reach(origin, node) as (
    select src, dst from edges
    union
    select r.origin, e.dst from reach r join edges e on e.src = r.node
  )
  select r.origin into cyclic
  from reach r join jsonb_array_elements(steps) with ordinality s(value, n) on s.value ->> 'id' = r.origin
  where r.origin = r.node
  order by s.n
  limit 1;
  if cyclic is not null then
    return query select cyclic, 'cycle_without_wait', format('Step “%s”: it leads back to itself without a wait on the way.', cyclic);
    return;
  end if;
end
$$;

-- A graph as it may be saved (drafts may be incomplete): an object of at most 64 kB.
create function private.check_automation_graph_size(graph jsonb) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if graph is null or jsonb_typeof(graph) <> 'object' then
    raise exception 'A workflow''s graph is a JSON object.' using errcode = 'P0001', detail = 'graph_invalid';
  end if;
  if octet_length(graph::text) > 65536 then
    raise exception 'A workflow''s graph has at most 64 kB.' using errcode = 'P0001', detail = 'graph_too_large';
  end if;
end
$$;

-- The workflow, checked to be of a workspace where the caller has at least min_role; a workflow of a workspace the
-- caller is not in does not exist for them.
create function private.automation_workflow_for(workflow_id uuid, min_role text) returns public.automation_workflows
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  found_workflow public.automation_workflows;
begin
  select * into found_workflow from public.automation_workflows w where w.id = automation_workflow_for.workflow_id for update;
  if not found or private.workspace_role(found_workflow.organization_id) is null then
    raise exception 'This workflow does not exist (any more).' using errcode = 'P0001', detail = 'unknown_workflow';
  end if;
  perform private.require_workspace_role(found_workflow.organization_id, min_role);
  return found_workflow;
end
$$;

-- A new workflow with its first draft. At most 100 workflows a workspace.
create function public.create_automation_workflow(workspace_id uuid, name text, graph jsonb)
returns public.automation_workflows
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  created public.automation_workflows;
begin
  perform private.require_workspace_role(create_automation_workflow.workspace_id, 'member');
  if char_length(btrim(coalesce(create_automation_workflow.name, ''))) not between 1 and 120 then
    raise exception 'Name the workflow (up to 120 characters).' using errcode = 'P0001', detail = 'name_invalid';
  end if;
  perform private.check_automation_graph_size(create_automation_workflow.graph);
  perform 1 from public.organizations o where o.id = create_automation_workflow.workspace_id for no key update;
  if (select count(*) from public.automation_workflows w where w.organization_id = create_automation_workflow.workspace_id) >= 100 then
    raise exception 'A workspace has at most 100 workflows: delete one first.' using errcode = 'P0001', detail = 'workflow_limit';
  end if;
  insert into public.automation_workflows (organization_id, name, created_by)
  values (create_automation_workflow.workspace_id, btrim(create_automation_workflow.name), (select auth.uid()))
  returning * into created;
  insert into public.automation_workflow_versions (workflow_id, organization_id, version, graph, created_by)
  values (created.id, created.organization_id, 1, create_automation_workflow.graph, (select auth.uid()));
  return created;
end
$$;

-- Saves the graph as the workflow's draft: the existing draft, or a new one (the next version number) beside the
-- published version, which keeps running until the draft is published.
create function public.save_automation_draft(workflow_id uuid, graph jsonb)
returns public.automation_workflow_versions
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workflow public.automation_workflows := private.automation_workflow_for(save_automation_draft.workflow_id, 'member');
  saved public.automation_workflow_versions;
begin
  perform private.check_automation_graph_size(save_automation_draft.graph);
  update public.automation_workflow_versions v set graph = save_automation_draft.graph
  where v.workflow_id = workflow.id and v.state = 'draft'
  returning * into saved;
  if not found then
    insert into public.automation_workflow_versions (workflow_id, organization_id, version, graph, created_by)
    select workflow.id, workflow.organization_id, coalesce(max(v.version), 0) + 1, save_automation_draft.graph, (select auth.uid())
    from public.automation_workflow_versions v where v.workflow_id = workflow.id
    returning * into saved;
  end if;
  return saved;
end
$$;

-- Publishes the draft: validated first (an invalid graph raises P0001 with the problem in `detail` and the step's id
-- in `hint`), then it replaces the published version; new enrollments take it, runs in flight keep theirs.
create function public.publish_automation_workflow(workflow_id uuid)
returns public.automation_workflows
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workflow public.automation_workflows := private.automation_workflow_for(publish_automation_workflow.workflow_id, 'member');
  draft public.automation_workflow_versions;
  fault record;
begin
  select * into draft from public.automation_workflow_versions v where v.workflow_id = workflow.id and v.state = 'draft';
  if not found then
    raise exception 'There are no changes to publish.' using errcode = 'P0001', detail = 'nothing_to_publish';
  end if;
  select * into fault from private.automation_graph_problem(workflow.organization_id, draft.graph) limit 1;
  if found then
    raise exception '%', fault.message using errcode = 'P0001', detail = fault.problem, hint = coalesce(fault.step_id, '');
  end if;
  update public.automation_workflow_versions v set state = 'retired' where v.workflow_id = workflow.id and v.state = 'published';
  update public.automation_workflow_versions v set state = 'published', published_at = now() where v.id = draft.id;
  update public.automation_workflows w
  set status = 'published', published_version_id = draft.id, trigger_type = draft.graph -> 'trigger' ->> 'type',
      trigger_value = coalesce(draft.graph -> 'trigger' ->> 'tag', draft.graph -> 'trigger' ->> 'band')
  where w.id = workflow.id
  returning * into workflow;
  return workflow;
end
$$;

-- Pauses a published workflow (no new enrollments; contacts already in it go on) or resumes it.
create function public.set_automation_workflow_paused(workflow_id uuid, paused boolean)
returns public.automation_workflows
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workflow public.automation_workflows := private.automation_workflow_for(set_automation_workflow_paused.workflow_id, 'member');
begin
  if workflow.published_version_id is null then
    raise exception 'Publish the workflow first.' using errcode = 'P0001', detail = 'not_published';
  end if;
  update public.automation_workflows w set status = case when set_automation_workflow_paused.paused then 'paused' else 'published' end
  where w.id = workflow.id
  returning * into workflow;
  return workflow;
end
$$;

revoke all on function private.automation_step_targets(jsonb), private.automation_graph_problem(uuid, jsonb),
  private.check_automation_graph_size(jsonb), private.automation_workflow_for(uuid, text) from public, anon, authenticated;
revoke all on function public.create_automation_workflow(uuid, text, jsonb), public.save_automation_draft(uuid, jsonb),
  public.publish_automation_workflow(uuid), public.set_automation_workflow_paused(uuid, boolean) from public, anon;
grant execute on function public.create_automation_workflow(uuid, text, jsonb), public.save_automation_draft(uuid, jsonb),
  public.publish_automation_workflow(uuid), public.set_automation_workflow_paused(uuid, boolean) to authenticated, service_role;
