-- A new lead tells the site admins by e-mail, through the outgoing e-mail queue (20261123050200): one 'new_lead'
-- row per site admin whose address is a plain one, holding only the lead's id. The mail worker reads the lead when
-- it sends (private.prepare_new_lead_email) and renders it with everything the visitor wrote flattened for headers
-- and escaped for HTML (server/src/modules/mail/new-lead-email.ts), so nothing a visitor types becomes a header.
-- On hosted Supabase no worker runs: private.enqueue_email then queues nothing and the inbox is the only notice.

create function private.notify_site_admins_of_lead() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  admin_address text;
begin
  for admin_address in
    select u.email from auth.users u
    where coalesce((u.raw_app_meta_data ->> 'site_admin')::boolean, false)
      and u.email is not null
      -- The queue's own rule for a recipient: one plain address (a malformed one would refuse the visitor's lead).
      and char_length(u.email) between 3 and 254
      and u.email ~ '^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$'
    order by u.created_at
    limit 20
  loop
    perform private.enqueue_email('new_lead', admin_address, jsonb_build_object('lead_id', new.id));
  end loop;
  return null;
end
$$;

revoke all on function private.notify_site_admins_of_lead() from public, anon, authenticated;

create trigger leads_notify_site_admins
  after insert on public.leads
  for each row execute function private.notify_site_admins_of_lead();

-- What the worker needs to write the notice: the lead as stored (the worker flattens and escapes it).
create function private.prepare_new_lead_email(lead_id uuid)
returns table (name text, email text, company text, message text, created_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select l.name, l.email, l.company, l.message, l.created_at from public.leads l where l.id = prepare_new_lead_email.lead_id
$$;

revoke all on function private.prepare_new_lead_email(uuid) from public, anon, authenticated;
