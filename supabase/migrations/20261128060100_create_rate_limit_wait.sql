-- Seconds until a bucket of private.take_rate_limit_token has a token, without taking one (0: one is there now).
-- For a budget that is charged later, when what it pays for really happens: the server's e-mail budget is looked at
-- before answering a password recovery for any address, and charged only when an e-mail is sent (issue 25, point 12).
create function private.rate_limit_wait(bucket text, capacity double precision, per_hour double precision)
returns integer
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select case when s.available >= 1 then 0 else ceil((1 - s.available) * 3600 / rate_limit_wait.per_hour)::integer end
    from (
      select least(rate_limit_wait.capacity,
        r.tokens + greatest(0, extract(epoch from clock_timestamp() - r.updated_at)) * rate_limit_wait.per_hour / 3600) as available
      from private.rate_limits r
      where r.key = rate_limit_wait.bucket
    ) s
  ), 0)
$$;

revoke all on function private.rate_limit_wait(text, double precision, double precision) from public, anon, authenticated;
