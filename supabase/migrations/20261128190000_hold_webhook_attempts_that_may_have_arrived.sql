-- A webhook request is never repeated by the runner once the endpoint may have it (issue 26: "0 duplicated" under
-- kill -9), as e-mails are held after their final dot and social posts when their outcome is unknown.
--
-- The worker sends a delivery's request whole but for its last byte, records that moment on the attempt
-- (private.mark_webhook_attempt_sent, which refuses when the run's claim was lost: the byte is then never sent), and
-- only then sends the last byte. An endpoint cannot have a complete request, nor verify its signature, before the
-- mark. So when a worker dies during an attempt (its claim expires with no outcome recorded):
--   - no mark: the request never arrived whole; the delivery is retried as before;
--   - a mark: the endpoint may have received it; the delivery becomes `unconfirmed` — shown in the log with why,
--     never sent again automatically; an admin checks the endpoint and uses "Send again" (the same webhook-id).
-- An answer recorded late (a worker slower than its claim) still settles an unconfirmed delivery of that attempt.

alter table public.webhook_delivery_attempts add column request_sent_at timestamptz;
comment on column public.webhook_delivery_attempts.request_sent_at is
  'When all of the request but its last byte had gone out and the worker was about to send that byte: from then on the endpoint may have it.';

alter table public.webhook_deliveries drop constraint webhook_deliveries_status_check;
alter table public.webhook_deliveries add constraint webhook_deliveries_status_check
  check (status in ('pending', 'succeeded', 'failed', 'unconfirmed'));
comment on column public.webhook_deliveries.status is
  'pending: waiting for its next attempt; succeeded: a 2xx answer; failed: given up after the last retry; unconfirmed: a worker stopped after the request had gone out and before its answer (never retried automatically; "Send again").';

-- The mark, by the run holding the delivery's claim for this attempt; false (and nothing written) when that claim
-- was lost meanwhile: the caller then aborts the request before its last byte.
create function private.mark_webhook_attempt_sent(delivery_id uuid, attempt integer, run_id text) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  update public.webhook_delivery_attempts a set request_sent_at = now()
  from public.webhook_deliveries d
  where a.delivery_id = mark_webhook_attempt_sent.delivery_id and a.attempt = mark_webhook_attempt_sent.attempt
    and a.outcome is null and d.id = a.delivery_id and d.attempts = a.attempt and d.status = 'pending'
    and d.locked_until > now() and d.claimed_by is not distinct from mark_webhook_attempt_sent.run_id;
  return found;
end
$$;

drop function private.claim_webhook_deliveries(uuid, integer, integer, text);

create function private.claim_webhook_deliveries(organization uuid, max_in_flight integer, claim_seconds integer, run_id text default null)
returns table (delivery_id uuid, attempt integer, message_id text, event_type text, body text, url text, secret text, previous_secret text)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  free integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('webhook_deliveries:' || organization::text, 0));
  -- Another run is sending for this workspace: it takes what falls due as its requests finish.
  if run_id is not null and exists (
    select 1 from public.webhook_deliveries d
    where d.organization_id = organization and d.status = 'pending' and d.locked_until > now()
      and d.claimed_by is distinct from run_id
  ) then
    return;
  end if;
  select max_in_flight - count(*) into free from public.webhook_deliveries d
  where d.organization_id = organization and d.status = 'pending' and d.locked_until > now();
  if free <= 0 then
    return;
  end if;
  -- Attempts still in flight when their claim expired: their worker stopped before recording the answer. One whose
  -- request had gone out (marked) holds its delivery as unconfirmed; one cut before that is retried below.
  with cut as (
    update public.webhook_delivery_attempts a set outcome = 'interrupted',
      error = case when a.request_sent_at is null
        then 'The worker stopped before the request was complete: the endpoint cannot have received it. Sent again.'
        else 'The worker stopped after the request had gone out and before its answer: the endpoint may have received it. Not sent again automatically: check the endpoint, then use Send again.' end
    from public.webhook_deliveries d
    where a.delivery_id = d.id and a.outcome is null and d.organization_id = organization
      and d.status = 'pending' and d.locked_until <= now()
    returning a.delivery_id, a.request_sent_at, a.error
  )
  update public.webhook_deliveries d
  set status = case when cut.request_sent_at is null then 'pending' else 'unconfirmed' end,
    next_attempt_at = case when cut.request_sent_at is null then d.next_attempt_at end,
    locked_until = null, claimed_by = null, response_status = null, error = cut.error
  from cut where d.id = cut.delivery_id;
  return query
  with due as (
    select d.id from public.webhook_deliveries d
    join public.webhook_endpoints e on e.id = d.endpoint_id and e.organization_id = d.organization_id
    where d.organization_id = organization and d.status = 'pending' and d.next_attempt_at <= now()
      and (d.locked_until is null or d.locked_until <= now()) and e.enabled
    order by d.next_attempt_at, d.created_at, d.id
    limit free
    for update of d skip locked
  ), claimed as (
    update public.webhook_deliveries d
    set locked_until = now() + make_interval(secs => claim_seconds), claimed_by = run_id, attempts = d.attempts + 1,
      last_attempt_at = now()
    from due where d.id = due.id
    returning d.id, d.attempts, d.event_id, d.endpoint_id, d.organization_id
  ), recorded as (
    insert into public.webhook_delivery_attempts (delivery_id, organization_id, attempt)
    select c.id, c.organization_id, c.attempts from claimed c
  )
  select c.id, c.attempts, ev.id, ev.event_type, ev.body, cr.url, cr.secret,
    case when cr.previous_secret_expires_at > now() then cr.previous_secret end
  from claimed c
  join public.webhook_events ev on ev.id = c.event_id and ev.organization_id = c.organization_id
  join private.webhook_endpoint_credentials cr on cr.endpoint_id = c.endpoint_id;
end
$$;

-- As before, and an answer that comes after its attempt was held as unconfirmed (the worker outlived its claim)
-- still settles it: the endpoint's answer is what the log was waiting for.
create or replace function private.finish_webhook_attempt(delivery_id uuid, attempt integer, succeeded boolean, response_status integer,
  response_body text, duration_ms integer, error text, next_attempt_at timestamptz)
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  update public.webhook_delivery_attempts a
  set outcome = case when succeeded then 'succeeded' else 'failed' end, response_status = finish_webhook_attempt.response_status,
    response_body = left(finish_webhook_attempt.response_body, 2000), duration_ms = finish_webhook_attempt.duration_ms,
    error = left(finish_webhook_attempt.error, 1000)
  where a.delivery_id = finish_webhook_attempt.delivery_id and a.attempt = finish_webhook_attempt.attempt;
  update public.webhook_deliveries d
  set status = case when succeeded then 'succeeded' when finish_webhook_attempt.next_attempt_at is null then 'failed' else 'pending' end,
    next_attempt_at = case when succeeded then null else finish_webhook_attempt.next_attempt_at end,
    locked_until = null,
    response_status = finish_webhook_attempt.response_status,
    duration_ms = finish_webhook_attempt.duration_ms,
    error = left(finish_webhook_attempt.error, 1000),
    succeeded_at = case when succeeded then now() else d.succeeded_at end
  where d.id = finish_webhook_attempt.delivery_id and d.attempts = finish_webhook_attempt.attempt
    and d.status in ('pending', 'unconfirmed');
  return found;
end
$$;

revoke all on function private.mark_webhook_attempt_sent(uuid, integer, text),
  private.claim_webhook_deliveries(uuid, integer, integer, text) from public, anon, authenticated;
