-- "A form is submitted" by a contact who already exists (issue 29; decision 0023, session 15): the form function
-- records it itself. 20261129851000 recognised the form's update of an existing contact from the contacts trigger by
-- reading PostgreSQL's call stack (PG_CONTEXT) for subscribe_to_email_list — a dependence on the function's name and
-- on its writing last_activity_at, not a contract. Now public.subscribe_to_email_list records contact.form_submitted
-- {existing: true} when the address was already a contact of the list's workspace, once per submission (and also when
-- it lost the race to create the same new address a moment earlier, which fired nothing before); a contact the
-- submission creates is still recorded by the contacts trigger's insert.
--
-- public.subscribe_to_email_list as in 20261129700000 and private.record_contact_automation_events as in
-- 20261129851000, except for the above (tests/integration/automation-contact-triggers.test.ts).

create or replace function public.subscribe_to_email_list(
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
  -- The person must confirm from their mailbox: a double opt-in list, or a single opt-in one they had left.
  confirm_first boolean;
  -- The address was already one of the workspace's contacts (or became one by a submission a moment earlier).
  known boolean := false;
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
      -- Created by a submission of the same address a moment earlier: a known contact from here on.
      select c.id into subscriber from public.contacts c where c.organization_id = list.organization_id and lower(c.email) = address;
      known := true;
    end if;
  else
    update public.contacts c set first_name = coalesce(c.first_name, given_first), last_name = coalesce(c.last_name, given_last),
      last_activity_at = now()
    where c.id = subscriber;
    known := true;
  end if;
  -- "A form is submitted" (issue 29) for a contact the workspace already had; a new one is recorded by its insert.
  if known and exists (select 1 from public.automation_workflows w
                       where w.organization_id = list.organization_id and w.status = 'published' and w.trigger_type = 'form_submitted') then
    perform private.record_workspace_event(list.organization_id, 'contact.form_submitted', subscriber, jsonb_build_object('existing', true));
  end if;
  perform private.rescore_contact(subscriber);

  source := case when subscribe_to_email_list.via = 'embed' then 'Subscribe form, embedded' || coalesce(' on ' || origin, '') else 'Subscribe form, hosted page' end;
  select m.* into member from public.email_list_members m where m.list_id = list.id and m.contact_id = subscriber for update;
  -- Anyone can type an address into a form: on a single opt-in list that is consent enough for a new address, not for
  -- one whose owner unsubscribed or complained. Then, as on a double opt-in list, only following the confirmation
  -- e-mail (in their mailbox) subscribes them and lifts their suppression. The answer stays 'subscribed': it does
  -- not tell the visitor that this address had left.
  confirm_first := list.opt_in = 'double' or coalesce(member.status, '') = 'unsubscribed'
    or exists (select 1 from public.email_suppressions s
               where s.organization_id = list.organization_id and s.email = address and s.reason in ('unsubscribed', 'complaint'));
  if member.list_id is null or member.status <> 'confirmed' then
    insert into public.email_list_members as m (list_id, contact_id, organization_id, status, consent_method, consent_source,
      consented_at, confirmed_at, unsubscribed_at)
    values (list.id, subscriber, list.organization_id, case when confirm_first then 'pending' else 'confirmed' end,
      'form', source, now(), case when not confirm_first then now() end, null)
    on conflict (list_id, contact_id) do update
      set status = excluded.status, consent_method = excluded.consent_method, consent_source = excluded.consent_source,
        consented_by = null, consented_at = excluded.consented_at, confirmed_at = excluded.confirmed_at, unsubscribed_at = null,
        updated_at = now();
    if not confirm_first then
      perform private.email_member_confirmed(list.id, subscriber);
    else
      perform private.queue_email_confirmation(list.id, subscriber);
    end if;
  end if;
  return jsonb_build_object('status', case list.opt_in when 'single' then 'subscribed' else 'confirmation_sent' end);
end
$$;

create or replace function private.record_contact_automation_events() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  listening text[];
  added text[];
  removed text[];
begin
  select array_agg(distinct w.trigger_type) into listening
  from public.automation_workflows w
  where w.organization_id = new.organization_id and w.status = 'published';
  if listening is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    if 'contact_created' = any(listening) then
      perform private.record_workspace_event(new.organization_id, 'contact.created', new.id);
    end if;
    if new.source = 'form' and 'form_submitted' = any(listening) then
      perform private.record_workspace_event(new.organization_id, 'contact.form_submitted', new.id);
    end if;
    added := new.tags;
  else
    added := array(select t from unnest(new.tags) t where not t = any(old.tags));
    removed := array(select t from unnest(old.tags) t where not t = any(new.tags));
  end if;
  if cardinality(added) > 0 and 'tag_added' = any(listening) then
    perform private.record_workspace_event(new.organization_id, 'contact.tag_added', new.id, jsonb_build_object('tags', to_jsonb(added)));
  end if;
  if cardinality(removed) > 0 and 'tag_removed' = any(listening) then
    perform private.record_workspace_event(new.organization_id, 'contact.tag_removed', new.id, jsonb_build_object('tags', to_jsonb(removed)));
  end if;
  if (tg_op = 'INSERT' or new.score_band is distinct from old.score_band) and 'score_band_entered' = any(listening) then
    perform private.record_workspace_event(new.organization_id, 'contact.band_entered', new.id, jsonb_build_object('band', new.score_band));
  end if;
  return null;
end
$$;
