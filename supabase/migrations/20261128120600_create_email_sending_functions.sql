-- The sending jobs' side in the database (server/src/jobs/tasks/send-email-campaign.ts, send-email-delivery.ts;
-- decision 0020). Only the worker calls these (no grant to the API roles); each names the workspace it acts for and
-- refuses anything of another workspace with 42501 'foreign_…' (the job then fails for good, having changed nothing).
--
-- A campaign is sent by one worker pool at a time (its claim, renewed with every batch; a claim of a pool with no
-- live worker is void), in batches: next_email_campaign_deliveries first takes the deliveries of the campaign left
-- unfinished by an earlier attempt, then records new ones for the next recipients after the cursor (contact id order)
-- and moves the cursor — one transaction, so a recipient gets one delivery row whatever happens. Each delivery is
-- then sent through the mailer, which commits `data_completed_at` just before the message's final "." (the SMTP
-- server may have the message from then on) and records the outcome after the answer. A delivery found with the
-- marker but no outcome is not sent again: it is `unconfirmed`, counted and shown, never silently dropped.

create function private.email_deliveries_unconfirmed(delivery_ids bigint[]) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  marked integer;
begin
  with marked_rows as (
    update public.email_deliveries d
    set status = 'unconfirmed', claimed_by = null,
      smtp_response = 'The worker stopped after the message was handed to the SMTP server and before its answer was recorded: not sent again.'
    where d.id = any(delivery_ids) and d.status in ('queued', 'sending') and d.data_completed_at is not null
    returning d.campaign_id
  ), counted as (
    update public.email_campaigns c set unconfirmed_count = c.unconfirmed_count + n.count
    from (select campaign_id, count(*)::integer as count from marked_rows where campaign_id is not null group by campaign_id) n
    where c.id = n.campaign_id
  )
  select count(*) into marked from marked_rows;
  return marked;
end
$$;

-- Starts (a due scheduled campaign becomes sending, its audience fixed now) and claims a campaign for a pool.
-- Returns the campaign with its workspace's settings, and `state`: 'sending' (claimed: go on), 'claimed' (another
-- live pool sends it), 'not_due' (scheduled later), or its status when there is nothing to send.
create function private.claim_email_campaign(workspace_id uuid, campaign_id uuid, pool_id text)
returns table (
  state text, name text, subject text, preheader text, blocks jsonb, workspace_name text, from_name text, from_email text,
  reply_to text, track_opens boolean, track_clicks boolean, per_minute_limit integer, error_threshold integer,
  started_at timestamptz
)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  campaign public.email_campaigns;
begin
  select c.* into campaign from public.email_campaigns c where c.id = claim_email_campaign.campaign_id for update;
  if campaign.id is null then
    return query select 'gone'::text, null::text, null::text, null::text, null::jsonb, null::text, null::text, null::text, null::text,
      false, false, 0, 0, null::timestamptz;
    return;
  end if;
  if campaign.organization_id <> claim_email_campaign.workspace_id then
    raise exception 'campaign % is not of workspace %', campaign.id, claim_email_campaign.workspace_id using errcode = '42501', detail = 'foreign_campaign';
  end if;
  if campaign.status = 'scheduled' then
    if campaign.scheduled_at > now() + interval '2 seconds' then
      return query select 'not_due'::text, null::text, null::text, null::text, null::jsonb, null::text, null::text, null::text, null::text,
        false, false, 0, 0, null::timestamptz;
      return;
    end if;
    update public.email_campaigns c set status = 'sending', started_at = now(), audience_cutoff = now(), cursor_contact_id = null,
      errors_since_resume = 0
    where c.id = campaign.id returning * into campaign;
    update public.email_campaigns c
    set recipients_total = (select count(*) from private.email_campaign_audience(campaign, null, campaign.audience_cutoff, 2147483647))
    where c.id = campaign.id returning * into campaign;
  end if;
  if campaign.status <> 'sending' then
    return query select campaign.status, null::text, null::text, null::text, null::jsonb, null::text, null::text, null::text, null::text,
      false, false, 0, 0, null::timestamptz;
    return;
  end if;
  if campaign.claimed_by is not null and campaign.claimed_by is distinct from claim_email_campaign.pool_id
     and campaign.claimed_until > now()
     and private.job_pool_alive(campaign.claimed_by) then
    return query select 'claimed'::text, null::text, null::text, null::text, null::jsonb, null::text, null::text, null::text, null::text,
      false, false, 0, 0, null::timestamptz;
    return;
  end if;
  update public.email_campaigns c set claimed_by = claim_email_campaign.pool_id, claimed_until = now() + interval '2 minutes'
  where c.id = campaign.id;
  return query
    select 'sending'::text, campaign.name, campaign.subject, campaign.preheader, campaign.blocks, o.name, s.from_name, s.from_email,
      s.reply_to, s.track_opens, s.track_clicks, s.per_minute_limit, s.error_threshold, campaign.started_at
    from public.organizations o join public.email_settings s on s.organization_id = o.id
    where o.id = campaign.organization_id;
end
$$;

-- The next deliveries of a claimed campaign, at most `batch_size`: first those an earlier attempt left (a delivery
-- whose marker says the final dot may have gone out becomes unconfirmed instead), then new ones for the recipients
-- after the cursor. Each comes back claimed by the pool, with a fresh token (its hash stored; the token itself only
-- travels to the worker, into the message) and the contact's merge fields. No row: the campaign has nothing left.
create function private.next_email_campaign_deliveries(
  workspace_id uuid, campaign_id uuid, pool_id text, batch_size integer, link_set_id bigint, track_opens boolean, track_clicks boolean
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
begin
  select c.* into campaign from public.email_campaigns c where c.id = next_email_campaign_deliveries.campaign_id for update;
  if campaign.organization_id is distinct from next_email_campaign_deliveries.workspace_id then
    raise exception 'campaign % is not of workspace %', next_email_campaign_deliveries.campaign_id, next_email_campaign_deliveries.workspace_id
      using errcode = '42501', detail = 'foreign_campaign';
  end if;
  if campaign.status <> 'sending' or campaign.claimed_by is distinct from next_email_campaign_deliveries.pool_id then
    return;
  end if;
  update public.email_campaigns c set claimed_until = now() + interval '2 minutes' where c.id = campaign.id;

  perform private.email_deliveries_unconfirmed(array(
    select d.id from public.email_deliveries d
    where d.campaign_id = campaign.id and d.status in ('queued', 'sending') and d.data_completed_at is not null));
  leftover := array(
    select d.id from public.email_deliveries d
    where d.campaign_id = campaign.id and d.status in ('queued', 'sending')
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
      where d.campaign_id = campaign.id and d.status in ('queued', 'sending')
      order by d.id limit batch_size
    ), claimed as (
      update public.email_deliveries d
      set status = 'sending', claimed_by = next_email_campaign_deliveries.pool_id, attempts = d.attempts + 1,
        token_hash = private.email_token_hash(chosen.token), link_set_id = next_email_campaign_deliveries.link_set_id,
        track_opens = next_email_campaign_deliveries.track_opens, track_clicks = next_email_campaign_deliveries.track_clicks
      from chosen where d.id = chosen.id
      returning d.id, d.email, chosen.token, d.attempts, d.created_at, d.contact_id
    )
    select k.id, k.email, k.token, k.attempts, k.created_at, c.first_name, c.last_name, c.company, c.job_title
    from claimed k left join public.contacts c on c.id = k.contact_id
    order by k.id;
end
$$;

-- A campaign with nothing left becomes sent (once every delivery has its outcome), its claim released.
create function private.complete_email_campaign(workspace_id uuid, campaign_id uuid, pool_id text) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  campaign public.email_campaigns;
begin
  select c.* into campaign from public.email_campaigns c where c.id = complete_email_campaign.campaign_id for update;
  if campaign.organization_id is distinct from complete_email_campaign.workspace_id then
    raise exception 'campaign % is not of workspace %', complete_email_campaign.campaign_id, complete_email_campaign.workspace_id
      using errcode = '42501', detail = 'foreign_campaign';
  end if;
  if campaign.status = 'sending' and campaign.claimed_by is not distinct from complete_email_campaign.pool_id
     and not exists (select 1 from public.email_deliveries d where d.campaign_id = campaign.id and d.status in ('queued', 'sending'))
     and not exists (select 1 from private.email_campaign_audience(campaign, campaign.cursor_contact_id, campaign.audience_cutoff, 1)) then
    update public.email_campaigns c set status = 'sent', finished_at = now(), claimed_by = null, claimed_until = null
    where c.id = campaign.id returning * into campaign;
    perform private.record_workspace_event(campaign.organization_id, 'email.campaign_sent', campaign.id,
      jsonb_build_object('campaign_id', campaign.id, 'sent', campaign.sent_count));
  end if;
  return campaign.status;
end
$$;

-- Lets go of a campaign (paused, cancelled, or the job stops early).
create function private.release_email_campaign(workspace_id uuid, campaign_id uuid, pool_id text) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.email_campaigns c set claimed_by = null, claimed_until = null
  where c.id = campaign_id and c.organization_id = workspace_id and c.claimed_by = pool_id
$$;

-- The exactly-once marker: these deliveries' final dot is about to be written (committed before it is).
create function private.email_deliveries_data_complete(delivery_ids bigint[]) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.email_deliveries d set data_completed_at = now()
  where d.id = any(delivery_ids) and d.status = 'sending'
$$;

-- Outcomes of sent deliveries: [{id, outcome: sent | failed | retry | unconfirmed, response, message_id}].
-- retry (a definite refusal that may pass later, or a failure before the final dot) puts the delivery back, until
-- its third attempt; failed and retry count as errors of its campaign, which pauses itself after the workspace's
-- error threshold. Returns the campaign's status afterwards (null for deliveries without a campaign).
create function private.finish_email_deliveries(workspace_id uuid, outcomes jsonb) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  affected uuid;
  errors integer;
  last_error text;
  campaign public.email_campaigns;
  threshold integer;
begin
  if exists (
    select 1 from jsonb_array_elements(outcomes) o join public.email_deliveries d on d.id = (o ->> 'id')::bigint
    where d.organization_id <> finish_email_deliveries.workspace_id
  ) then
    raise exception 'deliveries of another workspace' using errcode = '42501', detail = 'foreign_delivery';
  end if;
  with given as (
    select (o ->> 'id')::bigint as id, o ->> 'outcome' as outcome, left(o ->> 'response', 1000) as response, left(o ->> 'message_id', 300) as message_id
    from jsonb_array_elements(outcomes) o
  ), updated as (
    update public.email_deliveries d
    set status = case
          when g.outcome = 'sent' then 'sent'
          when g.outcome = 'unconfirmed' then 'unconfirmed'
          when g.outcome = 'retry' and d.attempts < 3 then 'queued'
          else 'failed' end,
      sent_at = case when g.outcome = 'sent' then now() else d.sent_at end,
      failed_at = case when g.outcome = 'failed' or (g.outcome = 'retry' and d.attempts >= 3) then now() else d.failed_at end,
      data_completed_at = case when g.outcome in ('failed', 'retry') then null else d.data_completed_at end,
      smtp_response = coalesce(g.response, d.smtp_response),
      message_id = coalesce(g.message_id, d.message_id),
      claimed_by = null
    from given g
    where d.id = g.id and d.status = 'sending'
    returning d.campaign_id, d.status, g.outcome, g.response
  ), per_campaign as (
    select u.campaign_id,
      count(*) filter (where u.status = 'sent') as sent,
      count(*) filter (where u.status = 'failed') as failed,
      count(*) filter (where u.status = 'unconfirmed') as unconfirmed,
      count(*) filter (where u.outcome in ('failed', 'retry')) as errors,
      max(u.response) filter (where u.outcome in ('failed', 'retry')) as last_error
    from updated u where u.campaign_id is not null group by u.campaign_id
  ), counted as (
    update public.email_campaigns c
    set sent_count = c.sent_count + p.sent, failed_count = c.failed_count + p.failed,
      unconfirmed_count = c.unconfirmed_count + p.unconfirmed, errors_since_resume = c.errors_since_resume + p.errors
    from per_campaign p where c.id = p.campaign_id
    returning c.id, p.errors, p.last_error
  )
  select k.id, k.errors, k.last_error into affected, errors, last_error from counted k limit 1;

  if affected is null then
    return null;
  end if;
  select c.* into campaign from public.email_campaigns c where c.id = affected;
  select s.error_threshold into threshold from public.email_settings s where s.organization_id = campaign.organization_id;
  if campaign.status = 'sending' and errors > 0 and campaign.errors_since_resume >= coalesce(threshold, 20) then
    update public.email_campaigns c
    set status = 'paused', paused_reason = 'Paused after ' || campaign.errors_since_resume || ' errors. Last: ' || coalesce(last_error, 'unknown'),
      claimed_by = null, claimed_until = null
    where c.id = campaign.id returning * into campaign;
  end if;
  return campaign.status;
end
$$;

-- One delivery of a template (a welcome e-mail; the Automation Platform's "send an e-mail"): claimed for the pool
-- with its content, the contact's merge fields and the workspace's settings. A delivery with the marker but no
-- outcome becomes unconfirmed and does not come back; one that is sent, failed, unconfirmed, gone, or held by a
-- live pool does not come back either (`state` says which).
create function private.claim_email_delivery(workspace_id uuid, delivery_id bigint, pool_id text)
returns table (
  state text, email text, token text, attempts integer, created_at timestamptz, first_name text, last_name text, company text,
  job_title text, subject text, preheader text, blocks jsonb, workspace_name text, from_name text, from_email text,
  reply_to text, track_opens boolean, track_clicks boolean, list_id uuid
)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  delivery public.email_deliveries;
  minted text := private.new_email_token();
begin
  select d.* into delivery from public.email_deliveries d where d.id = claim_email_delivery.delivery_id for update;
  if delivery.id is null then
    return query select 'gone'::text, null::text, null::text, 0, null::timestamptz, null::text, null::text, null::text, null::text,
      null::text, null::text, null::jsonb, null::text, null::text, null::text, null::text, false, false, null::uuid;
    return;
  end if;
  if delivery.organization_id <> claim_email_delivery.workspace_id then
    raise exception 'delivery % is not of workspace %', delivery.id, claim_email_delivery.workspace_id using errcode = '42501', detail = 'foreign_delivery';
  end if;
  if delivery.status in ('queued', 'sending') and delivery.data_completed_at is not null then
    perform private.email_deliveries_unconfirmed(array[delivery.id]);
    delivery.status := 'unconfirmed';
  end if;
  if delivery.status = 'sending' and delivery.claimed_by is not null and delivery.claimed_by <> claim_email_delivery.pool_id
     and private.job_pool_alive(delivery.claimed_by) then
    delivery.status := 'claimed';
  end if;
  if delivery.status not in ('queued', 'sending') or delivery.template_id is null
     or private.email_suppressed(delivery.organization_id, delivery.email) then
    if delivery.status in ('queued', 'sending') then
      update public.email_deliveries d set status = 'failed', failed_at = now(),
        smtp_response = case when delivery.template_id is null then 'The template was deleted before the message was sent.'
          else 'The address was suppressed before the message was sent.' end
      where d.id = delivery.id;
      delivery.status := 'failed';
    end if;
    return query select delivery.status, null::text, null::text, 0, null::timestamptz, null::text, null::text, null::text, null::text,
      null::text, null::text, null::jsonb, null::text, null::text, null::text, null::text, false, false, null::uuid;
    return;
  end if;
  update public.email_deliveries d
  set status = 'sending', claimed_by = claim_email_delivery.pool_id, attempts = d.attempts + 1, token_hash = private.email_token_hash(minted),
    track_opens = s.track_opens, track_clicks = s.track_clicks
  from public.email_settings s
  where d.id = delivery.id and s.organization_id = delivery.organization_id;
  return query
    select 'sending'::text, delivery.email, minted, delivery.attempts + 1, delivery.created_at, c.first_name, c.last_name, c.company, c.job_title,
      t.subject, t.preheader, t.blocks, o.name, s.from_name, s.from_email, s.reply_to, s.track_opens, s.track_clicks, delivery.list_id
    from public.email_templates t
    join public.organizations o on o.id = t.organization_id
    join public.email_settings s on s.organization_id = o.id
    left join public.contacts c on c.id = delivery.contact_id
    where t.id = delivery.template_id;
end
$$;

-- A link set of a workspace: the same list of URLs gets the same id.
create function private.email_link_set(workspace_id uuid, urls text[]) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  key text := encode(sha256(convert_to(array_to_string(urls, E'\n'), 'UTF8')), 'hex');
  found_id bigint;
begin
  insert into private.email_link_sets (organization_id, digest, urls) values (workspace_id, key, urls)
  on conflict (organization_id, digest) do nothing returning id into found_id;
  if found_id is null then
    select s.id into found_id from private.email_link_sets s where s.organization_id = workspace_id and s.digest = key;
  end if;
  return found_id;
end
$$;

-- The link set's id of a delivery (set on a delivery claimed before its content's links were known).
create function private.set_email_delivery_links(workspace_id uuid, delivery_id bigint, link_set_id bigint) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.email_deliveries d set link_set_id = set_email_delivery_links.link_set_id
  where d.id = delivery_id and d.organization_id = workspace_id
$$;

-- Sending rates: up to `wanted` messages may go now for a workspace, within its own rate (per_minute_limit, a burst
-- of ten seconds' worth) and the server's (server_per_second, a burst of one second's worth), both shared by every
-- worker on this database. Returns how many may go (0: wait `wait_ms`).
create function private.take_email_send_tokens(workspace_id uuid, wanted integer, server_per_second double precision,
  out granted integer, out wait_ms integer)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  per_minute double precision := coalesce((select s.per_minute_limit from public.email_settings s where s.organization_id = take_email_send_tokens.workspace_id), 600);
  moment timestamptz := clock_timestamp();
  workspace_capacity double precision := greatest(1, per_minute / 6);
  server_capacity double precision := greatest(1, server_per_second);
  workspace_key text := 'email_send:workspace:' || workspace_id;
  server_key text := 'email_send:server';
  workspace_tokens double precision;
  server_tokens double precision;
  workspace_since timestamptz;
  server_since timestamptz;
begin
  insert into private.rate_limits (key, tokens, updated_at) values (server_key, server_capacity, moment), (workspace_key, workspace_capacity, moment)
  on conflict (key) do nothing;
  -- Always in the same order (server, then workspace): two workers never wait on each other's rows crosswise.
  select r.tokens, r.updated_at into server_tokens, server_since from private.rate_limits r where r.key = server_key for update;
  select r.tokens, r.updated_at into workspace_tokens, workspace_since from private.rate_limits r where r.key = workspace_key for update;
  server_tokens := least(server_capacity, server_tokens + greatest(0, extract(epoch from moment - server_since)) * server_per_second);
  workspace_tokens := least(workspace_capacity, workspace_tokens + greatest(0, extract(epoch from moment - workspace_since)) * per_minute / 60);
  granted := greatest(0, least(wanted, floor(server_tokens), floor(workspace_tokens)))::integer;
  update private.rate_limits set tokens = server_tokens - granted, updated_at = moment where key = server_key;
  update private.rate_limits set tokens = workspace_tokens - granted, updated_at = moment where key = workspace_key;
  wait_ms := case when granted > 0 then 0 else ceil(1000 * greatest(
    case when server_tokens < 1 then (1 - server_tokens) / server_per_second else 0 end,
    case when workspace_tokens < 1 then (1 - workspace_tokens) / (per_minute / 60) else 0 end))::integer end;
end
$$;

revoke all on function private.email_deliveries_unconfirmed(bigint[]), private.claim_email_campaign(uuid, uuid, text),
  private.next_email_campaign_deliveries(uuid, uuid, text, integer, bigint, boolean, boolean), private.complete_email_campaign(uuid, uuid, text),
  private.release_email_campaign(uuid, uuid, text), private.email_deliveries_data_complete(bigint[]),
  private.finish_email_deliveries(uuid, jsonb), private.claim_email_delivery(uuid, bigint, text), private.email_link_set(uuid, text[]),
  private.set_email_delivery_links(uuid, bigint, bigint), private.take_email_send_tokens(uuid, integer, double precision)
  from public, anon, authenticated;
