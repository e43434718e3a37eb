-- Webhook events and their deliveries (issue 26). An event is written once, in the transaction of the change it
-- tells of (private.emit_webhook_event, called by triggers): its `id` is the Standard Webhooks `webhook-id`
-- (`msg_…`) and its `body` the exact bytes every attempt sends, so a retry or a "send again" repeats the same message
-- and a receiver can drop what it has seen. One delivery per subscribed, enabled endpoint; each HTTP request one
-- attempt. The worker (server/src/modules/webhooks) claims due deliveries of one workspace at a time, at most
-- `max_in_flight` at once per workspace, and records the outcome; a claim expires after `claim_seconds`, so a
-- worker killed mid-request leaves the delivery to the next one (at least once: docs/decisions/0015).
--
-- Everyone in the workspace reads its events, deliveries and attempts (the delivery log); admins and owners send a
-- delivery again. Nobody writes them directly.

create table public.webhook_events (
  id text primary key constraint webhook_events_id_format check (id ~ '^msg_[A-Za-z0-9]{20,40}$'),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  event_type text not null,
  -- What the event is about, once: a second emission with the same key (a retried transaction) adds nothing.
  event_key text not null,
  body text not null,
  created_at timestamptz not null default now(),
  unique (organization_id, event_key),
  unique (id, organization_id)
);
create index webhook_events_organization_id_created_at_idx on public.webhook_events (organization_id, created_at desc);

create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  endpoint_id uuid not null,
  event_id text not null,
  -- The event's type, kept beside it for the log.
  event_type text not null,
  -- pending: waiting for its next attempt (next_attempt_at); succeeded: a 2xx answer; failed: given up after the
  -- last retry (an admin may send it again).
  status text not null default 'pending' constraint webhook_deliveries_status_check check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz default now(),
  locked_until timestamptz,
  last_attempt_at timestamptz,
  response_status integer,
  duration_ms integer,
  error text,
  succeeded_at timestamptz,
  created_at timestamptz not null default now(),
  -- A delivery cannot point at another workspace's endpoint or event.
  foreign key (endpoint_id, organization_id) references public.webhook_endpoints (id, organization_id) on delete cascade,
  foreign key (event_id, organization_id) references public.webhook_events (id, organization_id) on delete cascade,
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_log_idx on public.webhook_deliveries (organization_id, created_at desc);
create index webhook_deliveries_due_idx on public.webhook_deliveries (organization_id, next_attempt_at) where status = 'pending';
create index webhook_deliveries_event_id_idx on public.webhook_deliveries (event_id);

create table public.webhook_delivery_attempts (
  delivery_id uuid not null references public.webhook_deliveries (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  attempt integer not null,
  started_at timestamptz not null default now(),
  -- null while in flight; `interrupted` when the worker stopped before recording an answer.
  outcome text constraint webhook_delivery_attempts_outcome_check check (outcome in ('succeeded', 'failed', 'interrupted')),
  response_status integer,
  response_body text constraint webhook_delivery_attempts_body_length check (char_length(response_body) <= 2000),
  duration_ms integer,
  error text,
  primary key (delivery_id, attempt)
);

alter table public.webhook_events enable row level security;
alter table public.webhook_deliveries enable row level security;
alter table public.webhook_delivery_attempts enable row level security;
revoke all on table public.webhook_events, public.webhook_deliveries, public.webhook_delivery_attempts from anon, authenticated;
grant select on table public.webhook_events, public.webhook_deliveries, public.webhook_delivery_attempts to authenticated;
grant all on table public.webhook_events, public.webhook_deliveries, public.webhook_delivery_attempts to service_role;

create policy "Members read their workspace's webhook events" on public.webhook_events
  for select to authenticated using (organization_id in (select private.current_user_organization_ids()));
create policy "Members read their workspace's webhook deliveries" on public.webhook_deliveries
  for select to authenticated using (organization_id in (select private.current_user_organization_ids()));
create policy "Members read their workspace's webhook attempts" on public.webhook_delivery_attempts
  for select to authenticated using (organization_id in (select private.current_user_organization_ids()));

-- Asks the job runner for a run of the workspace's deliveries now (task deliver_webhooks, in the caller's
-- transaction; keyed per workspace, so many wake-ups before it runs make one run).
create function private.wake_webhook_deliveries(organization uuid) returns void
language sql volatile security definer
set search_path = ''
as $$
  select private.enqueue_job('deliver_webhooks', jsonb_build_object('workspace_id', organization), now(), 'webhooks:' || organization::text)
$$;

-- Records an event of a workspace and a delivery for every enabled endpoint subscribed to its type; nothing when
-- the workspace has none, or the event was recorded already (same key). Returns the message id, or null.
create function private.emit_webhook_event(organization uuid, event_type text, event_key text, data jsonb) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  message_id text;
begin
  if not exists (
    select 1 from public.webhook_endpoints e
    where e.organization_id = organization and e.enabled and emit_webhook_event.event_type = any (e.events)
  ) then
    return null;
  end if;
  insert into public.webhook_events (id, organization_id, event_type, event_key, body)
  values (
    'msg_' || replace(gen_random_uuid()::text, '-', ''),
    organization,
    emit_webhook_event.event_type,
    emit_webhook_event.event_key,
    jsonb_build_object(
      'type', emit_webhook_event.event_type,
      'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', data
    )::text
  )
  on conflict on constraint webhook_events_organization_id_event_key_key do nothing
  returning id into message_id;
  if message_id is null then
    return null;
  end if;
  insert into public.webhook_deliveries (organization_id, endpoint_id, event_id, event_type)
  select organization, e.id, message_id, emit_webhook_event.event_type from public.webhook_endpoints e
  where e.organization_id = organization and e.enabled and emit_webhook_event.event_type = any (e.events);
  perform private.wake_webhook_deliveries(organization);
  return message_id;
end
$$;

-- The worker's claim: due deliveries of one workspace (enabled endpoints only), as many as keep the workspace at
-- `max_in_flight` requests at once across all workers, each with its URL, secrets and body; the attempt is recorded
-- as in flight. Claims run one at a time per workspace (an advisory lock for the transaction).
create function private.claim_webhook_deliveries(organization uuid, max_in_flight integer, claim_seconds integer)
returns table (delivery_id uuid, attempt integer, message_id text, event_type text, body text, url text, secret text, previous_secret text)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  free integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('webhook_deliveries:' || organization::text, 0));
  select max_in_flight - count(*) into free from public.webhook_deliveries d
  where d.organization_id = organization and d.status = 'pending' and d.locked_until > now();
  if free <= 0 then
    return;
  end if;
  -- An attempt still in flight when its claim expired: its worker stopped before recording the answer.
  update public.webhook_delivery_attempts a set outcome = 'interrupted',
    error = 'The worker stopped before the answer was recorded: the endpoint may have received this attempt.'
  from public.webhook_deliveries d
  where a.delivery_id = d.id and a.outcome is null and d.organization_id = organization
    and d.status = 'pending' and d.locked_until <= now();
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
    set locked_until = now() + make_interval(secs => claim_seconds), attempts = d.attempts + 1, last_attempt_at = now()
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

-- The worker's record of an attempt's outcome: success, or a failure with the next attempt's time (null: give up).
-- Ignored when the claim was lost meanwhile (another worker has since taken the delivery for a later attempt).
create function private.finish_webhook_attempt(delivery_id uuid, attempt integer, succeeded boolean, response_status integer,
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
  where d.id = finish_webhook_attempt.delivery_id and d.attempts = finish_webhook_attempt.attempt and d.status = 'pending';
  return found;
end
$$;

-- When a run that claimed all it could should look again (null: nothing waits): the earliest retry still to come,
-- or the earliest claim's expiry (a claim held by another run: that run takes the rest while it lasts, and if its
-- worker died the claim expires then). Deliveries due now but left unclaimed (the workspace at its limit) give no
-- earlier moment: looking again at once would only spin.
create function private.next_webhook_delivery_at(organization uuid) returns timestamptz
language sql stable security definer
set search_path = ''
as $$
  select min(case when d.locked_until > now() then d.locked_until when d.next_attempt_at > now() then d.next_attempt_at end)
  from public.webhook_deliveries d
  join public.webhook_endpoints e on e.id = d.endpoint_id and e.enabled
  where d.organization_id = organization and d.status = 'pending'
$$;

-- Workspaces with a delivery due now: a retry fallen due, or a claim expired after its worker died. The job
-- runner's sweep wakes each (a lost wake-up then costs a sweep's interval, never a delivery).
create function private.workspaces_with_due_webhooks() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select distinct d.organization_id from public.webhook_deliveries d
  join public.webhook_endpoints e on e.id = d.endpoint_id and e.organization_id = d.organization_id and e.enabled
  where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until <= now())
$$;

-- The log keeps `keep` (30 days by default): older events go, with their deliveries and attempts, unless one is
-- still waiting for an attempt. Returns how many events went.
create function private.delete_old_webhook_events(keep interval default interval '30 days') returns integer
language sql volatile security definer
set search_path = ''
as $$
  with gone as (
    delete from public.webhook_events ev
    where ev.created_at < now() - keep
      and not exists (select 1 from public.webhook_deliveries d where d.event_id = ev.id and d.status = 'pending')
    returning 1
  )
  select count(*)::integer from gone
$$;

-- "Send again": a new attempt of the same message (same webhook-id and body), now, whatever the delivery's state;
-- not while an attempt is in flight. Admins and owners.
create function public.resend_webhook_delivery(delivery_id uuid) returns public.webhook_deliveries
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  delivery public.webhook_deliveries;
begin
  select * into delivery from public.webhook_deliveries d where d.id = resend_webhook_delivery.delivery_id for update;
  if not found or private.workspace_role(delivery.organization_id) is null then
    raise exception 'This delivery does not exist (any more).' using errcode = 'P0001', detail = 'unknown_delivery';
  end if;
  perform private.require_workspace_role(delivery.organization_id, 'admin');
  if delivery.status = 'pending' and delivery.locked_until > now() then
    raise exception 'This delivery is being sent right now: wait for its answer.' using errcode = 'P0001', detail = 'delivery_in_flight';
  end if;
  update public.webhook_deliveries d set status = 'pending', next_attempt_at = now(), locked_until = null
  where d.id = delivery.id returning * into delivery;
  perform private.wake_webhook_deliveries(delivery.organization_id);
  return delivery;
end
$$;

revoke all on function private.wake_webhook_deliveries(uuid), private.emit_webhook_event(uuid, text, text, jsonb),
  private.claim_webhook_deliveries(uuid, integer, integer),
  private.finish_webhook_attempt(uuid, integer, boolean, integer, text, integer, text, timestamptz),
  private.next_webhook_delivery_at(uuid), private.workspaces_with_due_webhooks(), private.delete_old_webhook_events(interval)
  from public, anon, authenticated;
revoke all on function public.resend_webhook_delivery(uuid) from public, anon;
grant execute on function public.resend_webhook_delivery(uuid) to authenticated, service_role;
