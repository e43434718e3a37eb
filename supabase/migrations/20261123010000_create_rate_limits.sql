-- Rate limits shared by every server on this database (and by hosted Supabase): token buckets in one table,
-- taken by one function, plus the client's address as the API gateway reports it.
--
--   private.take_rate_limit_token(bucket, capacity, per_hour) → 0 when a token was taken, else the whole
--     seconds until one is back. A bucket holds `capacity` tokens and refills at `per_hour` tokens an hour;
--     concurrent takers queue on the bucket's row, so a limit is never exceeded. A bucket that refilled
--     completely is the same as none: rows idle for a day are removed now and then (so `capacity / per_hour`
--     must stay under a day).
--   private.reset_rate_limit(bucket) empties the record of a bucket (a successful sign-in forgives the guesses).
--   private.request_client_address() → the client of the current API request: `cf-connecting-ip` (set by the
--     Cloudflare edge of hosted Supabase, which overwrites whatever the client sent), else the last
--     `x-forwarded-for` entry (the one the gateway appended; the own server sets it from its TRUST_PROXY rule and
--     drops what the client sent), else 'unknown'. An IPv6 client counts as its /64, the block one subscriber gets.

create table private.rate_limits (
  key text primary key,
  tokens double precision not null,
  updated_at timestamptz not null
);
create index rate_limits_updated_at_idx on private.rate_limits (updated_at);

-- Nobody reaches it through the API: only the functions below (security definer) and the server.
alter table private.rate_limits enable row level security;
revoke all on table private.rate_limits from public, anon, authenticated, service_role;

create function private.take_rate_limit_token(bucket text, capacity double precision, per_hour double precision)
returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  held double precision;
  since timestamptz;
  available double precision;
  moment timestamptz := clock_timestamp();
begin
  if capacity < 1 or per_hour <= 0 then
    raise exception 'a rate limit needs a capacity of at least 1 and a positive refill' using errcode = '22023';
  end if;
  insert into private.rate_limits (key, tokens, updated_at) values (bucket, capacity, moment) on conflict (key) do nothing;
  select r.tokens, r.updated_at into held, since from private.rate_limits r where r.key = bucket for update;
  available := least(capacity, held + greatest(0, extract(epoch from moment - since)) * per_hour / 3600);
  if available >= 1 then
    update private.rate_limits set tokens = available - 1, updated_at = moment where key = bucket;
    if random() < 0.001 then
      delete from private.rate_limits where updated_at < moment - interval '1 day';
    end if;
    return 0;
  end if;
  update private.rate_limits set tokens = available, updated_at = moment where key = bucket;
  return ceil((1 - available) * 3600 / per_hour)::integer;
end
$$;

create function private.reset_rate_limit(bucket text) returns void
language sql volatile security definer
set search_path = ''
as $$
  delete from private.rate_limits where key = bucket
$$;

create function private.request_client_address() returns text
language plpgsql stable
set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
  forwarded text[] := string_to_array(headers ->> 'x-forwarded-for', ',');
  reported text := coalesce(
    nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(forwarded[cardinality(forwarded)]), '')
  );
  address inet;
begin
  if reported is null then
    return 'unknown';
  end if;
  begin
    address := reported::inet;
  exception when invalid_text_representation then
    return left(reported, 64);
  end;
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    return substring(host(address) from 8); -- an IPv4 client seen through an IPv6 socket
  end if;
  if family(address) = 6 then
    return network(set_masklen(address, 64))::text;
  end if;
  return host(address);
end
$$;

revoke all on function private.take_rate_limit_token(text, double precision, double precision) from public, anon, authenticated;
revoke all on function private.reset_rate_limit(text) from public, anon, authenticated;
revoke all on function private.request_client_address() from public, anon, authenticated;
