-- Queued e-mails (invitations, lead notices, list confirmations, tests) are sent exactly once (decision 0020).
--
-- The chaos run of issue 26 saw 4–6 of 150 e-mails reach the SMTP server twice: a worker killed after the server
-- had the message and before its "250" was recorded sent it again on the next attempt. The mailer now commits
-- `data_completed_at` just before the message's final "." goes out; the next attempt finds the marker without
-- `sent_at` and does not send again: the row is `unconfirmed` (the SMTP server may or may not have it), kept and
-- shown to site admins among the background work, never silently dropped. A failure with a definite SMTP answer
-- (the message was refused) clears the marker, so the next attempt sends normally, as does a row that never
-- reached it.

alter table private.outgoing_emails
  add column data_completed_at timestamptz,
  add column unconfirmed_at timestamptz;

-- claim (private.claim_outgoing_email's successor under a name of its own; the send_email job calls this one): the
-- row, when it is still to be sent and no live worker's attempt holds it (a claim lasts two minutes; a claim of a
-- dead worker, by private.job_pool_alive's rule, is void).
-- A row whose marker is set turns unconfirmed instead. `state` says what happened: claimed, or why not (sent,
-- cancelled, unconfirmed, held, unknown).
create function private.claim_outgoing_email_once(email_id bigint, pool_id text)
returns table (state text, id bigint, kind text, recipient text, payload jsonb, attempts integer, created_at timestamptz)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  queued private.outgoing_emails;
begin
  select e.* into queued from private.outgoing_emails e where e.id = claim_outgoing_email_once.email_id for update;
  if queued.id is null then
    return query select 'unknown'::text, null::bigint, null::text, null::text, null::jsonb, 0, null::timestamptz;
    return;
  end if;
  if queued.sent_at is not null or queued.cancelled_at is not null or queued.unconfirmed_at is not null then
    return query select case when queued.sent_at is not null then 'sent' when queued.cancelled_at is not null then 'cancelled' else 'unconfirmed' end,
      null::bigint, null::text, null::text, null::jsonb, 0, null::timestamptz;
    return;
  end if;
  if queued.locked_until is not null and queued.locked_until > now() and queued.claimed_by is not null
     and private.job_pool_alive(queued.claimed_by) then
    return query select 'held'::text, null::bigint, null::text, null::text, null::jsonb, 0, null::timestamptz;
    return;
  end if;
  if queued.data_completed_at is not null then
    update private.outgoing_emails e set unconfirmed_at = now(), locked_until = null, claimed_by = null,
      last_error = 'The worker stopped after the message was handed to the SMTP server and before its answer was recorded: not sent again.'
    where e.id = queued.id;
    return query select 'unconfirmed'::text, null::bigint, null::text, null::text, null::jsonb, 0, null::timestamptz;
    return;
  end if;
  update private.outgoing_emails e
  set locked_until = now() + interval '2 minutes', claimed_by = claim_outgoing_email_once.pool_id, attempts = e.attempts + 1
  where e.id = queued.id
  returning * into queued;
  return query select 'claimed'::text, queued.id, queued.kind, queued.recipient, queued.payload, queued.attempts, queued.created_at;
end
$$;

-- The marker, committed before the final dot.
create function private.outgoing_email_data_complete(email_id bigint) returns void
language sql volatile security definer
set search_path = ''
as $$
  update private.outgoing_emails e set data_completed_at = now() where e.id = email_id and e.sent_at is null
$$;

-- …then sent, failed (refused: kept for the next attempt, the marker cleared), cancelled (never to be sent), or
-- unconfirmed (the connection broke after the final dot, before the answer: not sent again).
create or replace function private.finish_outgoing_email(email_id bigint, outcome text, reason text default null) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if outcome not in ('sent', 'failed', 'cancelled', 'unconfirmed') then
    raise exception 'finish_outgoing_email: outcome must be sent, failed, cancelled or unconfirmed' using errcode = '22023';
  end if;
  update private.outgoing_emails e
  set locked_until = null, claimed_by = null,
      sent_at = case when outcome = 'sent' then now() end,
      cancelled_at = case when outcome = 'cancelled' then now() end,
      unconfirmed_at = case when outcome = 'unconfirmed' then now() end,
      data_completed_at = case when outcome = 'failed' then null else e.data_completed_at end,
      last_error = case when outcome = 'sent' then null else left(finish_outgoing_email.reason, 1000) end
  where e.id = finish_outgoing_email.email_id and e.sent_at is null;
end
$$;

revoke all on function private.claim_outgoing_email_once(bigint, text), private.outgoing_email_data_complete(bigint),
  private.finish_outgoing_email(bigint, text, text) from public, anon, authenticated;

-- Site admins' Background Work page: messages whose delivery could not be confirmed (queued e-mails and campaign
-- messages alike), newest first. They were handed to the SMTP server and the worker stopped before its answer.
create function public.admin_unconfirmed_emails(max_rows integer default 100)
returns table (source text, id text, kind text, recipient text, workspace_id uuid, at timestamptz, detail text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_site_admin();
  return query
    select * from (
      select 'queue'::text, e.id::text, e.kind, e.recipient, private.payload_workspace(e.payload), e.unconfirmed_at, e.last_error
      from private.outgoing_emails e where e.unconfirmed_at is not null
      union all
      select 'delivery'::text, d.id::text, d.kind, d.email, d.organization_id, coalesce(d.data_completed_at, d.created_at), d.smtp_response
      from public.email_deliveries d where d.status = 'unconfirmed'
    ) u
    order by 6 desc
    limit greatest(1, least(coalesce(max_rows, 100), 500));
end
$$;

revoke all on function public.admin_unconfirmed_emails(integer) from public;
grant execute on function public.admin_unconfirmed_emails(integer) to authenticated;
