-- What members do with campaigns, and what everyone in the workspace reads about them (decision 0020).
--
--   send_email_campaign(campaign, at)  a draft → scheduled (at, or now); its send_email_campaign job runs at that
--                                      moment. Refused without a running worker: the campaign would wait forever.
--   unschedule_email_campaign          scheduled → draft (the job removed)
--   pause / resume / cancel            sending ⇄ paused; scheduled, sending or paused → cancelled
--   send_email_test(campaign|template) the message to the caller's own address, marked as a test
--   email_sending_status()             whether a worker runs, so the app can say why campaigns cannot be sent
--   email_campaign_report(campaign)    its figures (RLS decides: viewers read them)
--   email_overview(workspace)          the module page's figures
-- Members and above act; viewers read.

create function private.email_campaign_for_member(campaign_id uuid) returns public.email_campaigns
language plpgsql stable security definer
set search_path = ''
as $$
declare
  campaign public.email_campaigns;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  select c.* into campaign from public.email_campaigns c where c.id = email_campaign_for_member.campaign_id;
  if campaign.id is null or private.workspace_role(campaign.organization_id) is null then
    raise exception 'This campaign does not exist.' using errcode = 'P0001', detail = 'unknown_campaign';
  end if;
  perform private.require_workspace_role(campaign.organization_id, 'member');
  return campaign;
end
$$;

create function private.require_email_worker() returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.job_worker_alive() then
    raise exception 'No background worker is running, so e-mails cannot be sent: the server runs one with npm start; on hosted Supabase start npm run worker against the project''s database.'
      using errcode = 'P0001', detail = 'sending_unavailable';
  end if;
end
$$;

-- The recipients of a campaign, in contact id order after `after`: confirmed members (confirmed by `cutoff`) of its
-- lists that belong to its workspace, with an e-mail, not suppressed; one per contact, so one per address (an
-- address is one contact of a workspace).
create function private.email_campaign_audience(campaign public.email_campaigns, after uuid, cutoff timestamptz, max_rows integer)
returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select distinct m.contact_id
  from public.email_list_members m
  join public.email_lists l on l.id = m.list_id and l.organization_id = campaign.organization_id
  join public.contacts c on c.id = m.contact_id and c.email is not null
  where m.list_id = any(campaign.list_ids) and m.status = 'confirmed'
    and (after is null or m.contact_id > after)
    and m.confirmed_at <= cutoff
    and not exists (select 1 from public.email_suppressions s where s.organization_id = campaign.organization_id and s.email = lower(c.email))
  order by m.contact_id
  limit max_rows
$$;

revoke all on function private.email_campaign_for_member(uuid), private.require_email_worker(),
  private.email_campaign_audience(public.email_campaigns, uuid, timestamptz, integer) from public, anon, authenticated;

create function public.send_email_campaign(campaign_id uuid, scheduled_at timestamptz default null) returns public.email_campaigns
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  campaign public.email_campaigns := private.email_campaign_for_member(send_email_campaign.campaign_id);
  moment timestamptz := coalesce(send_email_campaign.scheduled_at, now());
begin
  if campaign.status <> 'draft' then
    raise exception 'Only a draft can be sent or scheduled.' using errcode = 'P0001', detail = 'not_draft';
  end if;
  if btrim(campaign.subject) = '' then
    raise exception 'Write a subject first.' using errcode = 'P0001', detail = 'missing_subject';
  end if;
  if jsonb_array_length(campaign.blocks) = 0 then
    raise exception 'Add some content first.' using errcode = 'P0001', detail = 'missing_content';
  end if;
  if cardinality(campaign.list_ids) = 0 then
    raise exception 'Choose at least one list.' using errcode = 'P0001', detail = 'missing_lists';
  end if;
  if (select count(*) from public.email_lists l where l.id = any(campaign.list_ids) and l.organization_id = campaign.organization_id)
     <> cardinality(campaign.list_ids) then
    raise exception 'Some of these lists do not exist in this workspace.' using errcode = 'P0001', detail = 'unknown_lists';
  end if;
  if moment < now() - interval '1 minute' or moment > now() + interval '1 year' then
    raise exception 'Choose a moment from now to a year ahead.' using errcode = 'P0001', detail = 'invalid_schedule';
  end if;
  perform private.require_email_worker();
  update public.email_campaigns c set status = 'scheduled', scheduled_at = moment, paused_reason = null
  where c.id = campaign.id returning * into campaign;
  perform private.enqueue_job('send_email_campaign', jsonb_build_object('workspace_id', campaign.organization_id, 'campaign_id', campaign.id),
    moment, 'campaign:' || campaign.id, 25);
  return campaign;
end
$$;

create function public.unschedule_email_campaign(campaign_id uuid) returns public.email_campaigns
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  campaign public.email_campaigns := private.email_campaign_for_member(unschedule_email_campaign.campaign_id);
begin
  if campaign.status <> 'scheduled' then
    raise exception 'Only a scheduled campaign can go back to draft.' using errcode = 'P0001', detail = 'not_scheduled';
  end if;
  perform private.cancel_job('campaign:' || campaign.id);
  update public.email_campaigns c set status = 'draft', scheduled_at = null where c.id = campaign.id returning * into campaign;
  return campaign;
end
$$;

create function public.pause_email_campaign(campaign_id uuid) returns public.email_campaigns
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  campaign public.email_campaigns := private.email_campaign_for_member(pause_email_campaign.campaign_id);
begin
  if campaign.status <> 'sending' then
    raise exception 'Only a campaign that is sending can be paused.' using errcode = 'P0001', detail = 'not_sending';
  end if;
  update public.email_campaigns c set status = 'paused', paused_reason = 'Paused by ' || private.caller_display_name()
  where c.id = campaign.id returning * into campaign;
  return campaign;
end
$$;

create function public.resume_email_campaign(campaign_id uuid) returns public.email_campaigns
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  campaign public.email_campaigns := private.email_campaign_for_member(resume_email_campaign.campaign_id);
begin
  if campaign.status <> 'paused' then
    raise exception 'Only a paused campaign can be resumed.' using errcode = 'P0001', detail = 'not_paused';
  end if;
  perform private.require_email_worker();
  update public.email_campaigns c set status = 'sending', paused_reason = null, errors_since_resume = 0
  where c.id = campaign.id returning * into campaign;
  perform private.enqueue_job('send_email_campaign', jsonb_build_object('workspace_id', campaign.organization_id, 'campaign_id', campaign.id),
    now(), 'campaign:' || campaign.id, 25);
  return campaign;
end
$$;

create function public.cancel_email_campaign(campaign_id uuid) returns public.email_campaigns
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  campaign public.email_campaigns := private.email_campaign_for_member(cancel_email_campaign.campaign_id);
begin
  if campaign.status not in ('scheduled', 'sending', 'paused') then
    raise exception 'Only a scheduled, sending or paused campaign can be cancelled.' using errcode = 'P0001', detail = 'not_cancellable';
  end if;
  perform private.cancel_job('campaign:' || campaign.id);
  update public.email_campaigns c set status = 'cancelled', finished_at = now(),
    paused_reason = 'Cancelled by ' || private.caller_display_name()
  where c.id = campaign.id returning * into campaign;
  -- Deliveries recorded but never started are withdrawn; those under way finish.
  delete from public.email_deliveries d where d.campaign_id = campaign.id and d.status = 'queued' and d.attempts = 0;
  return campaign;
end
$$;

-- A test of a campaign or a template to the caller's own address (at most 20 an hour per person), with sample merge
-- values from the caller's profile. Returns the queued e-mail's id.
create function public.send_email_test(campaign_id uuid default null, template_id uuid default null) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workspace uuid;
  address text := (select u.email from auth.users u where u.id = (select auth.uid()));
  wait integer;
  queued bigint;
begin
  if (campaign_id is null) = (template_id is null) then
    raise exception 'Name a campaign or a template.' using errcode = 'P0001', detail = 'invalid_subject';
  end if;
  if campaign_id is not null then
    workspace := (private.email_campaign_for_member(send_email_test.campaign_id)).organization_id;
  else
    select t.organization_id into workspace from public.email_templates t where t.id = send_email_test.template_id;
    if workspace is null or private.workspace_role(workspace) is null then
      raise exception 'This template does not exist.' using errcode = 'P0001', detail = 'unknown_template';
    end if;
    perform private.require_workspace_role(workspace, 'member');
  end if;
  if address is null or not private.is_plain_email(lower(address)) then
    raise exception 'Your account has no e-mail address to send a test to.' using errcode = 'P0001', detail = 'no_address';
  end if;
  perform private.require_email_worker();
  wait := private.take_rate_limit_token('email_test:' || (select auth.uid()), 20, 20);
  if wait > 0 then
    perform private.raise_too_many_requests('You sent many tests in the last hour: please wait a few minutes.', wait);
  end if;
  queued := private.enqueue_email('email_test', lower(address), jsonb_build_object('workspace_id', workspace,
    'campaign_id', send_email_test.campaign_id, 'template_id', send_email_test.template_id, 'user_id', (select auth.uid())));
  return queued;
end
$$;

-- Whether e-mails can go out now: a worker signalled in the last two minutes (decision 0013's heartbeat).
create function public.email_sending_status() returns table (worker_alive boolean, last_seen_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select private.job_worker_alive(), (select max(w.seen_at) from private.job_workers w)
  where (select auth.uid()) is not null
$$;

-- A campaign's figures (the caller's rows only: row-level security decides). Opens and clicks count only messages
-- sent while the workspace tracked them; rates are the app's to compute from these counts.
create function public.email_campaign_report(campaign_id uuid)
returns table (
  deliveries bigint, queued bigint, sent bigint, failed bigint, unconfirmed bigint, bounced bigint, complained bigint,
  unsubscribed bigint, open_tracked bigint, opened bigint, click_tracked bigint, clicked bigint
)
language sql stable security invoker
set search_path = ''
as $$
  select count(*), count(*) filter (where d.status in ('queued', 'sending')), count(*) filter (where d.status = 'sent'),
    count(*) filter (where d.status = 'failed'), count(*) filter (where d.status = 'unconfirmed'),
    count(d.bounced_at), count(d.complained_at), count(d.unsubscribed_at),
    count(*) filter (where d.track_opens and d.status in ('sent', 'unconfirmed')), count(d.opened_at) filter (where d.track_opens),
    count(*) filter (where d.track_clicks and d.status in ('sent', 'unconfirmed')), count(d.clicked_at) filter (where d.track_clicks)
  from public.email_deliveries d
  where d.campaign_id = email_campaign_report.campaign_id
$$;

-- The module page's figures for a workspace (RLS decides what is counted): confirmed subscribers (distinct contacts),
-- messages sent, and the counts behind the open, click, unsubscribe and bounce rates.
create function public.email_overview(workspace_id uuid)
returns table (
  subscribers bigint, lists bigint, campaigns bigint, deliveries bigint, sent bigint, open_tracked bigint, opened bigint,
  click_tracked bigint, clicked bigint, unsubscribed bigint, bounced bigint, complained bigint
)
language sql stable security invoker
set search_path = ''
as $$
  select
    (select count(distinct m.contact_id) from public.email_list_members m where m.organization_id = email_overview.workspace_id and m.status = 'confirmed'),
    (select count(*) from public.email_lists l where l.organization_id = email_overview.workspace_id),
    (select count(*) from public.email_campaigns c where c.organization_id = email_overview.workspace_id),
    count(*), count(*) filter (where d.status in ('sent', 'unconfirmed')),
    count(*) filter (where d.track_opens and d.status in ('sent', 'unconfirmed')), count(d.opened_at) filter (where d.track_opens),
    count(*) filter (where d.track_clicks and d.status in ('sent', 'unconfirmed')), count(d.clicked_at) filter (where d.track_clicks),
    count(d.unsubscribed_at), count(d.bounced_at), count(d.complained_at)
  from public.email_deliveries d
  where d.organization_id = email_overview.workspace_id
$$;

revoke all on function public.send_email_campaign(uuid, timestamptz), public.unschedule_email_campaign(uuid),
  public.pause_email_campaign(uuid), public.resume_email_campaign(uuid), public.cancel_email_campaign(uuid),
  public.send_email_test(uuid, uuid), public.email_sending_status(), public.email_campaign_report(uuid),
  public.email_overview(uuid) from public;
grant execute on function public.send_email_campaign(uuid, timestamptz), public.unschedule_email_campaign(uuid),
  public.pause_email_campaign(uuid), public.resume_email_campaign(uuid), public.cancel_email_campaign(uuid),
  public.send_email_test(uuid, uuid), public.email_sending_status(), public.email_campaign_report(uuid),
  public.email_overview(uuid) to authenticated;
