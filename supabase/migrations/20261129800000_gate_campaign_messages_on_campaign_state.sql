-- A campaign's exactly-once marker that also says whether the message may still go (decision 0020, session 15).
-- A member's pause or cancel (public.pause_email_campaign, cancel_email_campaign) changes the campaign's status and
-- nothing else: the worker learnt of it only from its next outcome write, so a message whose lane was waiting for a
-- rate token (seconds at a low per-workspace rate) went out after the pause, and was recorded as sent. The worker now
-- writes a campaign's markers through this function: the deliveries are marked only while their campaign is
-- `sending`, and the campaign's status comes back either way. Anything else, and the worker fails the message's DATA
-- stream before its final dot (server/src/lib/final-dot-gate.ts): the message is not delivered, gets no outcome, and
-- private.release_email_campaign puts it back untried (paused: a resume sends it once) or withdraws it (cancelled).
--
-- No lock on the campaign row (the markers of a campaign must not wait behind its outcome writes, which update it:
-- session 8): a pause committed before the marker's statement began stops the message; one committed while the
-- marker is being written finds it leaving, as one committed after its final dot would.
-- One SQL statement, not PL/pgSQL: the first form (a select, then an update, in plpgsql) made the campaign ~20 %
-- slower (`BENCH_EMAIL_ONLY=campaign BENCH_EMAIL_CONTACTS=10000 npm run bench:email`, quiet machine, alternating:
-- 370 / 374 / 396 messages/s against 472 / 495 / 460 before the gate; this form 506 / 459).
create function private.email_campaign_deliveries_data_complete(workspace_id uuid, campaign_id uuid, delivery_ids bigint[])
returns text
language sql volatile security definer
set search_path = ''
as $$
  with campaign as (
    select c.status from public.email_campaigns c
    where c.id = email_campaign_deliveries_data_complete.campaign_id and c.organization_id = email_campaign_deliveries_data_complete.workspace_id
  ), marked as (
    update public.email_deliveries d set data_completed_at = now()
    where d.id = any(email_campaign_deliveries_data_complete.delivery_ids)
      and d.campaign_id = email_campaign_deliveries_data_complete.campaign_id and d.status = 'sending'
      and (select status from campaign) = 'sending'
    returning 1
  )
  select coalesce((select status from campaign), 'gone') from (select count(*) from marked) m
$$;

revoke all on function private.email_campaign_deliveries_data_complete(uuid, uuid, bigint[]) from public, anon, authenticated;
