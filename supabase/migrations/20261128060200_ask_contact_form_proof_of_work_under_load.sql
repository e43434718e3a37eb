-- The contact form under load (issue 25, point 13; docs/decisions/0016-contact-form-under-load.md): no limit for
-- all visitors together closes it any more. Before, 300 messages an hour in all (20261123010100) could be spent by
-- about 31 networks, and then nobody could write. Now, per network (10 an hour) and per e-mail address (5 an hour)
-- stay; beyond a calm rate of 60 accepted messages an hour for everybody together, a message needs a proof of work:
-- an ALTCHA challenge (the classic protocol, as `altcha-lib/v1` creates and verifies it) that the visitor's browser
-- solves in a few seconds, off the main thread. It is issued and verified here, in the database, so it works the
-- same on hosted Supabase, with no third-party service and no cookie:
--
--   challenge = hex(sha256(salt || number)), signature = hex(hmac_sha256(challenge, key)), salt = random hex
--   '?expires=<unix seconds>&'; the visitor finds `number` in 0..maxnumber and sends back base64 of the JSON
--   {algorithm, challenge, number, salt, signature} in the request header X-Altcha.
--
-- A message without a valid proof while one is needed is refused with HTTP 403, `details` 'challenge_required' and
-- a fresh challenge (its JSON) in `hint`: the form solves it and sends again. A proof works once, for 10 minutes.
-- The key is random, made here, and never leaves the database. The work grows with the hour's messages:
-- maxnumber 100,000 (a few seconds for a browser), doubling for each 300 messages of the last hour, at most 400,000
-- (more would close the form to phones in all but name).

-- pgcrypto's hmac(); hosted Supabase has it in `extensions` already.
create extension if not exists pgcrypto with schema extensions;

create table private.contact_form_key (
  id boolean primary key default true constraint contact_form_key_single check (id),
  hmac_key text not null
);
insert into private.contact_form_key (hmac_key) values (encode(extensions.gen_random_bytes(32), 'hex'));

-- Proofs already used, until their challenge expires (a proof works once).
create table private.contact_form_proofs_used (
  challenge text primary key,
  expires_at timestamptz not null
);
create index contact_form_proofs_used_expires_at_idx on private.contact_form_proofs_used (expires_at);

alter table private.contact_form_key enable row level security;
alter table private.contact_form_proofs_used enable row level security;
revoke all on table private.contact_form_key, private.contact_form_proofs_used from public, anon, authenticated, service_role;

-- A new challenge: ALTCHA's challenge JSON.
create function private.issue_contact_form_challenge() returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  recent integer := (select count(*)::integer from public.leads l where l.created_at > now() - interval '1 hour');
  maxnumber integer := 100000 * (2 ^ least(2, recent / 300))::integer;
  salt text := encode(extensions.gen_random_bytes(12), 'hex')
    || '?expires=' || floor(extract(epoch from now() + interval '10 minutes'))::bigint || '&';
  secret_number integer := ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % (maxnumber + 1);
  challenge text := encode(sha256(convert_to(salt || secret_number, 'UTF8')), 'hex');
begin
  return jsonb_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', maxnumber,
    'salt', salt,
    'signature', encode(extensions.hmac(challenge, (select k.hmac_key from private.contact_form_key k), 'sha256'), 'hex')
  );
end
$$;

-- The challenge a payload (base64 of ALTCHA's solution JSON) solves, with its expiry, when it is a solution of a
-- challenge issued here and not expired; no row otherwise (malformed, forged, wrong number, expired). Whether it
-- was used before is the caller's check.
create function private.verify_contact_form_proof(payload text, out challenge text, out expires_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  solution jsonb;
  expires_text text;
begin
  if payload is null or char_length(payload) > 2000 then
    return;
  end if;
  begin
    solution := convert_from(decode(payload, 'base64'), 'UTF8')::jsonb;
  exception when others then
    return;
  end;
  if jsonb_typeof(solution) is distinct from 'object' or solution ->> 'algorithm' is distinct from 'SHA-256'
     or coalesce(solution ->> 'challenge', '') !~ '^[0-9a-f]{64}$' or coalesce(solution ->> 'signature', '') !~ '^[0-9a-f]{64}$'
     or jsonb_typeof(solution -> 'number') is distinct from 'number' or (solution ->> 'number') !~ '^\d{1,10}$'
     or jsonb_typeof(solution -> 'salt') is distinct from 'string' or char_length(solution ->> 'salt') > 200 then
    return;
  end if;
  expires_text := substring(solution ->> 'salt' from '[?&]expires=(\d{1,12})&');
  if expires_text is null or to_timestamp(expires_text::bigint) <= now() then
    return;
  end if;
  if encode(extensions.hmac(solution ->> 'challenge', (select k.hmac_key from private.contact_form_key k), 'sha256'), 'hex') <> solution ->> 'signature'
     or encode(sha256(convert_to((solution ->> 'salt') || (solution ->> 'number'), 'UTF8')), 'hex') <> solution ->> 'challenge' then
    return;
  end if;
  challenge := solution ->> 'challenge';
  expires_at := to_timestamp(expires_text::bigint);
end
$$;

-- HTTP 403 with a fresh challenge (PostgREST's RAISE SQLSTATE 'PGRST' convention, on hosted Supabase too).
create function private.raise_contact_form_challenge() returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'PT403',
      'message', 'Many messages are arriving right now: solve the proof-of-work challenge in hint (ALTCHA) and send again with its solution in the X-Altcha header.',
      'details', 'challenge_required',
      'hint', private.issue_contact_form_challenge()::text
    )::text,
    detail = json_build_object('status', 403, 'headers', json_build_object())::text;
end
$$;

revoke all on function private.issue_contact_form_challenge(), private.verify_contact_form_proof(text),
  private.raise_contact_form_challenge() from public, anon, authenticated;

-- Leads from the API (anon, authenticated): per network, per e-mail address, then a proof of work beyond the calm
-- rate. Everything a refusal took is rolled back with it, so a visitor asked for a proof spends nothing.
create or replace function private.throttle_leads() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  caller text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role';
  proof record;
  wait integer;
  wait_text text;
begin
  if caller is null or caller not in ('anon', 'authenticated') then
    return new;
  end if;
  proof := private.verify_contact_form_proof(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-altcha');

  wait := private.take_rate_limit_token('lead:client:' || private.request_client_address(), 10, 10);
  wait_text := case when wait <= 60 then 'a minute' else ceil(wait / 60.0) || ' minutes' end;
  if wait > 0 then
    perform private.raise_too_many_requests(
      'Too many messages from your network: please try again in ' || wait_text || ', or write to us by e-mail.', wait);
  end if;
  wait := private.take_rate_limit_token('lead:email:' || lower(new.email), 5, 5);
  wait_text := case when wait <= 60 then 'a minute' else ceil(wait / 60.0) || ' minutes' end;
  if wait > 0 then
    perform private.raise_too_many_requests(
      'Too many messages from this e-mail address: please try again in ' || wait_text || ', or write to us by e-mail.', wait);
  end if;

  -- The calm rate counts every accepted message; past it, only a proof lets one in.
  if private.take_rate_limit_token('lead:calm', 60, 60) > 0 and proof.challenge is null then
    perform private.raise_contact_form_challenge();
  end if;
  if proof.challenge is not null then
    if random() < 0.02 then
      delete from private.contact_form_proofs_used u where u.expires_at < now();
    end if;
    insert into private.contact_form_proofs_used (challenge, expires_at) values (proof.challenge, proof.expires_at)
    on conflict do nothing;
    if not found then
      perform private.raise_contact_form_challenge();
    end if;
  end if;
  return new;
end
$$;
