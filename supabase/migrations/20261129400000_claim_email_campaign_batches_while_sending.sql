-- A campaign's next batch claimed while the current one is still being sent (decision 0020, session 12): the
-- worker claimed each batch only after the last one's outcomes were written, and every claim (about 100 ms for 500
-- recipients on the shared machine) left the SMTP connections idle. private.next_email_campaign_deliveries took
-- every unfinished delivery of the campaign as left over from an earlier attempt — the batch still in flight too —
-- so it cannot run beside a batch: this is the same function with the deliveries in flight (`in_flight`, the ids of
-- the batch this worker is sending) left alone, neither claimed again nor made unconfirmed when their marker is
-- committed. Deliveries left by an earlier attempt (or put back for a retry) are taken as before. It replaces
-- private.next_email_campaign_deliveries (dropped below: with `in_flight` empty it does the same).
create function private.next_email_campaign_deliveries_beside(
  workspace_id uuid, campaign_id uuid, pool_id text, batch_size integer, link_set_id bigint, track_opens boolean, track_clicks boolean,
  in_flight bigint[]
)
returns table (
  id bigint, email text, token text, attempts integer, created_at timestamptz, first_name text, last_name text, company text,
  job_title text
)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  campaign public.email_campaigns;
  leftover bigint[];
  added uuid[];
  busy bigint[] := coalesce(next_email_campaign_deliveries_beside.in_flight, '{}');
begin
  select c.* into campaign from public.email_campaigns c where c.id = next_email_campaign_deliveries_beside.campaign_id for update;
  if campaign.organization_id is distinct from next_email_campaign_deliveries_beside.workspace_id then
    raise exception 'campaign % is not of workspace %', next_email_campaign_deliveries_beside.campaign_id, next_email_campaign_deliveries_beside.workspace_id
      using errcode = '42501', detail = 'foreign_campaign';
  end if;
  if campaign.status <> 'sending' or campaign.claimed_by is distinct from next_email_campaign_deliveries_beside.pool_id then
    return;
  end if;
  update public.email_campaigns c set claimed_until = now() + interval '2 minutes' where c.id = campaign.id;

  perform private.email_deliveries_unconfirmed(array(
    select d.id from public.email_deliveries d
    where d.campaign_id = campaign.id and d.status in ('queued', 'sending') and d.data_completed_at is not null
      and d.id <> all(busy)));
  leftover := array(
    select d.id from public.email_deliveries d
    where d.campaign_id = campaign.id and d.status in ('queued', 'sending') and d.id <> all(busy)
    order by d.id limit batch_size);

  if cardinality(leftover) < batch_size then
    added := array(select private.email_campaign_audience(campaign, campaign.cursor_contact_id, campaign.audience_cutoff,
      batch_size - cardinality(leftover)));
    if cardinality(added) > 0 then
      insert into public.email_deliveries (organization_id, kind, campaign_id, contact_id, email)
      select campaign.organization_id, 'campaign', campaign.id, c.id, lower(c.email)
      from public.contacts c where c.id = any(added)
      order by c.id
      on conflict (campaign_id, contact_id) do nothing;
      update public.email_campaigns c set cursor_contact_id = added[cardinality(added)] where c.id = campaign.id;
    end if;
  end if;

  return query
    with chosen as (
      select d.id, private.new_email_token() as token
      from public.email_deliveries d
      where d.campaign_id = campaign.id and d.status in ('queued', 'sending') and d.id <> all(busy)
      order by d.id limit batch_size
    ), claimed as (
      update public.email_deliveries d
      set status = 'sending', claimed_by = next_email_campaign_deliveries_beside.pool_id, attempts = d.attempts + 1,
        token_hash = private.email_token_hash(chosen.token), link_set_id = next_email_campaign_deliveries_beside.link_set_id,
        track_opens = next_email_campaign_deliveries_beside.track_opens, track_clicks = next_email_campaign_deliveries_beside.track_clicks
      from chosen where d.id = chosen.id
      returning d.id, d.email, chosen.token, d.attempts, d.created_at, d.contact_id
    )
    select k.id, k.email, k.token, k.attempts, k.created_at, c.first_name, c.last_name, c.company, c.job_title
    from claimed k left join public.contacts c on c.id = k.contact_id
    order by k.id;
end
$$;

revoke all on function private.next_email_campaign_deliveries_beside(uuid, uuid, text, integer, bigint, boolean, boolean, bigint[])
  from public, anon, authenticated;

-- The worker claims through the function above only (with no batch in flight it is the old one): the old one goes,
-- so that one claim of a campaign's batch is kept, not two copies of it.
drop function private.next_email_campaign_deliveries(uuid, uuid, text, integer, bigint, boolean, boolean);
