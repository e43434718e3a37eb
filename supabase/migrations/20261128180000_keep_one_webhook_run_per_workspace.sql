-- One run of deliver_webhooks sends for a workspace at a time. The limit of 4 requests in flight per workspace
-- counted requests, not runs: each event's job claimed its own delivery, so 4 jobs of one workspace whose endpoint
-- hangs each held a request open, and with them every slot of a runner with concurrency 4: other workspaces'
-- deliveries waited for the hanging requests to time out. Now a run claims only while no other run holds a live
-- claim in the workspace; the run that does keeps claiming (up to 4 in flight) as deliveries fall due, so a hanging
-- endpoint holds one worker slot. Callers without a run id (tests, tools) claim as before.

alter table public.webhook_deliveries add column claimed_by text;
comment on column public.webhook_deliveries.claimed_by is 'The run (deliver_webhooks) that holds the claim until locked_until.';

drop function private.claim_webhook_deliveries(uuid, integer, integer);

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

revoke all on function private.claim_webhook_deliveries(uuid, integer, integer, text) from public, anon, authenticated;
