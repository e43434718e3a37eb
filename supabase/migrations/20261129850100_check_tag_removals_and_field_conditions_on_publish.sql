-- Publishing checks the "tag removed" trigger and conditions on a contact's field (issue 29 §2 and §3; decision 0023,
-- session 15).
--   {type: 'tag_removed', tag}: a tag of 1 to 50 characters (no outer spaces), or none (absent or null) for any tag;
--     anything else is refused with 'trigger_tag_invalid'. The trigger itself: 20261129851000.
--   {kind: 'field', …} conditions: private.automation_field_condition_problem (20261129850000) says what is wrong, and
--     the refusal names the step (hint), as for the other kinds.
-- private.automation_graph_problem as in 20261129751000 except for those two (tests/integration/automation-field-conditions.test.ts,
-- automation-contact-triggers.test.ts).

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
  shares numeric;
  member_text text;
  label text;
begin
  if jsonb_typeof(trigger) is distinct from 'object' or trigger ->> 'type' is null
     or trigger ->> 'type' not in ('contact_created', 'tag_added', 'score_band_entered', 'form_submitted', 'list_subscribed',
       'email_opened', 'email_clicked', 'field_changed', 'date_reached', 'tag_removed') then
    return query select null::text, 'trigger_unknown', 'Choose what starts the workflow.';
    return;
  end if;
  if trigger ->> 'type' = 'tag_added' and (trigger ->> 'tag' is null or char_length(btrim(trigger ->> 'tag')) not between 1 and 50) then
    return query select null::text, 'trigger_tag_missing', 'Name the tag that starts the workflow.';
    return;
  end if;
  -- A removed tag: the one named, or any (no tag, or null).
  if trigger ->> 'type' = 'tag_removed' and jsonb_typeof(trigger -> 'tag') is distinct from 'null' and trigger ? 'tag' and (
       jsonb_typeof(trigger -> 'tag') <> 'string' or char_length(btrim(trigger ->> 'tag')) not between 1 and 50
       or trigger ->> 'tag' <> btrim(trigger ->> 'tag')) then
    return query select null::text, 'trigger_tag_invalid', 'Name the tag whose removal starts the workflow (1 to 50 characters), or leave it empty for any tag.';
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
  if exists (select 1 from private.automation_trigger_problem(automation_graph_problem.workspace_id, trigger)) then
    return query select null::text, p.problem, p.message from private.automation_trigger_problem(automation_graph_problem.workspace_id, trigger) p limit 1;
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
  if jsonb_typeof(steps) is distinct from 'array' or jsonb_array_length(steps) = 0 then
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
    if jsonb_typeof(step) is distinct from 'object' or sid is null or sid !~ '^[A-Za-z0-9_-]{1,40}$' then
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
      if jsonb_typeof(step -> 'branches') is distinct from 'array' or jsonb_array_length(step -> 'branches') not between 2 and 4 then
        return query select sid, 'missing_branch', format('%s: a split has 2 to 4 branches.', label);
        return;
      end if;
      shares := 0;
      for branch in select value from jsonb_array_elements(step -> 'branches') loop
        if branch ->> 'next' is null then
          return query select sid, 'missing_branch', format('%s: choose where every branch goes.', label);
          return;
        end if;
        if jsonb_typeof(branch -> 'share') is distinct from 'number' or (branch ->> 'share')::numeric not between 1 and 99 then
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
    elsif stype = 'wait' and (jsonb_typeof(step -> 'minutes') is distinct from 'number' or (step ->> 'minutes')::numeric not between 1 and 525600
        or (step ->> 'minutes')::numeric <> trunc((step ->> 'minutes')::numeric)) then
      return query select sid, 'wait_invalid', format('%s: wait a whole number of minutes, from 1 minute to a year.', label);
      return;
    elsif stype in ('add_tag', 'remove_tag') and (step ->> 'tag' is null or char_length(btrim(step ->> 'tag')) not between 1 and 50 or step ->> 'tag' <> btrim(step ->> 'tag')) then
      return query select sid, 'tag_invalid', format('%s: name a tag of 1 to 50 characters.', label);
      return;
    elsif stype = 'set_stage' and coalesce(step ->> 'stage', '') not in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned') then
      return query select sid, 'stage_invalid', format('%s: choose a lifecycle stage.', label);
      return;
    elsif stype = 'adjust_score' and (jsonb_typeof(step -> 'points') is distinct from 'number' or (step ->> 'points')::numeric not between -100 and 100
        or (step ->> 'points')::numeric = 0 or (step ->> 'points')::numeric <> trunc((step ->> 'points')::numeric)) then
      return query select sid, 'points_invalid', format('%s: adjust the score by a whole number from -100 to 100, not 0.', label);
      return;
    elsif stype = 'condition' then
      if jsonb_typeof(step -> 'check') is distinct from 'object'
         or coalesce(step -> 'check' ->> 'kind', '') not in ('tag', 'band', 'stage', 'has_email', 'list', 'email_engagement', 'field') then
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
      -- Compared as text: an id that is no uuid names no list (and raises nothing).
      elsif step -> 'check' ->> 'kind' = 'list' and not exists (
        select 1 from public.email_lists l
        where l.organization_id = automation_graph_problem.workspace_id and l.id::text = step -> 'check' ->> 'list_id'
      ) then
        return query select sid, 'condition_list_unknown', format('%s: choose a list of this workspace for the condition.', label);
        return;
      elsif step -> 'check' ->> 'kind' = 'email_engagement' and (coalesce(step -> 'check' ->> 'event', '') not in ('opened', 'clicked')
          or jsonb_typeof(step -> 'check' -> 'days') is distinct from 'number' or (step -> 'check' ->> 'days')::numeric not between 1 and 365
          or (step -> 'check' ->> 'days')::numeric <> trunc((step -> 'check' ->> 'days')::numeric)) then
        return query select sid, 'condition_invalid', format('%s: check an e-mail opened or clicked within 1 to 365 days.', label);
        return;
      elsif step -> 'check' ->> 'kind' = 'field' then
        return query select sid, p.problem, format('%s: %s', label, p.message)
          from private.automation_field_condition_problem(automation_graph_problem.workspace_id, step -> 'check') p;
        if found then
          return;
        end if;
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
        select 1 from public.organization_members m where m.organization_id = automation_graph_problem.workspace_id and m.user_id::text = lower(member_text)
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

revoke all on function private.automation_graph_problem(uuid, jsonb) from public, anon, authenticated;
