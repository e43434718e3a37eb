-- The contact form is public: cap how fast leads can arrive, in the database, so a script posting
-- to /rest/v1/leads is held back as firmly as the form. PostgREST answers SQLSTATE PT429 with HTTP 429.
-- Limits: 5 messages per e-mail address per hour, 60 messages in all per 10 minutes.

create index leads_email_created_at_idx on public.leads (lower(email), created_at desc);

create function private.throttle_leads() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- One lead at a time, so concurrent inserts cannot all pass the counts below together.
  perform pg_advisory_xact_lock(hashtext('public.leads throttle'));
  if (select count(*) from public.leads l
      where lower(l.email) = lower(new.email) and l.created_at > now() - interval '1 hour') >= 5 then
    raise exception 'Too many messages from this address: please try again in an hour, or write to us by e-mail.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.leads l where l.created_at > now() - interval '10 minutes') >= 60 then
    raise exception 'We are receiving a lot of messages right now: please try again in a few minutes, or write to us by e-mail.'
      using errcode = 'PT429';
  end if;
  return new;
end
$$;

revoke all on function private.throttle_leads() from public, anon, authenticated;

create trigger leads_throttle
  before insert on public.leads
  for each row execute function private.throttle_leads();
