-- Automation step "call a webhook" (issue 29, decision 0023): {type: 'webhook', endpoint_id, next} names one of the
-- workspace's webhook endpoints (decision 0015: its URL and `whsec_` secret, rotation, delivery log, retries and
-- "send again" are the webhooks feature's). Publishing refuses an endpoint that is not the workflow's workspace's
-- ('webhook_endpoint_unknown') and one whose URL the server may not call — a private or loopback address unless the
-- server setting allows it (private.outbound_url_problem: 'webhook_url_refused') — naming the step.
-- When the step runs, its transaction records a webhook message (type automation.webhook, the contact and the run)
-- keyed 'automation:<enrollment>:<step>:<visit>' — unique per workspace, so the step applied again records nothing
-- new — and one delivery to that endpoint, then wakes the workspace's deliver_webhooks job, which signs and sends it
-- at most once per attempt with the feature's rules (never repeated once it may have arrived). An endpoint deleted
-- since publishing fails the step ('unknown_webhook').

create or replace function private.automation_step_settings_problem(workspace_id uuid, step jsonb)
returns table (problem text, message text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  url text;
  url_check record;
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
    -- Compared as text: an id that is no uuid names no endpoint (and raises nothing).
    select c.url into url
    from public.webhook_endpoints e join private.webhook_endpoint_credentials c on c.endpoint_id = e.id
    where e.organization_id = automation_step_settings_problem.workspace_id and e.id::text = step ->> 'endpoint_id';
    if url is null then
      return query select 'webhook_endpoint_unknown', 'choose one of this workspace''s webhook endpoints.';
      return;
    end if;
    url_check := private.outbound_url_problem(url);
    if url_check.problem is not null then
      return query select 'webhook_url_refused', format('the webhook''s address cannot be called (%s)', url_check.message);
    end if;
  end if;
end
$$;

create or replace function private.automation_call_webhook(enrollment public.automation_enrollments, step_id text, visit integer, step jsonb, contact public.contacts)
returns table (status text, outcome text)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  endpoint uuid;
  event_key text := 'automation:' || enrollment.id || ':' || automation_call_webhook.step_id || ':' || automation_call_webhook.visit;
  message_id text;
begin
  select e.id into endpoint from public.webhook_endpoints e
  where e.organization_id = enrollment.organization_id and e.id::text = step ->> 'endpoint_id';
  if endpoint is null then
    raise exception 'The webhook endpoint of step "%" is no longer one of this workspace''s.', automation_call_webhook.step_id
      using detail = 'unknown_webhook';
  end if;
  insert into public.webhook_events (id, organization_id, event_type, event_key, body)
  values ('msg_' || replace(gen_random_uuid()::text, '-', ''), enrollment.organization_id, 'automation.webhook', event_key,
    jsonb_build_object(
      'type', 'automation.webhook',
      'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', jsonb_build_object('workflow_id', enrollment.workflow_id, 'enrollment_id', enrollment.id, 'step_id', automation_call_webhook.step_id,
        'contact', jsonb_build_object('id', contact.id, 'email', contact.email, 'first_name', contact.first_name, 'last_name', contact.last_name,
          'lifecycle_stage', contact.lifecycle_stage, 'tags', to_jsonb(contact.tags))))::text)
  on conflict on constraint webhook_events_organization_id_event_key_key do nothing
  returning id into message_id;
  if message_id is null then
    return query select 'done'::text, 'already_sent'::text;
    return;
  end if;
  insert into public.webhook_deliveries (organization_id, endpoint_id, event_id, event_type)
  values (enrollment.organization_id, endpoint, message_id, 'automation.webhook');
  perform private.wake_webhook_deliveries(enrollment.organization_id);
  return query select 'done'::text, 'done'::text;
end
$$;

revoke all on function private.automation_step_settings_problem(uuid, jsonb),
  private.automation_call_webhook(public.automation_enrollments, text, integer, jsonb, public.contacts)
  from public, anon, authenticated;
