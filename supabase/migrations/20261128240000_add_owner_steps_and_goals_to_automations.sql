-- Automation (issue 29, decision 0023), more step kinds and the goal:
-- - Step "change owner" {type: 'set_owner', member: <user id>, next}: the contact's owner becomes that member of the
--   workflow's workspace. Publishing refuses a member of another workspace or no member ('foreign_member', naming the
--   step); when the step runs, a member who has left since is skipped ('not_a_member'), never set.
-- - A workflow's goal {goal: {kind: 'tag', tag} | {kind: 'stage', stage}} (validated here: 'goal_invalid'); a run
--   whose contact meets it exits ('exited', exit_reason 'goal'): private.automation_apply_step takes the decision
--   {exit: 'goal'} (the step job decides it, decideStep) and the run log records 'exited'.
-- - Newer kinds' settings are checked by private.automation_step_settings_problem and their effects by functions of
--   their own (private.automation_notify_email, private.automation_call_webhook), so later kinds replace those alone.
--   Until they are built, a notice by e-mail and a webhook step cannot be published (and refuse to run).
-- automation_graph_problem as in 20261128210200 and automation_apply_step as in 20261128200000, except for the above.

alter table public.automation_enrollments add column exit_reason text
  constraint automation_enrollments_exit_reason_check check (exit_reason in ('goal'));
alter table public.automation_run_log drop constraint automation_run_log_event_check;
alter table public.automation_run_log add constraint automation_run_log_event_check
  check (event in ('entered', 'step', 'waiting', 'finished', 'failed', 'exited'));

create function private.automation_goal_problem(graph jsonb)
returns table (step_id text, problem text, message text)
language plpgsql immutable
set search_path = ''
as $$
declare
  goal jsonb := graph -> 'goal';
begin
  if goal is null or jsonb_typeof(goal) = 'null' then
    return;
  end if;
  if jsonb_typeof(goal) <> 'object'
     or coalesce(goal ->> 'kind', '') not in ('tag', 'stage')
     or (goal ->> 'kind' = 'tag' and char_length(btrim(coalesce(goal ->> 'tag', ''))) not between 1 and 50)
     or (goal ->> 'kind' = 'stage' and coalesce(goal ->> 'stage', '') not in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned')) then
    return query select null::text, 'goal_invalid', 'The goal: choose a lifecycle stage or name a tag (of 1 to 50 characters) that ends the run.';
  end if;
end
$$;

-- The settings of a newer kind of step (problem code and sentence, without the step's label), or no row.
create function private.automation_step_settings_problem(workspace_id uuid, step jsonb)
returns table (problem text, message text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if step ->> 'type' = 'set_owner' then
    if coalesce(step ->> 'member', '') !~ '^[0-9a-fA-F-]{36}$' then
      return query select 'member_missing', 'choose the member who becomes the contact''s owner.';
    elsif not exists (
      select 1 from public.organization_members m
      where m.organization_id = automation_step_settings_problem.workspace_id and m.user_id::text = lower(step ->> 'member')
    ) then
      return query select 'foreign_member', 'the new owner is not a member of this workspace.';
    end if;
  elsif step ->> 'type' = 'notify' and step ? 'email' then
    if jsonb_typeof(step -> 'email') <> 'boolean' then
      return query select 'notify_invalid', 'say whether the notice also goes by e-mail.';
    elsif (step ->> 'email')::boolean then
      return query select 'not_available', 'a notice by e-mail is not available yet.';
    end if;
  elsif step ->> 'type' = 'webhook' then
    return query select 'not_available', 'calling a webhook is not available yet.';
  end if;
end
$$;

-- Effects of the newer kinds, refused until they are built (never reached: publishing refuses those steps).
create function private.automation_notify_email(enrollment public.automation_enrollments, step_id text, visit integer, recipient uuid, title text, body text)
returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  raise exception 'A notice by e-mail is not available yet.';
end
$$;

create function private.automation_call_webhook(enrollment public.automation_enrollments, step_id text, visit integer, step jsonb, contact public.contacts)
returns table (status text, outcome text)
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  raise exception 'Calling a webhook is not available yet.';
end
$$;

create or replace function private.automation_graph_problem(workspace_id uuid, graph jsonb)
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
     or trigger ->> 'type' not in ('contact_created', 'tag_added', 'score_band_entered', 'form_submitted', 'list_subscribed',
       'email_opened', 'email_clicked') then
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
  -- Compared as text: an id that is no uuid names no list (and raises nothing).
  if trigger ->> 'type' = 'list_subscribed' and not exists (
    select 1 from public.email_lists l
    where l.organization_id = automation_graph_problem.workspace_id and l.id::text = trigger ->> 'list_id'
  ) then
    return query select null::text, 'trigger_list_unknown', 'Choose a list of this workspace: subscribing to it starts the workflow.';
    return;
  end if;
  if trigger ->> 'type' in ('email_opened', 'email_clicked') and trigger ->> 'campaign_id' is not null and not exists (
    select 1 from public.email_campaigns c
    where c.organization_id = automation_graph_problem.workspace_id and c.id::text = trigger ->> 'campaign_id'
  ) then
    return query select null::text, 'trigger_campaign_unknown', 'Choose a campaign of this workspace (or any e-mail) whose opens or clicks start the workflow.';
    return;
  end if;
  if coalesce(graph ->> 'enrollment', 'once') not in ('once', 'again_after_exit') then
    return query select null::text, 'enrollment_unknown', 'Choose whether a contact may go through the workflow again.';
    return;
  end if;
  -- The workflow's goal and each newer kind's settings are checked by functions of their own (below).
  return query select g.step_id, g.problem, g.message from private.automation_goal_problem(graph) g;
  if found then
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
    if stype is null or stype not in ('wait', 'condition', 'split', 'add_tag', 'remove_tag', 'set_stage', 'adjust_score', 'notify', 'send_email', 'end', 'set_owner', 'webhook') then
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
    if stype = 'wait' and step ? 'until' then
      if jsonb_typeof(step -> 'until') <> 'object'
         or not (jsonb_typeof(step -> 'until' -> 'weekday') is null or jsonb_typeof(step -> 'until' -> 'weekday') = 'null'
           or (jsonb_typeof(step -> 'until' -> 'weekday') = 'number' and (step -> 'until' ->> 'weekday')::numeric in (0, 1, 2, 3, 4, 5, 6)))
         or jsonb_typeof(step -> 'until' -> 'hour') is distinct from 'number'
         or (step -> 'until' ->> 'hour')::numeric not in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23) then
        return query select sid, 'wait_until_invalid', format('%s: wait until an hour from 0 to 23, on a weekday or any day.', label);
        return;
      end if;
      if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = step ->> 'time_zone') then
        return query select sid, 'time_zone_invalid', format('%s: choose the time zone of the hour to wait for.', label);
        return;
      end if;
    elsif stype = 'wait' and (jsonb_typeof(step -> 'minutes') <> 'number' or (step ->> 'minutes')::numeric not between 1 and 525600
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
    elsif stype in ('set_owner', 'webhook') or (stype = 'notify' and step ? 'email') then
      return query select sid, p.problem, format('%s: %s', label, p.message) from private.automation_step_settings_problem(automation_graph_problem.workspace_id, step) p;
      if found then
        return;
      end if;
    end if;
    if stype = 'notify' then
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
    end if;
    if stype = 'send_email' and step ->> 'template_id' is not null then
      -- Compared as text: an id that is no uuid names no template (and raises nothing).
      if not exists (
        select 1 from public.email_templates t
        where t.organization_id = automation_graph_problem.workspace_id and t.id::text = step ->> 'template_id'
      ) then
        return query select sid, 'email_template_unknown', format('%s: the e-mail template is not one of this workspace''s templates.', label);
        return;
      end if;
    elsif stype = 'send_email' and (char_length(btrim(coalesce(step ->> 'subject', ''))) not between 1 and 150
        or char_length(btrim(coalesce(step ->> 'body', ''))) not between 1 and 20000) then
      return query select sid, 'email_invalid', format('%s: an e-mail needs a subject (up to 150 characters) and a text, or a template.', label);
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

create or replace function private.automation_apply_step(workspace_id uuid, enrollment_id uuid, step_id text, visit integer, decision jsonb)
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  enrollment public.automation_enrollments;
  step jsonb;
  step_type text;
  run public.automation_step_runs;
  contact public.contacts;
  next_step text := decision ->> 'next';
  step_outcome text := left(decision ->> 'outcome', 200);
  run_status text := 'done';
  due timestamptz;
  email_id bigint;
  queued_delivery bigint;
  send_outcome text;
  recipient uuid;
  workflow_name text;
  contact_name text;
  next_visit integer;
  failure text;
  failure_outcome text;
  extra record;
  job_payload jsonb := jsonb_build_object('workspace_id', automation_apply_step.workspace_id, 'enrollment_id', automation_apply_step.enrollment_id);
begin
  select * into enrollment from public.automation_enrollments e where e.id = automation_apply_step.enrollment_id for update;
  if not found then
    return 'gone';
  end if;
  if enrollment.organization_id <> automation_apply_step.workspace_id then
    raise exception 'enrollment % does not belong to workspace %', enrollment_id, workspace_id using errcode = '42501', detail = 'foreign_enrollment';
  end if;
  if enrollment.status <> 'active' then
    return 'inactive';
  end if;
  if enrollment.current_step is distinct from automation_apply_step.step_id or enrollment.current_visit <> automation_apply_step.visit then
    return 'stale';
  end if;
  select s into step
  from public.automation_workflow_versions v, jsonb_array_elements(v.graph -> 'steps') s
  where v.id = enrollment.version_id and s ->> 'id' = automation_apply_step.step_id;
  step_type := step ->> 'type';
  if next_step is not null and not exists (select 1 from private.automation_step_targets(step) t where t = next_step) then
    raise exception 'automation_apply_step: "%" is not a way out of step "%"', next_step, automation_apply_step.step_id using errcode = '22023';
  end if;
  select * into run from public.automation_step_runs r
  where r.enrollment_id = enrollment.id and r.step_id = automation_apply_step.step_id and r.visit = automation_apply_step.visit;

  if decision ? 'wait_until' then
    if run.id is null then
      due := (decision ->> 'wait_until')::timestamptz;
      insert into public.automation_step_runs (organization_id, enrollment_id, step_id, visit, step_type, status, due_at)
      values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type, 'waiting', due);
      update public.automation_enrollments e set due_at = due where e.id = enrollment.id;
      insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
      values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'waiting', automation_apply_step.step_id, due::text);
    else
      due := run.due_at;
    end if;
    perform private.enqueue_job('automation_step', job_payload, due, 'automation:' || enrollment.id, 10);
    return 'waiting';
  end if;
  if run.id is not null and run.status <> 'waiting' then
    return 'stale';
  end if;
  -- The contact left the run before this step (its workflow's goal is met): the step does nothing.
  if decision ? 'exit' then
    if run.id is not null then
      update public.automation_step_runs r set status = 'skipped', outcome = left('exit_' || (decision ->> 'exit'), 200), due_at = null, finished_at = now()
      where r.id = run.id;
    end if;
    update public.automation_enrollments e set status = 'exited', exit_reason = decision ->> 'exit', due_at = null, finished_at = now()
    where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'exited', automation_apply_step.step_id,
      decision ->> 'exit');
    return 'exited';
  end if;

  select * into contact from public.contacts c where c.id = enrollment.contact_id and c.organization_id = enrollment.organization_id for update;
  begin
    case step_type
      when 'add_tag' then
        update public.contacts c set tags = case when step ->> 'tag' = any(c.tags) then c.tags else c.tags || (step ->> 'tag') end
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'remove_tag' then
        update public.contacts c set tags = array_remove(c.tags, step ->> 'tag')
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'set_stage' then
        update public.contacts c set lifecycle_stage = step ->> 'stage'
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'adjust_score' then
        update public.contacts c set score_adjustment = greatest(-100, least(100, c.score_adjustment + (step ->> 'points')::integer))
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'set_owner' then
        recipient := (step ->> 'member')::uuid;
        if not exists (select 1 from public.organization_members m where m.organization_id = enrollment.organization_id and m.user_id = recipient) then
          run_status := 'skipped';
          step_outcome := 'not_a_member';
        else
          update public.contacts c set owner_id = recipient where c.id = contact.id and c.organization_id = enrollment.organization_id;
        end if;
      when 'webhook' then
        select x.status, x.outcome into extra
        from private.automation_call_webhook(enrollment, automation_apply_step.step_id, automation_apply_step.visit, step, contact) x;
        run_status := extra.status;
        step_outcome := extra.outcome;
      when 'notify' then
        recipient := case when step ->> 'member' = 'owner' then contact.owner_id else (step ->> 'member')::uuid end;
        if recipient is null then
          run_status := 'skipped';
          step_outcome := 'no_owner';
        elsif not exists (select 1 from public.organization_members m where m.organization_id = enrollment.organization_id and m.user_id = recipient) then
          run_status := 'skipped';
          step_outcome := 'not_a_member';
        else
          select w.name into workflow_name from public.automation_workflows w where w.id = enrollment.workflow_id;
          contact_name := coalesce(nullif(btrim(concat_ws(' ', contact.first_name, contact.last_name)), ''), contact.email, 'A contact');
          insert into public.member_notices (organization_id, user_id, title, body, contact_id, workflow_id)
          values (enrollment.organization_id, recipient, left(workflow_name || ': ' || contact_name, 200),
            left(coalesce(step ->> 'message', ''), 2000), contact.id, enrollment.workflow_id);
          if coalesce((step ->> 'email')::boolean, false) then
            email_id := private.automation_notify_email(enrollment, automation_apply_step.step_id, automation_apply_step.visit, recipient,
              left(workflow_name || ': ' || contact_name, 200), left(coalesce(step ->> 'message', ''), 2000));
          end if;
        end if;
      when 'send_email' then
        if step ->> 'template_id' is not null then
          select s.delivery_id, s.outcome into queued_delivery, send_outcome
          from private.send_email_template(enrollment.organization_id, (step ->> 'template_id')::uuid, enrollment.contact_id,
            'automation:' || enrollment.id || ':' || automation_apply_step.step_id || ':' || automation_apply_step.visit) s;
          if send_outcome = 'suppressed' then
            run_status := 'skipped';
            step_outcome := 'suppressed';
          elsif send_outcome = 'no_address' then
            run_status := 'skipped';
            step_outcome := 'no_email';
          elsif send_outcome = 'unknown_template' then
            raise exception 'The e-mail template of step "%" is no longer one of this workspace''s templates.', automation_apply_step.step_id
              using detail = 'unknown_template';
          elsif send_outcome = 'unknown_contact' then
            raise exception 'The contact is no longer in this workspace.' using detail = 'unknown_contact';
          elsif send_outcome is distinct from 'queued' and send_outcome is distinct from 'already_queued' then
            raise exception 'The e-mail could not be queued (%).', coalesce(send_outcome, 'no answer');
          end if;
        elsif contact.email is null then
          run_status := 'skipped';
          step_outcome := 'no_email';
        elsif private.email_suppressed(enrollment.organization_id, contact.email) then
          run_status := 'skipped';
          step_outcome := 'suppressed';
        else
          email_id := private.enqueue_email('automation_email', contact.email, jsonb_build_object(
            'workspace_id', enrollment.organization_id, 'enrollment_id', enrollment.id, 'step_id', automation_apply_step.step_id,
            'visit', automation_apply_step.visit,
            'subject', replace(step ->> 'subject', '{{first_name}}', coalesce(contact.first_name, 'there')),
            'body', replace(step ->> 'body', '{{first_name}}', coalesce(contact.first_name, 'there'))));
          if email_id is null then
            raise exception 'No background worker is running to send the e-mail.';
          end if;
        end if;
      else
        null;
    end case;
    if run.id is null then
      insert into public.automation_step_runs (organization_id, enrollment_id, step_id, visit, step_type, status, outcome, email_id,
        email_delivery_id, finished_at)
      values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type,
        run_status, step_outcome, email_id, queued_delivery, now());
    else
      update public.automation_step_runs r set status = run_status, outcome = step_outcome, email_delivery_id = queued_delivery, finished_at = now()
      where r.id = run.id;
    end if;
  exception when others then
    -- The effect is undone (this block's subtransaction); the run records the failure and the contact leaves.
    -- An e-mail step that failed for a known reason says it in the run's outcome (unknown_template, unknown_contact).
    get stacked diagnostics failure = message_text, failure_outcome = pg_exception_detail;
    failure := left(failure, 1000);
    failure_outcome := case when failure_outcome in ('unknown_template', 'unknown_contact') then failure_outcome end;
    insert into public.automation_step_runs as r (organization_id, enrollment_id, step_id, visit, step_type, status, outcome, error, finished_at)
    values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type, 'failed',
      failure_outcome, failure, now())
    on conflict on constraint automation_step_runs_enrollment_id_step_id_visit_key do update
      set status = 'failed', outcome = excluded.outcome, error = excluded.error, finished_at = now();
    update public.automation_enrollments e set status = 'failed', error = failure, due_at = null, finished_at = now() where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'failed', automation_apply_step.step_id, failure);
    return 'failed';
  end;

  insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
  values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'step', automation_apply_step.step_id, step_outcome);
  if step_type = 'end' or next_step is null then
    update public.automation_enrollments e set status = 'finished', current_step = null, due_at = null, finished_at = now() where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'finished');
    return 'finished';
  end if;
  select coalesce(max(r.visit), 0) + 1 into next_visit from public.automation_step_runs r where r.enrollment_id = enrollment.id and r.step_id = next_step;
  update public.automation_enrollments e set current_step = next_step, current_visit = next_visit, due_at = null where e.id = enrollment.id;
  return 'continue';
end
$$;

revoke all on function private.automation_goal_problem(jsonb), private.automation_step_settings_problem(uuid, jsonb),
  private.automation_notify_email(public.automation_enrollments, text, integer, uuid, text, text),
  private.automation_call_webhook(public.automation_enrollments, text, integer, jsonb, public.contacts),
  private.automation_graph_problem(uuid, jsonb), private.automation_apply_step(uuid, uuid, text, integer, jsonb)
  from public, anon, authenticated;
