-- New-lead notices under load (issue 25, point 13; docs/decisions/0016-contact-form-under-load.md): each site admin
-- gets one e-mail per contact-form lead for the first few of an hour (5, refilling at 5 an hour), and beyond that one
-- digest an hour listing the leads that got no notice of their own, instead of one e-mail per lead (before: 300 notices an
-- hour per admin at the form's old total). Every lead is in the inbox (/admin/leads) at once either way.
--
--   private.lead_digest_queue      leads waiting for the next digest (a lead goes when it is deleted)
--   private.lead_digests           the digests made: which leads each one lists, when
--   private.queue_due_lead_digests()  makes the digest when one is due (leads are waiting and no digest was made in
--     the last hour) and queues one 'new_lead_digest' e-mail per site admin; returns the e-mails queued. Background
--     work calls it every few minutes (the job runner's cron; see the decision record); calling it more often is
--     harmless.
--   private.prepare_lead_digest_email(digest_id)  what the mail worker renders: the digest's leads as stored.
--
-- Like the single notices, nothing is queued while no worker would send it (private.mail_delivery_available(): hosted
-- Supabase without `npm run worker`): the inbox is the notice.

create table private.lead_digest_queue (
  lead_id uuid primary key references public.leads (id) on delete cascade,
  queued_at timestamptz not null default now()
);

create table private.lead_digests (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  lead_ids uuid[] not null
);
create index lead_digests_created_at_idx on private.lead_digests (created_at desc);

alter table private.lead_digest_queue enable row level security;
alter table private.lead_digests enable row level security;
revoke all on table private.lead_digest_queue, private.lead_digests from public, anon, authenticated;
grant all on table private.lead_digest_queue, private.lead_digests to service_role;

-- The site admins an e-mail about leads goes to: plain addresses only (the queue's own rule), at most 20.
create function private.site_admin_addresses() returns setof text
language sql stable security definer
set search_path = ''
as $$
  select u.email from auth.users u
  where coalesce((u.raw_app_meta_data ->> 'site_admin')::boolean, false)
    and u.email is not null
    and char_length(u.email) between 3 and 254
    and u.email ~ '^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$'
  order by u.created_at
  limit 20
$$;

create or replace function private.notify_site_admins_of_lead() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  admin_address text;
begin
  if not private.mail_delivery_available() then
    return null;
  end if;
  -- The budget is for the public form's leads (API callers); a lead written by the service role or by SQL (an
  -- import, a seed) is trusted and told at once.
  if (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role') in ('anon', 'authenticated')
     and private.take_rate_limit_token('lead_notice:all', 5, 5) > 0 then
    insert into private.lead_digest_queue (lead_id) values (new.id) on conflict do nothing;
    return null;
  end if;
  for admin_address in select private.site_admin_addresses() loop
    perform private.enqueue_email('new_lead', admin_address, jsonb_build_object('lead_id', new.id));
  end loop;
  return null;
end
$$;

create function private.queue_due_lead_digests() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  digest_id bigint;
  admin_address text;
  queued integer := 0;
begin
  -- One caller at a time: two workers ticking together make one digest.
  perform pg_advisory_xact_lock(hashtext('private.queue_due_lead_digests'));
  if not private.mail_delivery_available()
     or not exists (select 1 from private.lead_digest_queue)
     or exists (select 1 from private.lead_digests d where d.created_at > now() - interval '1 hour') then
    return 0;
  end if;
  with taken as (
    delete from private.lead_digest_queue q returning q.lead_id, q.queued_at
  )
  insert into private.lead_digests (lead_ids)
  select array_agg(t.lead_id order by t.queued_at, t.lead_id) from taken t
  returning id into digest_id;
  for admin_address in select private.site_admin_addresses() loop
    if private.enqueue_email('new_lead_digest', admin_address, jsonb_build_object('digest_id', digest_id)) is not null then
      queued := queued + 1;
    end if;
  end loop;
  return queued;
end
$$;

-- The digest's leads as stored, oldest first (the worker flattens and escapes them); none for an unknown digest.
create function private.prepare_lead_digest_email(digest_id bigint)
returns table (name text, email text, company text, message text, created_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select l.name, l.email, l.company, l.message, l.created_at
  from private.lead_digests d
  cross join lateral unnest(d.lead_ids) with ordinality as t(lead_id, n)
  join public.leads l on l.id = t.lead_id
  where d.id = prepare_lead_digest_email.digest_id
  order by l.created_at, t.n
$$;

revoke all on function private.site_admin_addresses(), private.queue_due_lead_digests(),
  private.prepare_lead_digest_email(bigint) from public, anon, authenticated;
grant execute on function private.queue_due_lead_digests() to service_role;
