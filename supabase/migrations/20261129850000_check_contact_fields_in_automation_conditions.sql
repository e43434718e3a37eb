-- Conditions on a contact's fields (issue 29 §3: "condition (field, tag, band, list, e-mail engagement; yes/no
-- branches)"; decision 0023, session 15). Until now a condition checked a tag, a band, a stage, whether the contact has an
-- address, a list or e-mail engagement. A condition step may now check one of the contact's other fields:
--   {kind: 'field', field, op, value}
-- with operators fit to the field's kind of value (src/features/automation/utils/field-condition.ts keeps the same
-- lists; decideStep compares, server/src/modules/automation/decide-step.ts):
--   text     company, job_title, first_name, last_name   equals | not_equals | contains | is_set | is_not_set (a text of 1-120 characters, compared ignoring case and outer spaces)
--   member   owner_id                                    equals | not_equals | is_set | is_not_set (a member of the workflow's workspace)
--   choice   source                                      equals | not_equals (form, import, manual, event, referral, other)
--   number   lead_score                                  equals | not_equals | greater | less (a whole number 0-100)
--   presence email, phone                                is_set | is_not_set
-- private.automation_field_condition_problem (new) says what is wrong with such a check: 'condition_field_unknown',
-- 'condition_operator_invalid' (an operator the field's kind does not have), 'condition_value_invalid' (missing, or
-- not fit: another workspace's member, a score outside 0-100, an unknown source, an empty or too long text).
-- private.automation_graph_problem calls it and names the step (20261129850100).
--
-- private.automation_step_context as in 20261129751000, plus `fields` in the contact's facts: the fields above, read
-- only when the run stands at a field condition (the same row it already reads; null otherwise).

create function private.automation_field_condition_problem(workspace_id uuid, condition jsonb)
returns table (problem text, message text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  field text := case when jsonb_typeof(condition -> 'field') = 'string' then condition ->> 'field' end;
  op text := case when jsonb_typeof(condition -> 'op') = 'string' then condition ->> 'op' end;
  value jsonb := condition -> 'value';
  kind text;
begin
  kind := case field
    when 'company' then 'text' when 'job_title' then 'text' when 'first_name' then 'text' when 'last_name' then 'text'
    when 'owner_id' then 'member' when 'source' then 'choice' when 'lead_score' then 'number'
    when 'email' then 'presence' when 'phone' then 'presence' end;
  if kind is null then
    return query select 'condition_field_unknown',
      'choose the contact field the condition checks: owner, company, job title, first or last name, source, lead score, e-mail or phone.';
    return;
  end if;
  if op is null or not op = any(case kind
      when 'text' then array['equals', 'not_equals', 'contains', 'is_set', 'is_not_set']
      when 'member' then array['equals', 'not_equals', 'is_set', 'is_not_set']
      when 'choice' then array['equals', 'not_equals']
      when 'number' then array['equals', 'not_equals', 'greater', 'less']
      else array['is_set', 'is_not_set'] end) then
    return query select 'condition_operator_invalid', format('choose how the condition compares the %s (“%s” does not fit it).',
      replace(field, '_', ' '), coalesce(op, ''));
    return;
  end if;
  if op in ('is_set', 'is_not_set') then
    return;
  end if;
  if kind = 'number' then
    if jsonb_typeof(value) is distinct from 'number' or (value #>> '{}')::numeric not between 0 and 100
       or (value #>> '{}')::numeric <> trunc((value #>> '{}')::numeric) then
      return query select 'condition_value_invalid', 'compare the lead score with a whole number from 0 to 100.';
    end if;
  elsif jsonb_typeof(value) is distinct from 'string' then
    return query select 'condition_value_invalid', format('give the value the %s is compared with.', replace(field, '_', ' '));
  elsif kind = 'member' and not exists (
    select 1 from public.organization_members m
    where m.organization_id = automation_field_condition_problem.workspace_id and m.user_id::text = lower(value #>> '{}')
  ) then
    return query select 'condition_value_invalid', 'choose a member of this workspace as the owner the condition checks.';
  elsif kind = 'choice' and value #>> '{}' not in ('form', 'import', 'manual', 'event', 'referral', 'other') then
    return query select 'condition_value_invalid', 'choose the source the condition checks.';
  elsif kind = 'text' and char_length(btrim(value #>> '{}')) not between 1 and 120 then
    return query select 'condition_value_invalid', format('the %s is compared with a text of 1 to 120 characters.', replace(field, '_', ' '));
  end if;
end
$$;

create or replace function private.automation_step_context(workspace_id uuid, enrollment_id uuid) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  enrollment public.automation_enrollments;
  step jsonb;
  goal jsonb;
  contact jsonb;
  run jsonb;
  workflow_status text;
begin
  select * into enrollment from public.automation_enrollments e where e.id = automation_step_context.enrollment_id;
  if not found then
    return null;
  end if;
  if enrollment.organization_id <> automation_step_context.workspace_id then
    raise exception 'enrollment % does not belong to workspace %', enrollment_id, workspace_id using errcode = '42501', detail = 'foreign_enrollment';
  end if;
  select w.status into workflow_status from public.automation_workflows w
  where w.id = enrollment.workflow_id and w.organization_id = enrollment.organization_id
  for share;
  select s into step
  from public.automation_workflow_versions v, jsonb_array_elements(v.graph -> 'steps') s
  where v.id = enrollment.version_id and s ->> 'id' = enrollment.current_step;
  select nullif(v.graph -> 'goal', 'null'::jsonb) into goal from public.automation_workflow_versions v where v.id = enrollment.version_id;
  select jsonb_build_object('tags', to_jsonb(c.tags), 'lifecycle_stage', c.lifecycle_stage, 'score_band', c.score_band,
      'lead_score', c.lead_score, 'has_email', c.email is not null,
      'last_email_opened_at', c.last_email_opened_at, 'last_email_clicked_at', c.last_email_clicked_at,
      -- Read only at a list condition: the contact's membership of that list, confirmed, within the run's workspace.
      'in_list', case when step ->> 'type' = 'condition' and step -> 'check' ->> 'kind' = 'list' then exists (
        select 1 from public.email_list_members m
        where m.contact_id = c.id and m.organization_id = enrollment.organization_id and m.status = 'confirmed'
          and m.list_id::text = step -> 'check' ->> 'list_id') end,
      -- Only at a field condition: the fields it may check.
      'fields', case when step ->> 'type' = 'condition' and step -> 'check' ->> 'kind' = 'field' then jsonb_build_object(
        'owner_id', c.owner_id, 'company', c.company, 'job_title', c.job_title, 'first_name', c.first_name,
        'last_name', c.last_name, 'source', c.source, 'lead_score', c.lead_score, 'email', c.email, 'phone', c.phone) end)
    into contact
  from public.contacts c where c.id = enrollment.contact_id and c.organization_id = enrollment.organization_id;
  select jsonb_build_object('status', r.status, 'due_at', r.due_at) into run
  from public.automation_step_runs r
  where r.enrollment_id = enrollment.id and r.step_id = enrollment.current_step and r.visit = enrollment.current_visit;
  return jsonb_build_object('status', enrollment.status, 'step_id', enrollment.current_step, 'visit', enrollment.current_visit,
    'step', step, 'contact', contact, 'run', run, 'now', now(), 'goal', goal,
    'workflow_paused', workflow_status is not distinct from 'paused',
    'until_due', case when step ->> 'type' = 'wait' and jsonb_typeof(step -> 'until') = 'object' then
      private.automation_next_weekday_hour(step ->> 'time_zone', (step -> 'until' ->> 'weekday')::integer, (step -> 'until' ->> 'hour')::integer, now()) end);
end
$$;

revoke all on function private.automation_field_condition_problem(uuid, jsonb), private.automation_step_context(uuid, uuid)
  from public, anon, authenticated;
