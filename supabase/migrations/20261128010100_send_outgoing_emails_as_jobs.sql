-- The outgoing e-mail queue (20261123050200, decision 0008) runs on the job runner (20261128010000, decision 0013):
-- a queued e-mail is still a row of private.outgoing_emails — what is sent, to whom, its attempts, sent_at and last
-- error — and each row now also gets one `send_email` job keyed `email:<id>`, which the runner delivers (retries with
-- backoff included). The row stays the record that makes sending idempotent: the job sends a row only while it is
-- neither sent nor cancelled, so a job run twice (a worker killed mid-way) never sends twice what was recorded as
-- sent. "Is anyone going to send it?" is now the runner's heartbeat (private.job_workers) instead of the mail
-- worker's own table, which goes.

create or replace function private.mail_delivery_available() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.job_worker_alive()
$$;

-- As before (null and nothing queued without a worker), plus the job that sends it. The NOTIFY is graphile-worker's.
create or replace function private.enqueue_email(kind text, recipient text, payload jsonb) returns bigint
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
  perform private.enqueue_job('send_email', jsonb_build_object('email_id', queued), now(), 'email:' || queued, 8);
  return queued;
end
$$;

-- Which worker pool holds a row's claim: a claim of a pool with no live worker (killed while sending) is void.
alter table private.outgoing_emails add column claimed_by text
  constraint outgoing_emails_claimed_by_length check (char_length(claimed_by) <= 200);

-- What the send_email job does with a row, in statements of their own (none holds a transaction open while the
-- message travels):
-- claim: the row, when it is still to be sent and no live worker's attempt holds it (a claim lasts two minutes);
-- no row means there is nothing to do now.
create function private.claim_outgoing_email(email_id bigint, pool_id text)
returns table (id bigint, kind text, recipient text, payload jsonb, attempts integer, created_at timestamptz)
language sql volatile security definer
set search_path = ''
as $$
  update private.outgoing_emails e
  set locked_until = now() + interval '2 minutes', claimed_by = claim_outgoing_email.pool_id, attempts = e.attempts + 1
  where e.id = claim_outgoing_email.email_id and e.sent_at is null and e.cancelled_at is null
    and (e.locked_until is null or e.locked_until < now() or e.claimed_by is null
      or not exists (select 1 from private.job_workers w where w.pool_id = e.claimed_by and w.seen_at > now() - interval '30 seconds'))
  returning e.id, e.kind, e.recipient, e.payload, e.attempts, e.created_at
$$;

-- …then sent, failed (kept for the next attempt, with its reason) or cancelled (never to be sent: its subject is gone,
-- or the job gave up).
create function private.finish_outgoing_email(email_id bigint, outcome text, reason text default null) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if outcome not in ('sent', 'failed', 'cancelled') then
    raise exception 'finish_outgoing_email: outcome must be sent, failed or cancelled' using errcode = '22023';
  end if;
  update private.outgoing_emails e
  set locked_until = null, claimed_by = null,
      sent_at = case when outcome = 'sent' then now() end,
      cancelled_at = case when outcome = 'cancelled' then now() end,
      last_error = case when outcome = 'sent' then null else left(finish_outgoing_email.reason, 1000) end
  where e.id = finish_outgoing_email.email_id and e.sent_at is null;
end
$$;

revoke all on function private.claim_outgoing_email(bigint, text), private.finish_outgoing_email(bigint, text, text)
  from public, anon, authenticated;

-- E-mails still waiting from the mail worker's time get their job.
do $$
declare
  waiting bigint;
begin
  for waiting in select e.id from private.outgoing_emails e where e.sent_at is null and e.cancelled_at is null order by e.id loop
    perform private.enqueue_job('send_email', jsonb_build_object('email_id', waiting), now(), 'email:' || waiting, 8);
  end loop;
end
$$;

drop table private.mail_workers;
