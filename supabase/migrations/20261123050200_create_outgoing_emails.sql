-- Outgoing e-mails: a queue that database functions write and the own server's mail worker delivers
-- (server/src/modules/mail/, docs/decisions/0008-outgoing-email-queue.md). Generic: a row names a kind, the
-- recipient and the kind's data; the worker renders the kind's template and sends it through the mailer
-- (SMTP when configured, always DATA_DIR/outbox/). First kind: 'workspace_invitation'; more kinds (e.g. issue 19's
-- new-lead notices) add a template in the worker and call private.enqueue_email from their own functions.
--
-- Rows never hold a secret: a kind whose e-mail carries a link with a token mints that token when the worker sends
-- it (see private.prepare_invitation_email), so a queue that nobody consumes (hosted Supabase) stores nothing
-- that would open a door.
--
-- Nothing here is exposed: the schema is not in the API's schemas and the API roles have no grant on these tables.

create table private.outgoing_emails (
  id bigint generated always as identity primary key,
  kind text not null constraint outgoing_emails_kind_format check (kind ~ '^[a-z][a-z_]{0,62}$'),
  -- One plain address: no display name, spaces, commas, angle brackets or line breaks (no header injection).
  recipient text not null constraint outgoing_emails_recipient_format check (
    char_length(recipient) between 3 and 254 and recipient ~ '^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$'
  ),
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  -- Delivery state, written by the worker: a claim lasts until locked_until; failures retry with a growing delay.
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  sent_at timestamptz,
  -- The row will not be sent: its subject is gone (e.g. the invitation was revoked) or it failed too often.
  cancelled_at timestamptz,
  last_error text constraint outgoing_emails_last_error_length check (char_length(last_error) <= 1000)
);
create index outgoing_emails_due_idx on private.outgoing_emails (next_attempt_at, id)
  where sent_at is null and cancelled_at is null;
create index outgoing_emails_payload_idx on private.outgoing_emails using gin (payload jsonb_path_ops)
  where sent_at is null and cancelled_at is null;

-- Servers whose mail worker runs against this database, with their last sign of life (every 30 s).
create table private.mail_workers (
  worker_id text primary key constraint mail_workers_worker_id_length check (char_length(worker_id) <= 100),
  seen_at timestamptz not null default now()
);

revoke all on table private.outgoing_emails, private.mail_workers from public, anon, authenticated;
grant all on table private.outgoing_emails, private.mail_workers to service_role;

-- True when a mail worker was alive within the last two minutes. On hosted Supabase no worker runs: callers then
-- tell the user to share the link themselves instead of promising an e-mail.
create function private.mail_delivery_available() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from private.mail_workers w where w.seen_at > now() - interval '2 minutes')
$$;

-- Queues an e-mail and wakes the workers (NOTIFY outgoing_emails, sent at commit). Returns the row's id, or null
-- when no worker would deliver it (nothing is queued then).
create function private.enqueue_email(kind text, recipient text, payload jsonb) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  queued bigint;
begin
  if not private.mail_delivery_available() then
    return null;
  end if;
  insert into private.outgoing_emails (kind, recipient, payload)
  values (enqueue_email.kind, enqueue_email.recipient, coalesce(enqueue_email.payload, '{}'::jsonb))
  returning id into queued;
  perform pg_notify('outgoing_emails', queued::text);
  return queued;
end
$$;

-- Queued, unsent e-mails of a kind whose payload contains `match` will not be sent.
create function private.cancel_queued_emails(kind text, match jsonb) returns void
language sql volatile security definer
set search_path = ''
as $$
  update private.outgoing_emails e set cancelled_at = now()
  where e.kind = cancel_queued_emails.kind and e.payload @> cancel_queued_emails.match
    and e.sent_at is null and e.cancelled_at is null
$$;

revoke all on function private.mail_delivery_available(), private.enqueue_email(text, text, jsonb),
  private.cancel_queued_emails(text, jsonb) from public, anon, authenticated;
