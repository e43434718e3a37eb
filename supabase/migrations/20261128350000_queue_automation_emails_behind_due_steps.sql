-- Due automation steps before the e-mails they queue (issue 29, decision 0023 session 8). Under a burst — 10,000
-- contacts whose one-minute wait ends within seconds of each other — the send_email_delivery jobs queued by the e-mail
-- steps were due before the later continuations and took the job runner's slots first (FIFO by run_at), so the steps
-- after the wait started seconds late (bench:automation: p50 6.1 s / p99 11.6 s with the sends, p50 1.8 s / p99
-- 4.8 s without them, 3,000 contacts). The delivery job of an inline automation e-mail is now queued with priority 1,
-- behind every priority-0 job that is due (the steps); it still leaves as soon as the runner has a free slot, once,
-- under its key. Only this function changes: private.send_automation_email as in 20261128330100 otherwise.

create or replace function private.send_automation_email(workspace_id uuid, contact_id uuid, subject text, body text, request_key text)
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
    raise exception 'send_automation_email: a request key has 1 to 200 characters' using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(workspace_id::text || '/' || request_key, 0));
  select d.id into queued from public.email_deliveries d where d.organization_id = workspace_id and d.request_key = send_automation_email.request_key;
  if queued is not null then
    return query select queued, 'already_queued'::text;
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
  insert into public.email_deliveries (organization_id, kind, contact_id, email, request_key, inline_subject, inline_blocks)
  values (workspace_id, 'automation', contact_id, address, send_automation_email.request_key,
    left(replace(btrim(subject), '{{first_name}}', '{{first_name|there}}'), 200), private.automation_email_blocks(body))
  returning id into queued;
  -- Behind the due steps: priority 1 (graphile-worker takes lower numbers first; every other job has 0).
  if private.job_queue_installed() then
    execute 'select graphile_worker.add_job($1, $2::json, run_at => now(), job_key => $3, max_attempts => 8, priority => 1)'
      using 'send_email_delivery', jsonb_build_object('workspace_id', workspace_id, 'delivery_id', queued), 'delivery:' || queued;
  else
    perform private.enqueue_job('send_email_delivery', jsonb_build_object('workspace_id', workspace_id, 'delivery_id', queued),
      now(), 'delivery:' || queued, 8);
  end if;
  return query select queued, 'queued'::text;
end
$$;
