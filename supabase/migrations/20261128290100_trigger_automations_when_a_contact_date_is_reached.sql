-- Automation trigger "a date is reached" (issue 29 §2, decision 0023): {"type": "date_reached", "field": "created_at"
-- or "last_activity_at", "days": 1 to 3650}. The contact's date plus that many days: created_at, or the last
-- activity (contacts.last_activity_at; a contact without one counts from its creation), so "quiet for 60 days" is
-- last_activity_at + 60 days. The automation_enroll_due_dates task (every five minutes, server/src/jobs/schedules.ts)
-- runs private.automation_enroll_due_dates(): for each published date_reached workflow, the contacts of the
-- workflow's own workspace whose moment has come and who have not reached that moment for that workflow before
-- (private.automation_date_triggers: one row per workflow, contact and moment, so each moment enrolls once, and a
-- later activity makes a new moment) get a contact.date_reached {workflow_id, reached_at} event of that workspace;
-- private.automation_enroll_for_event enrolls it into that workflow only, with its enrollment rule, lock and hourly
-- limit. A workflow takes at most 500 contacts a round (the next round goes on).
-- Its validation (private.automation_trigger_problem: 'trigger_field_unknown', 'trigger_days_invalid') and its
-- matching in private.automation_enroll_for_event are defined with the field trigger's, in 20261128290000.

create table private.automation_date_triggers (
  workflow_id uuid not null references public.automation_workflows (id) on delete cascade,
  contact_id uuid not null references public.contacts (id) on delete cascade,
  reached_at timestamptz not null,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  recorded_at timestamptz not null default now(),
  primary key (workflow_id, contact_id, reached_at)
);
alter table private.automation_date_triggers enable row level security;
revoke all on table private.automation_date_triggers from public, anon, authenticated;
grant all on table private.automation_date_triggers to service_role;

-- One round of the date_reached sweep (see the head of this file): the events it recorded.
create function private.automation_enroll_due_dates() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workflow record;
  due record;
  recorded integer := 0;
begin
  for workflow in
    select w.id, w.organization_id, v.graph -> 'trigger' ->> 'field' as field, (v.graph -> 'trigger' ->> 'days')::integer as days,
      coalesce(v.graph ->> 'enrollment', 'once') as enrollment
    from public.automation_workflows w
    join public.automation_workflow_versions v on v.id = w.published_version_id and v.organization_id = w.organization_id
    where w.status = 'published' and w.trigger_type = 'date_reached'
    order by w.created_at, w.id
  loop
    for due in
      with moments as (
        select c.id, case workflow.field when 'created_at' then c.created_at else coalesce(c.last_activity_at, c.created_at) end
          + make_interval(days => workflow.days) as reached_at
        from public.contacts c
        where c.organization_id = workflow.organization_id
      )
      select m.id, m.reached_at from moments m
      where m.reached_at <= now()
        and not exists (select 1 from private.automation_date_triggers d
          where d.workflow_id = workflow.id and d.contact_id = m.id and d.reached_at = m.reached_at)
        -- Once per contact: nobody already enrolled (an event would enroll nobody).
        and (workflow.enrollment <> 'once' or not exists (select 1 from public.automation_enrollments e
          where e.workflow_id = workflow.id and e.contact_id = m.id))
      order by m.reached_at, m.id
      limit 500
    loop
      insert into private.automation_date_triggers (workflow_id, contact_id, reached_at, organization_id)
      values (workflow.id, due.id, due.reached_at, workflow.organization_id)
      on conflict do nothing;
      if found then
        perform private.record_workspace_event(workflow.organization_id, 'contact.date_reached', due.id,
          jsonb_build_object('workflow_id', workflow.id, 'reached_at', due.reached_at));
        recorded := recorded + 1;
      end if;
    end loop;
  end loop;
  return recorded;
end
$$;

insert into private.workspace_event_subscribers (event_type, task) values ('contact.date_reached', 'automation_enroll');

revoke all on function private.automation_enroll_due_dates() from public, anon, authenticated;
grant execute on function private.automation_enroll_due_dates() to service_role;
