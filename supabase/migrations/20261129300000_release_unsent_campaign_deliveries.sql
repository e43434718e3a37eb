-- A campaign's worker lets go of the deliveries it claimed and never sent (decision 0020, session 12). The worker
-- claims the next batch while it sends the current one; when the campaign stops early (paused, cancelled, the worker
-- stopping) that batch, and the unsent rest of the current one, stayed `sending`: each such stop cost every one of
-- them an attempt (three attempts make a soft failure permanent), and a cancelled campaign kept them `sending` for ever
-- (cancel removes only untried queued deliveries). private.release_email_campaign, which the worker calls once all its
-- lanes have ended, now puts back what this pool claimed whose marker was never committed (so nothing of it reached
-- the final dot): queued again with its attempt given back, or removed like the untried ones if the campaign was
-- cancelled. A delivery whose marker was committed is left as it is (sent, or unconfirmed at the next claim).
create or replace function private.release_email_campaign(workspace_id uuid, campaign_id uuid, pool_id text)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  campaign_status text;
begin
  update public.email_campaigns c set claimed_by = null, claimed_until = null
  where c.id = release_email_campaign.campaign_id and c.organization_id = release_email_campaign.workspace_id
    and c.claimed_by = release_email_campaign.pool_id
  returning c.status into campaign_status;
  if campaign_status is null then
    return;
  end if;
  update public.email_deliveries d
  set status = 'queued', attempts = greatest(d.attempts - 1, 0), claimed_by = null, token_hash = null
  where d.campaign_id = release_email_campaign.campaign_id and d.organization_id = release_email_campaign.workspace_id
    and d.status = 'sending' and d.data_completed_at is null and d.claimed_by = release_email_campaign.pool_id;
  if campaign_status = 'cancelled' then
    delete from public.email_deliveries d
    where d.campaign_id = release_email_campaign.campaign_id and d.status = 'queued' and d.attempts = 0;
  end if;
end
$$;

revoke all on function private.release_email_campaign(uuid, uuid, text) from public, anon, authenticated;
