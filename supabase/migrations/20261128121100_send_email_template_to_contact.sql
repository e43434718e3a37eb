-- "Send this template to this contact", for the server's own callers (the Automation Platform's jobs, issue 29):
-- private.send_email_template(workspace, template, contact, request_key) queues one delivery of the template to the
-- contact (kind 'template'), sent by the send_email_delivery job exactly once like a campaign's messages (decision
-- 0020). The request key (e.g. 'automation:<run id>:<step>') makes the call idempotent: a job that runs again after
-- a crash gets the delivery it queued the first time, never a second e-mail. The suppression list is honoured when
-- the call is made and again when the message is sent. Nothing here is granted to the API roles.

alter table public.email_deliveries
  add column request_key text constraint email_deliveries_request_key_length check (char_length(request_key) between 1 and 200);
create unique index email_deliveries_request_key_idx on public.email_deliveries (organization_id, request_key) where request_key is not null;

-- `outcome`: queued (a new delivery), already_queued (the key's delivery, whatever became of it), suppressed,
-- no_address, unknown_contact, unknown_template (of another workspace or deleted). `delivery_id` is set for the
-- first two.
create function private.send_email_template(workspace_id uuid, template_id uuid, contact_id uuid, request_key text)
returns table (delivery_id bigint, outcome text)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  address text;
  found_contact boolean;
  queued bigint;
begin
  if request_key is null or char_length(request_key) not between 1 and 200 then
    raise exception 'send_email_template: a request key has 1 to 200 characters' using errcode = '22023';
  end if;
  -- One call at a time per key: a second concurrent call waits, then finds the first one's delivery.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(workspace_id::text || '/' || request_key, 0));
  select d.id into queued from public.email_deliveries d where d.organization_id = workspace_id and d.request_key = send_email_template.request_key;
  if queued is not null then
    return query select queued, 'already_queued'::text;
    return;
  end if;
  if not exists (select 1 from public.email_templates t where t.id = template_id and t.organization_id = workspace_id) then
    return query select null::bigint, 'unknown_template'::text;
    return;
  end if;
  select true, c.email into found_contact, address from public.contacts c where c.id = contact_id and c.organization_id = workspace_id;
  if found_contact is null then
    return query select null::bigint, 'unknown_contact'::text;
    return;
  end if;
  if address is null then
    return query select null::bigint, 'no_address'::text;
    return;
  end if;
  if private.email_suppressed(workspace_id, address) then
    return query select null::bigint, 'suppressed'::text;
    return;
  end if;
  insert into public.email_deliveries (organization_id, kind, template_id, contact_id, email, request_key)
  values (workspace_id, 'template', template_id, contact_id, address, send_email_template.request_key)
  returning id into queued;
  perform private.enqueue_job('send_email_delivery', jsonb_build_object('workspace_id', workspace_id, 'delivery_id', queued),
    now(), 'delivery:' || queued, 8);
  return query select queued, 'queued'::text;
end
$$;

revoke all on function private.send_email_template(uuid, uuid, uuid, text) from public, anon, authenticated;
