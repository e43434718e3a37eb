-- Who is on a list, and how they consented (decision 0020). Members join a list only through these functions, each
-- writing the consent record: by hand (add_contacts_to_email_list), from a filter of tags, lifecycle stages and score
-- bands (add_filtered_contacts_to_email_list), from a CSV file through the import wizard
-- (import_email_list_members), or by the person on the public subscribe form (subscribe_to_email_list, anon).
--
-- Single opt-in: confirmed at once. Double opt-in: pending, and a confirmation e-mail goes out through the outgoing
-- e-mail queue (kind email_list_confirmation; its link is minted when it is sent, like an invitation's); following
-- it confirms (confirm_email_subscription, anon). A member who became confirmed gets the list's welcome e-mail, when
-- the list has one. Someone who unsubscribed stays unsubscribed whatever a member does: only the person subscribes
-- again (the form), which also lifts their workspace-wide "unsubscribed" suppression once confirmed.

-- A delivery of a template to one contact (a list's welcome e-mail; later the Automation Platform's "send an
-- e-mail"), sent by the send_email_delivery job. Honours the suppression list; returns the delivery's id, or null when
-- nothing was queued (no address, suppressed, no worker running).
create function private.queue_email_delivery(workspace_id uuid, kind text, template_id uuid, contact_id uuid, list_id uuid default null)
returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  address text;
  queued bigint;
begin
  select c.email into address from public.contacts c where c.id = queue_email_delivery.contact_id and c.organization_id = queue_email_delivery.workspace_id;
  if address is null or private.email_suppressed(workspace_id, address) or not private.job_worker_alive()
     or not exists (select 1 from public.email_templates t where t.id = queue_email_delivery.template_id and t.organization_id = queue_email_delivery.workspace_id) then
    return null;
  end if;
  insert into public.email_deliveries (organization_id, kind, template_id, list_id, contact_id, email)
  values (workspace_id, queue_email_delivery.kind, queue_email_delivery.template_id, queue_email_delivery.list_id, queue_email_delivery.contact_id, address)
  returning id into queued;
  perform private.enqueue_job('send_email_delivery', jsonb_build_object('workspace_id', workspace_id, 'delivery_id', queued),
    now(), 'delivery:' || queued, 8);
  return queued;
end
$$;

-- Queues a double opt-in confirmation e-mail for a pending member, at most one every 10 minutes for one member (a
-- form cannot be used to bomb an address). Returns whether one was queued.
create function private.queue_email_confirmation(list_id uuid, contact_id uuid) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  member public.email_list_members;
  address text;
begin
  select m.* into member from public.email_list_members m
  where m.list_id = queue_email_confirmation.list_id and m.contact_id = queue_email_confirmation.contact_id for update;
  if member is null or member.status <> 'pending'
     or (member.confirmation_sent_at is not null and member.confirmation_sent_at > now() - interval '10 minutes') then
    return false;
  end if;
  select c.email into address from public.contacts c where c.id = member.contact_id;
  if address is null or private.enqueue_email('email_list_confirmation', lower(address),
       jsonb_build_object('list_id', member.list_id, 'contact_id', member.contact_id)) is null then
    return false;
  end if;
  update public.email_list_members m set confirmation_sent_at = now(), updated_at = now()
  where m.list_id = member.list_id and m.contact_id = member.contact_id;
  return true;
end
$$;

-- A member becomes confirmed: the welcome e-mail is queued (when the list has one) and email.subscribed recorded.
create function private.email_member_confirmed(list_id uuid, contact_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  list public.email_lists;
begin
  select l.* into list from public.email_lists l where l.id = email_member_confirmed.list_id;
  if list.welcome_enabled and list.welcome_template_id is not null then
    perform private.queue_email_delivery(list.organization_id, 'welcome', list.welcome_template_id, email_member_confirmed.contact_id, list.id);
  end if;
  perform private.record_workspace_event(list.organization_id, 'email.subscribed', email_member_confirmed.contact_id,
    jsonb_build_object('list_id', list.id, 'contact_id', email_member_confirmed.contact_id));
end
$$;

-- Adds contacts of the list's workspace (those with an e-mail) to it with one consent record. Contacts already on the
-- list keep theirs; someone who unsubscribed stays unsubscribed. Returns {added, already, unsubscribed,
-- without_email, confirmations}.
create function private.add_email_list_members(list public.email_lists, contact_ids uuid[], consent_kind text, consent_text text)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  added_ids uuid[];
  added_id uuid;
  confirmations integer := 0;
  already integer;
  unsubscribed integer;
  without_email integer;
begin
  select count(*) filter (where c.email is null) into without_email
  from public.contacts c where c.id = any(contact_ids) and c.organization_id = list.organization_id;
  select count(*) filter (where m.status <> 'unsubscribed'), count(*) filter (where m.status = 'unsubscribed')
  into already, unsubscribed
  from public.email_list_members m where m.list_id = list.id and m.contact_id = any(contact_ids);

  with added as (
    insert into public.email_list_members (list_id, contact_id, organization_id, status, consent_method, consent_source,
      consented_by, consented_at, confirmed_at)
    select list.id, c.id, list.organization_id, case list.opt_in when 'single' then 'confirmed' else 'pending' end,
      consent_kind, left(consent_text, 300), auth.uid(), now(), case list.opt_in when 'single' then now() end
    from public.contacts c
    where c.id = any(contact_ids) and c.organization_id = list.organization_id and c.email is not null
    on conflict (list_id, contact_id) do nothing
    returning contact_id
  )
  select coalesce(array_agg(contact_id), '{}') into added_ids from added;

  foreach added_id in array added_ids loop
    if list.opt_in = 'single' then
      perform private.email_member_confirmed(list.id, added_id);
    elsif private.queue_email_confirmation(list.id, added_id) then
      confirmations := confirmations + 1;
    end if;
  end loop;
  return jsonb_build_object('added', cardinality(added_ids), 'already', already, 'unsubscribed', unsubscribed,
    'without_email', without_email, 'confirmations', confirmations);
end
$$;

-- A contact's score brought up to date (the score trigger leaves rows alone for an anonymous caller — the public
-- form — so its functions score the contact themselves).
create function private.rescore_contact(contact_id uuid) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.contacts c set lead_score = s.score
  from private.lead_scores(array(select x from public.contacts x where x.id = rescore_contact.contact_id)) s
  where c.id = s.contact_id and c.lead_score <> s.score
$$;

-- The list, when the caller may manage it (member or higher in its workspace); 'unknown_list' otherwise — the same
-- answer for another workspace's list as for none.
create function private.email_list_for_member(list_id uuid) returns public.email_lists
language plpgsql stable security definer
set search_path = ''
as $$
declare
  list public.email_lists;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  select l.* into list from public.email_lists l where l.id = email_list_for_member.list_id;
  if list.id is null or private.workspace_role(list.organization_id) is null then
    raise exception 'This list does not exist.' using errcode = 'P0001', detail = 'unknown_list';
  end if;
  perform private.require_workspace_role(list.organization_id, 'member');
  return list;
end
$$;

-- "Olive Owner" or the caller's address: who added members by hand.
create function private.caller_display_name() returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(nullif(btrim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), u.email, 'a member')
  from auth.users u left join public.profiles p on p.user_id = u.id
  where u.id = (select auth.uid())
$$;

revoke all on function private.queue_email_delivery(uuid, text, uuid, uuid, uuid), private.queue_email_confirmation(uuid, uuid),
  private.email_member_confirmed(uuid, uuid), private.add_email_list_members(public.email_lists, uuid[], text, text),
  private.email_list_for_member(uuid), private.caller_display_name(), private.rescore_contact(uuid) from public, anon, authenticated;

-- By hand: every id must be a contact of the list's workspace (all or none, like bulk_tag_contacts).
create function public.add_contacts_to_email_list(list_id uuid, contact_ids uuid[]) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  list public.email_lists := private.email_list_for_member(add_contacts_to_email_list.list_id);
begin
  if contact_ids is null or cardinality(contact_ids) not between 1 and 1000 then
    raise exception 'Choose 1 to 1,000 contacts.' using errcode = 'P0001', detail = 'invalid_selection';
  end if;
  if (select count(distinct c.id) from public.contacts c where c.id = any(contact_ids) and c.organization_id = list.organization_id)
     <> (select count(distinct x) from unnest(contact_ids) x) then
    raise exception 'Some of these contacts do not exist in this workspace.' using errcode = 'P0001', detail = 'unknown_contacts';
  end if;
  return private.add_email_list_members(list, contact_ids, 'manual', 'Added by ' || private.caller_display_name());
end
$$;

-- The contacts of a workspace matching a filter: any of the tags (any case), any of the lifecycle stages, any of the
-- score bands; an empty part matches everyone. Only contacts with an e-mail.
create function private.email_filter_contacts(workspace_id uuid, tags text[], stages text[], bands text[])
returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select c.id from public.contacts c
  where c.organization_id = workspace_id and c.email is not null
    and (coalesce(cardinality(tags), 0) = 0 or c.tag_keys && array(select lower(t) from unnest(tags) t))
    and (coalesce(cardinality(stages), 0) = 0 or c.lifecycle_stage = any(stages))
    and (coalesce(cardinality(bands), 0) = 0 or c.score_band = any(bands))
$$;
revoke all on function private.email_filter_contacts(uuid, text[], text[], text[]) from public, anon, authenticated;

-- From a filter: dry_run counts the matching contacts (and how many are on the list already) without adding them.
create function public.add_filtered_contacts_to_email_list(
  list_id uuid, tags text[] default '{}', lifecycle_stages text[] default '{}', score_bands text[] default '{}',
  dry_run boolean default false
) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  list public.email_lists := private.email_list_for_member(add_filtered_contacts_to_email_list.list_id);
  matching uuid[];
  description text;
begin
  if cardinality(tags) > 50 or cardinality(lifecycle_stages) > 10 or cardinality(score_bands) > 4
     or exists (select 1 from unnest(lifecycle_stages) s where s not in ('subscriber', 'lead', 'marketing_qualified', 'sales_qualified', 'customer', 'churned'))
     or exists (select 1 from unnest(score_bands) b where b not in ('hot', 'warm', 'cool', 'cold')) then
    raise exception 'Filter by tags, lifecycle stages (subscriber … churned) and score bands (hot, warm, cool, cold).'
      using errcode = 'P0001', detail = 'invalid_filter';
  end if;
  matching := array(select private.email_filter_contacts(list.organization_id, tags, lifecycle_stages, score_bands));
  if dry_run then
    return jsonb_build_object('matching', cardinality(matching),
      'already', (select count(*) from public.email_list_members m where m.list_id = list.id and m.contact_id = any(matching)));
  end if;
  description := concat_ws(' · ',
    case when cardinality(tags) > 0 then 'tags ' || array_to_string(tags, ', ') end,
    case when cardinality(lifecycle_stages) > 0 then 'stage ' || array_to_string(lifecycle_stages, ', ') end,
    case when cardinality(score_bands) > 0 then 'band ' || array_to_string(score_bands, ', ') end);
  return jsonb_build_object('matching', cardinality(matching)) || private.add_email_list_members(list, matching, 'filter',
    'Filter: ' || coalesce(nullif(description, ''), 'all contacts') || ' (by ' || private.caller_display_name() || ')');
end
$$;

-- From a CSV file: the lines go through import_contacts (new contacts created, existing ones skipped or merged, as the
-- contacts' own import), then every contact named by a line without an error joins the list, recorded as an import
-- of `file_name`. dry_run checks the lines and adds nothing.
create function public.import_email_list_members(
  list_id uuid, rows jsonb, on_duplicate text default 'skip', dry_run boolean default false, file_name text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  list public.email_lists := private.email_list_for_member(import_email_list_members.list_id);
  outcome jsonb;
  bad_lines integer[];
  named uuid[];
begin
  outcome := public.import_contacts(list.organization_id, rows, on_duplicate, dry_run);
  if dry_run then
    return outcome;
  end if;
  bad_lines := array(select (e ->> 'line')::integer from jsonb_array_elements(outcome -> 'errors') e);
  named := array(
    select c.id from public.contacts c
    where c.organization_id = list.organization_id
      and lower(c.email) in (
        select lower(btrim(r ->> 'email')) from jsonb_array_elements(rows) r
        where jsonb_typeof(r) = 'object' and r ->> 'email' is not null
          and not (case when jsonb_typeof(r -> 'line') = 'number' then (r ->> 'line')::numeric::integer end = any(bad_lines))
      ));
  return outcome || jsonb_build_object('list', private.add_email_list_members(list, named, 'import',
    'Import of ' || coalesce(nullif(left(btrim(file_name), 200), ''), 'a CSV file') || ' (by ' || private.caller_display_name() || ')'));
end
$$;

-- Takes contacts off a list (not an unsubscribe: they may be added again; their consent record goes with them).
create function public.remove_contacts_from_email_list(list_id uuid, contact_ids uuid[]) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  list public.email_lists := private.email_list_for_member(remove_contacts_from_email_list.list_id);
  removed integer;
begin
  if contact_ids is null or cardinality(contact_ids) not between 1 and 1000 then
    raise exception 'Choose 1 to 1,000 contacts.' using errcode = 'P0001', detail = 'invalid_selection';
  end if;
  delete from public.email_list_members m where m.list_id = list.id and m.contact_id = any(contact_ids) and m.status <> 'unsubscribed';
  get diagnostics removed = row_count;
  return removed;
end
$$;

-- Members of each list of a workspace by state (RLS decides what is counted).
create function public.email_list_counts(workspace_id uuid)
returns table (list_id uuid, confirmed bigint, pending bigint, unsubscribed bigint)
language sql stable security invoker
set search_path = ''
as $$
  select l.id, count(m.contact_id) filter (where m.status = 'confirmed'), count(m.contact_id) filter (where m.status = 'pending'),
    count(m.contact_id) filter (where m.status = 'unsubscribed')
  from public.email_lists l left join public.email_list_members m on m.list_id = l.id
  where l.organization_id = email_list_counts.workspace_id
  group by l.id
$$;

-- The public form of a list: its name, its workspace's name and its kind of opt-in (anyone with the form's token).
create function public.email_list_form(form_token text)
returns table (list_name text, workspace_name text, opt_in text)
language sql stable security definer
set search_path = ''
as $$
  select l.name, o.name, l.opt_in
  from public.email_lists l join public.organizations o on o.id = l.organization_id
  where l.form_token = email_list_form.form_token and l.form_enabled
$$;

-- The subscribe form (anon): creates or updates the contact (source "form"), adds it to the list with its consent
-- record, and sends the confirmation e-mail of a double opt-in list. Limited like the contact form: per client
-- network, per address and for everybody (429 with Retry-After), and at most one confirmation e-mail every 10 minutes
-- for one address on one list. The answer never tells whether the address was known: 'confirmation_sent' for a
-- double opt-in list, 'subscribed' for a single opt-in one.
create function public.subscribe_to_email_list(
  form_token text, email text, first_name text default null, last_name text default null, via text default 'hosted'
) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  list public.email_lists;
  address text := lower(btrim(subscribe_to_email_list.email));
  given_first text := nullif(left(btrim(subscribe_to_email_list.first_name), 100), '');
  given_last text := nullif(left(btrim(subscribe_to_email_list.last_name), 100), '');
  subscriber uuid;
  member public.email_list_members;
  limit_hit record;
  origin text := left(nullif(current_setting('request.headers', true), '')::json ->> 'origin', 200);
  source text;
begin
  select l.* into list from public.email_lists l where l.form_token = subscribe_to_email_list.form_token and l.form_enabled;
  if list.id is null then
    raise exception 'This subscribe form does not exist or is closed.' using errcode = 'P0001', detail = 'unknown_form';
  end if;
  if address is null or not private.is_plain_email(address) then
    raise exception 'Enter a valid e-mail address.' using errcode = 'P0001', detail = 'invalid_email';
  end if;
  if (given_first is not null and not private.is_header_text(given_first)) or (given_last is not null and not private.is_header_text(given_last)) then
    raise exception 'A name cannot hold line breaks or control characters.' using errcode = 'P0001', detail = 'invalid_name';
  end if;
  limit_hit := private.submission_limit_reached('email_subscribe', address, 10, 5, 2000);
  if limit_hit.reached = 'client' then
    perform private.raise_too_many_requests('Too many subscriptions from your network: please try again in a few minutes.', limit_hit.retry_after);
  elsif limit_hit.reached = 'email' then
    perform private.raise_too_many_requests('Too many subscriptions for this e-mail address: please try again later.', limit_hit.retry_after);
  elsif limit_hit.reached = 'total' then
    perform private.raise_too_many_requests('We are receiving a lot of subscriptions right now: please try again in a few minutes.', limit_hit.retry_after);
  end if;
  if list.opt_in = 'double' and not private.job_worker_alive() then
    raise exception 'Subscriptions to this list cannot be confirmed right now: please try again later.'
      using errcode = 'P0001', detail = 'sending_unavailable';
  end if;

  select c.id into subscriber from public.contacts c where c.organization_id = list.organization_id and lower(c.email) = address;
  if subscriber is null then
    insert into public.contacts (organization_id, email, first_name, last_name, source, last_activity_at, lead_score)
    values (list.organization_id, address, given_first, given_last, 'form', now(), 0)
    on conflict (organization_id, lower(email)) where email is not null do nothing
    returning id into subscriber;
    if subscriber is null then
      select c.id into subscriber from public.contacts c where c.organization_id = list.organization_id and lower(c.email) = address;
    end if;
  else
    update public.contacts c set first_name = coalesce(c.first_name, given_first), last_name = coalesce(c.last_name, given_last),
      last_activity_at = now()
    where c.id = subscriber;
  end if;
  perform private.rescore_contact(subscriber);

  source := case when subscribe_to_email_list.via = 'embed' then 'Subscribe form, embedded' || coalesce(' on ' || origin, '') else 'Subscribe form, hosted page' end;
  select m.* into member from public.email_list_members m where m.list_id = list.id and m.contact_id = subscriber for update;
  if member.list_id is null or member.status <> 'confirmed' then
    insert into public.email_list_members as m (list_id, contact_id, organization_id, status, consent_method, consent_source,
      consented_at, confirmed_at, unsubscribed_at)
    values (list.id, subscriber, list.organization_id, case list.opt_in when 'single' then 'confirmed' else 'pending' end,
      'form', source, now(), case list.opt_in when 'single' then now() end, null)
    on conflict (list_id, contact_id) do update
      set status = excluded.status, consent_method = excluded.consent_method, consent_source = excluded.consent_source,
        consented_by = null, consented_at = excluded.consented_at, confirmed_at = excluded.confirmed_at, unsubscribed_at = null,
        updated_at = now();
    if list.opt_in = 'single' then
      -- The person asked for it themselves: their unsubscribe no longer stands.
      delete from public.email_suppressions s where s.organization_id = list.organization_id and s.email = address and s.reason = 'unsubscribed';
      perform private.email_member_confirmed(list.id, subscriber);
    else
      perform private.queue_email_confirmation(list.id, subscriber);
    end if;
  end if;
  return jsonb_build_object('status', case list.opt_in when 'single' then 'subscribed' else 'confirmation_sent' end);
end
$$;

-- For the confirmation e-mail's renderer (the worker): mints the member's confirmation link now (valid 7 days; a new
-- e-mail replaces the previous link) and returns what the e-mail says; no row when the member is no longer pending.
create function private.prepare_email_confirmation(list_id uuid, contact_id uuid)
returns table (token text, email text, first_name text, list_name text, workspace_name text, expires_at timestamptz)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  minted text := private.new_email_token();
begin
  update public.email_list_members m
  set confirm_token_hash = private.email_token_hash(minted), confirm_expires_at = now() + interval '7 days'
  where m.list_id = prepare_email_confirmation.list_id and m.contact_id = prepare_email_confirmation.contact_id and m.status = 'pending';
  if not found then
    return;
  end if;
  return query
    select minted, c.email, c.first_name, l.name, o.name, now() + interval '7 days'
    from public.email_lists l join public.organizations o on o.id = l.organization_id
    join public.contacts c on c.id = prepare_email_confirmation.contact_id
    where l.id = prepare_email_confirmation.list_id;
end
$$;
revoke all on function private.prepare_email_confirmation(uuid, uuid) from public, anon, authenticated;

-- The link of a confirmation e-mail (anon): the member becomes confirmed (the person's own unsubscribe and complaint
-- suppressions are lifted: they asked again, from their mailbox), once; following it again says so.
create function public.confirm_email_subscription(token text)
returns table (status text, list_name text, workspace_name text)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  member public.email_list_members;
  address text;
begin
  if token is null or char_length(token) not between 20 and 100 then
    raise exception 'This confirmation link is not valid.' using errcode = 'P0001', detail = 'invalid_token';
  end if;
  select m.* into member from public.email_list_members m where m.confirm_token_hash = private.email_token_hash(token) for update;
  if member.list_id is null or (member.status = 'pending' and member.confirm_expires_at < now()) or member.status = 'unsubscribed' then
    raise exception 'This confirmation link is not valid or has expired: subscribe again to get a new one.'
      using errcode = 'P0001', detail = 'invalid_token';
  end if;
  if member.status = 'pending' then
    update public.email_list_members m set status = 'confirmed', confirmed_at = now(), updated_at = now()
    where m.list_id = member.list_id and m.contact_id = member.contact_id;
    select c.email into address from public.contacts c where c.id = member.contact_id;
    delete from public.email_suppressions s
    where s.organization_id = member.organization_id and s.email = lower(address) and s.reason in ('unsubscribed', 'complaint', 'hard_bounce');
    update public.contacts c set last_activity_at = now() where c.id = member.contact_id;
    perform private.rescore_contact(member.contact_id);
    perform private.email_member_confirmed(member.list_id, member.contact_id);
  end if;
  return query
    select case when member.status = 'pending' then 'confirmed' else 'already_confirmed' end, l.name, o.name
    from public.email_lists l join public.organizations o on o.id = l.organization_id where l.id = member.list_id;
end
$$;

revoke all on function public.add_contacts_to_email_list(uuid, uuid[]), public.add_filtered_contacts_to_email_list(uuid, text[], text[], text[], boolean),
  public.import_email_list_members(uuid, jsonb, text, boolean, text), public.remove_contacts_from_email_list(uuid, uuid[]),
  public.email_list_counts(uuid), public.email_list_form(text), public.subscribe_to_email_list(text, text, text, text, text),
  public.confirm_email_subscription(text) from public;
grant execute on function public.add_contacts_to_email_list(uuid, uuid[]), public.add_filtered_contacts_to_email_list(uuid, text[], text[], text[], boolean),
  public.import_email_list_members(uuid, jsonb, text, boolean, text), public.remove_contacts_from_email_list(uuid, uuid[]),
  public.email_list_counts(uuid) to authenticated;
grant execute on function public.email_list_form(text), public.subscribe_to_email_list(text, text, text, text, text),
  public.confirm_email_subscription(text) to anon, authenticated;
