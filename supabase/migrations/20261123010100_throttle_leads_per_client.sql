-- The contact form's limits, per client first: one visitor (an address, an e-mail address) can no longer
-- close the form for everybody. Replaces the counts of 20261122060000, whose cap of 60 leads per 10 minutes
-- for all visitors together one anonymous script reached on its own.
--
--   private.submission_limit_reached(kind, email, per_client_per_hour, per_email_per_hour, total_per_hour)
--     → (reached, retry_after): null when the submission may go ahead (one token taken from each bucket), else
--     which limit it met first — 'client' (private.request_client_address()), 'email' (case-insensitive) or
--     'total' (everybody together: a last resort far above what one client may send) — and the seconds to wait.
--     Only API callers (anon, authenticated) are counted: service_role and direct SQL are not held back.
--   private.raise_too_many_requests(message, retry_after) answers HTTP 429 with Retry-After and the body
--     {"code":"PT429","message":…} (PostgREST's RAISE SQLSTATE 'PGRST' convention, on hosted Supabase too).
-- Any public form can use the two: see private.throttle_leads() below.

create function private.submission_limit_reached(
  kind text,
  email text,
  per_client_per_hour integer,
  per_email_per_hour integer,
  total_per_hour integer,
  out reached text,
  out retry_after integer
)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role';
begin
  if caller is null or caller not in ('anon', 'authenticated') then
    return;
  end if;
  retry_after := private.take_rate_limit_token(kind || ':client:' || private.request_client_address(), per_client_per_hour, per_client_per_hour);
  if retry_after > 0 then
    reached := 'client';
    return;
  end if;
  retry_after := private.take_rate_limit_token(kind || ':email:' || lower(email), per_email_per_hour, per_email_per_hour);
  if retry_after > 0 then
    reached := 'email';
    return;
  end if;
  retry_after := private.take_rate_limit_token(kind || ':total', total_per_hour, total_per_hour);
  if retry_after > 0 then
    reached := 'total';
    return;
  end if;
  retry_after := null;
end
$$;

create function private.raise_too_many_requests(message text, retry_after integer) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', 'PT429', 'message', message, 'details', null, 'hint', null)::text,
    detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', retry_after::text))::text;
end
$$;

revoke all on function private.submission_limit_reached(text, text, integer, integer, integer) from public, anon, authenticated;
revoke all on function private.raise_too_many_requests(text, integer) from public, anon, authenticated;

-- Leads: 10 an hour from one network, 5 an hour for one e-mail address, 300 an hour in all.
create or replace function private.throttle_leads() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  limit_hit record := private.submission_limit_reached('lead', new.email, 10, 5, 300);
  wait text := case when limit_hit.retry_after <= 60 then 'a minute' else ceil(limit_hit.retry_after / 60.0) || ' minutes' end;
begin
  case limit_hit.reached
    when 'client' then
      perform private.raise_too_many_requests(
        'Too many messages from your network: please try again in ' || wait || ', or write to us by e-mail.', limit_hit.retry_after);
    when 'email' then
      perform private.raise_too_many_requests(
        'Too many messages from this e-mail address: please try again in ' || wait || ', or write to us by e-mail.', limit_hit.retry_after);
    when 'total' then
      perform private.raise_too_many_requests(
        'We are receiving a lot of messages right now: please try again in a few minutes, or write to us by e-mail.', limit_hit.retry_after);
    else
      null;
  end case;
  return new;
end
$$;
