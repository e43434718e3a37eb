-- What recipients do with a message becomes contact activity (decision 0020): the one-click unsubscribe (RFC 8058) and
-- the link in the body, the open pixel and the click redirects — each reached with the message's own token, which
-- names one message to one recipient and nothing else.
--
-- - Unsubscribing suppresses the address in the whole workspace (every list, every future send), marks the contact's
--   memberships unsubscribed and records email.unsubscribed.
-- - An open or a click counts only when the message was sent with tracking on and the workspace still tracks it
--   (both off by default). A click redirects only to a URL that was in the message: the link is named by its position
--   in the message's stored link set, never by a URL in the request.
-- - Engagement updates the contact: last_activity_at, and last_email_opened_at / last_email_clicked_at, which two new
--   kinds of scoring rule read — "opened an e-mail in the last N days" (email_opened) and "clicked a link in an e-mail
--   in the last N days" (email_clicked) — and records email.opened / email.clicked (the first time per message), for
--   the Automation Platform's triggers.

alter table public.contacts
  add column last_email_opened_at timestamptz,
  add column last_email_clicked_at timestamptz;

alter table public.contact_score_rules drop constraint contact_score_rules_kind_check;
alter table public.contact_score_rules add constraint contact_score_rules_kind_check check (
  kind in ('lifecycle_stage', 'source', 'job_title', 'tag', 'recent_activity', 'email_opened', 'email_clicked')
);
alter table public.contact_score_rules drop constraint contact_score_rules_value_check;
alter table public.contact_score_rules add constraint contact_score_rules_value_check check (
  case kind
    when 'lifecycle_stage' then value in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned')
    when 'source' then value in ('form', 'import', 'manual', 'event', 'referral', 'other')
    when 'recent_activity' then value ~ '^[1-9][0-9]{0,2}$'
    when 'email_opened' then value ~ '^[1-9][0-9]{0,2}$'
    when 'email_clicked' then value ~ '^[1-9][0-9]{0,2}$'
    else char_length(value) between 1 and 50 and value = btrim(value)
  end
);

create or replace function private.lead_scores(contacts public.contacts[]) returns table (contact_id uuid, score integer)
language sql stable
as $$
  select c.id, greatest(0, least(100, c.score_adjustment + coalesce(pg_catalog.sum(r.points), 0)))::integer
  from pg_catalog.unnest(contacts) c
  left join public.contact_score_rules r
    on r.organization_id = c.organization_id
    and case r.kind
      when 'lifecycle_stage' then r.value = c.lifecycle_stage
      when 'source' then r.value = c.source
      when 'job_title' then pg_catalog.strpos(pg_catalog.lower(coalesce(c.job_title, '')), pg_catalog.lower(r.value)) > 0
      when 'tag' then exists (select 1 from pg_catalog.unnest(c.tags) t where pg_catalog.lower(t) = pg_catalog.lower(r.value))
      when 'recent_activity' then c.last_activity_at > pg_catalog.now() - pg_catalog.make_interval(days => r.value::integer)
      when 'email_opened' then c.last_email_opened_at > pg_catalog.now() - pg_catalog.make_interval(days => r.value::integer)
      when 'email_clicked' then c.last_email_clicked_at > pg_catalog.now() - pg_catalog.make_interval(days => r.value::integer)
      else false
    end
  group by c.id, c.score_adjustment
$$;

drop trigger contacts_b_score_update on public.contacts;
create trigger contacts_b_score_update
  before update of organization_id, lifecycle_stage, source, job_title, tags, last_activity_at, score_adjustment,
    last_email_opened_at, last_email_clicked_at
  on public.contacts
  for each row when (new.lead_score = old.lead_score) execute function private.score_contact();

-- The delivery a token names (null when none does).
create function private.email_delivery_by_token(token text) returns public.email_deliveries
language sql stable security definer
set search_path = ''
as $$
  select d.* from public.email_deliveries d
  where token is not null and char_length(token) between 20 and 100 and d.token_hash = private.email_token_hash(token)
$$;

-- What the unsubscribe page shows: the workspace's name, the address (masked) and whether it is unsubscribed.
create function private.email_unsubscribe_info(token text)
returns table (workspace_name text, masked_email text, unsubscribed boolean)
language sql stable security definer
set search_path = ''
as $$
  select o.name, left(d.email, 1) || '***' || substring(d.email from position('@' in d.email)),
    exists (select 1 from public.email_suppressions s where s.organization_id = d.organization_id and s.email = lower(d.email))
  from private.email_delivery_by_token(token) d join public.organizations o on o.id = d.organization_id
  where d.id is not null
$$;

-- Unsubscribes the recipient of a message from its workspace: true when the token named a message.
create function private.unsubscribe_email_recipient(token text, method text default 'link') returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  delivery public.email_deliveries := private.email_delivery_by_token(token);
begin
  if delivery.id is null then
    return false;
  end if;
  perform private.suppress_email(delivery.organization_id, delivery.email, 'unsubscribed',
    case method when 'one_click' then 'One-click unsubscribe (List-Unsubscribe-Post)' else 'Unsubscribe link' end);
  update public.email_deliveries d set unsubscribed_at = coalesce(d.unsubscribed_at, now()) where d.id = delivery.id;
  update public.email_list_members m set status = 'unsubscribed', unsubscribed_at = now(), updated_at = now()
  where m.organization_id = delivery.organization_id and m.status <> 'unsubscribed'
    and m.contact_id in (select c.id from public.contacts c where c.organization_id = delivery.organization_id and lower(c.email) = lower(delivery.email));
  if delivery.unsubscribed_at is null then
    perform private.record_workspace_event(delivery.organization_id, 'email.unsubscribed', delivery.contact_id,
      jsonb_build_object('delivery_id', delivery.id, 'campaign_id', delivery.campaign_id, 'contact_id', delivery.contact_id));
  end if;
  return true;
end
$$;

-- An open or a click of a message, when it was sent tracked and its workspace still tracks that kind.
create function private.record_email_engagement(delivery public.email_deliveries, kind text, url text default null) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  tracking public.email_settings;
  first_time boolean;
begin
  select s.* into tracking from public.email_settings s where s.organization_id = delivery.organization_id;
  if kind = 'open' and not (delivery.track_opens and tracking.track_opens) then
    return false;
  end if;
  if kind = 'click' and not (delivery.track_clicks and tracking.track_clicks) then
    return false;
  end if;
  if kind = 'open' then
    first_time := delivery.opened_at is null;
    update public.email_deliveries d set opened_at = coalesce(d.opened_at, now()), open_count = d.open_count + 1 where d.id = delivery.id;
    update public.contacts c set last_email_opened_at = now(), last_activity_at = greatest(c.last_activity_at, now())
    where c.id = delivery.contact_id and c.organization_id = delivery.organization_id;
  else
    first_time := delivery.clicked_at is null;
    -- A click shows the message was opened, whether or not its images loaded.
    update public.email_deliveries d set clicked_at = coalesce(d.clicked_at, now()), click_count = d.click_count + 1,
      opened_at = case when d.track_opens and tracking.track_opens then coalesce(d.opened_at, now()) else d.opened_at end
    where d.id = delivery.id;
    update public.contacts c set last_email_clicked_at = now(), last_activity_at = greatest(c.last_activity_at, now())
    where c.id = delivery.contact_id and c.organization_id = delivery.organization_id;
  end if;
  if first_time then
    perform private.record_workspace_event(delivery.organization_id, case kind when 'open' then 'email.opened' else 'email.clicked' end,
      delivery.contact_id, jsonb_strip_nulls(jsonb_build_object('delivery_id', delivery.id, 'campaign_id', delivery.campaign_id,
        'contact_id', delivery.contact_id, 'url', url)));
  end if;
  return true;
end
$$;

create function private.record_email_open(token text) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  delivery public.email_deliveries := private.email_delivery_by_token(token);
begin
  if delivery.id is null then
    return false;
  end if;
  return private.record_email_engagement(delivery, 'open');
end
$$;

-- The URL at `link_position` (0-based) of the message's links, or null: the redirect goes there and nowhere else. The click
-- is recorded when tracked.
create function private.record_email_click(token text, link_position integer) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  delivery public.email_deliveries := private.email_delivery_by_token(token);
  target text;
begin
  if delivery.id is null or delivery.link_set_id is null or link_position is null or link_position < 0 then
    return null;
  end if;
  select s.urls[link_position + 1] into target from private.email_link_sets s
  where s.id = delivery.link_set_id and s.organization_id = delivery.organization_id;
  if target is null then
    return null;
  end if;
  perform private.record_email_engagement(delivery, 'click', target);
  return target;
end
$$;

revoke all on function private.email_delivery_by_token(text), private.email_unsubscribe_info(text),
  private.unsubscribe_email_recipient(text, text), private.record_email_engagement(public.email_deliveries, text, text),
  private.record_email_open(text), private.record_email_click(text, integer) from public, anon, authenticated;
