-- Automation step "notify a team member" by e-mail too (issue 29, decision 0023): {type: 'notify', member, message,
-- email: true, next}. Besides the in-app notice, the member gets an e-mail through the outgoing mail queue
-- (private.outgoing_emails, kind 'automation_notice', sent once by its send_email job). The e-mail's row is written in
-- the step's own transaction (private.automation_apply_step), and carries a request key
-- 'automation_notice:<enrollment>:<step>:<visit>' under a unique index: the step applied again (its record lost) gets
-- the same row back and nothing is queued twice, so a crash never sends it twice. A member without an address gets
-- the notice only. Replaces the refusals of
-- 20261128240000 for notices by e-mail; webhooks are still refused.

create unique index outgoing_emails_automation_notice_key on private.outgoing_emails ((payload ->> 'request_key'))
  where kind = 'automation_notice';

create or replace function private.automation_step_settings_problem(workspace_id uuid, step jsonb)
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
    end if;
  elsif step ->> 'type' = 'webhook' then
    return query select 'not_available', 'calling a webhook is not available yet.';
  end if;
end
$$;

-- The notice's e-mail to a member, queued once per enrollment, step and visit: its row's id (an existing one for the
-- same key), or null when the member has no address. Raises when no worker runs to send it (the step then fails and
-- says so, like an e-mail step).
create or replace function private.automation_notify_email(enrollment public.automation_enrollments, step_id text, visit integer, recipient uuid, title text, body text)
returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  request_key text := 'automation_notice:' || enrollment.id || ':' || automation_notify_email.step_id || ':' || automation_notify_email.visit;
  address text;
  queued bigint;
begin
  select e.id into queued from private.outgoing_emails e where e.kind = 'automation_notice' and e.payload ->> 'request_key' = request_key;
  if queued is not null then
    return queued;
  end if;
  select u.email into address from auth.users u where u.id = automation_notify_email.recipient;
  if address is null then
    return null;
  end if;
  queued := private.enqueue_email('automation_notice', address, jsonb_build_object(
    'request_key', request_key, 'workspace_id', enrollment.organization_id, 'workflow_id', enrollment.workflow_id,
    'enrollment_id', enrollment.id, 'contact_id', enrollment.contact_id, 'user_id', automation_notify_email.recipient,
    'title', automation_notify_email.title, 'body', automation_notify_email.body));
  if queued is null then
    raise exception 'No background worker is running to send the notice by e-mail.';
  end if;
  return queued;
end
$$;

revoke all on function private.automation_step_settings_problem(uuid, jsonb),
  private.automation_notify_email(public.automation_enrollments, text, integer, uuid, text, text)
  from public, anon, authenticated;
