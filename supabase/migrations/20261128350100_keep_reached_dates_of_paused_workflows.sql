-- A date reached while its workflow was paused is not lost (issue 29, decision 0023 session 8). The date sweep
-- (private.automation_enroll_due_dates) records each workflow × contact × moment once in
-- private.automation_date_triggers and queues a contact.date_reached event; if the workflow was paused between the
-- sweep and the event's enroll job, private.automation_enroll_for_event enrolled nobody (a paused workflow takes no
-- one in) while the moment stayed recorded, so no later sweep offered it again: that contact never entered.
--
-- private.automation_enroll_event is what the automation_enroll job now calls: the enrollment, and — in the same
-- transaction — for a date_reached event that enrolled nobody because its workflow is paused, the moment is released
-- (its automation_date_triggers row removed), so the first sweep after the workflow resumes finds it again and
-- enrolls the contact then, under the workflow's rules. A moment that enrolled, or that the workflow's rule refused
-- (once per contact, a run already active), stays consumed as before.

create function private.automation_enroll_event(workspace_id uuid, event_id bigint) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  made integer := private.automation_enroll_for_event(automation_enroll_event.workspace_id, automation_enroll_event.event_id);
  event private.workspace_events;
begin
  if made <> 0 then
    return made;
  end if;
  select * into event from private.workspace_events e
  where e.id = automation_enroll_event.event_id and e.workspace_id = automation_enroll_event.workspace_id and e.type = 'contact.date_reached';
  if not found then
    return made;
  end if;
  delete from private.automation_date_triggers d
  using public.automation_workflows w
  where w.id = d.workflow_id and w.organization_id = event.workspace_id and w.status = 'paused'
    and d.organization_id = event.workspace_id
    and d.workflow_id::text = event.payload ->> 'workflow_id'
    and d.contact_id = event.subject_id
    and d.reached_at = (event.payload ->> 'reached_at')::timestamptz;
  return made;
end
$$;

revoke all on function private.automation_enroll_event(uuid, bigint) from public, anon, authenticated;
grant execute on function private.automation_enroll_event(uuid, bigint) to service_role;
