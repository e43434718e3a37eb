-- Raw analytics events, kept for volume: one table partitioned by month on the time of arrival, append-only, out
-- of the API's reach (the ingestion function of 20261123080300 writes, the rollups of 20261123080400 read).
-- Dashboards never read it, except the last five minutes for the real-time figure.
--
-- No IP address, no cookie, no user agent is stored: `visitor_id` is the first 64 bits of
-- sha256(salt of the day || site || client address || user agent). The salt is random, one per UTC day, and the
-- salts of past days are deleted as soon as a new day's salt is made, so yesterday's hashes cannot be recomputed
-- (and a visitor cannot be followed from one day to the next), as Plausible does.
--
--   private.create_analytics_partitions(first_month, months)  creates the missing monthly partitions;
--       run by the rollup refresh for this month and the next two. A row outside every partition lands in the
--       default partition, so an event is never refused for want of one.
--   Updates are refused; deletes only while `analytics.purging` is on in the transaction (a site's removal).

create table private.analytics_events (
  site_id uuid not null,
  occurred_at timestamptz not null default now(),
  visitor_id bigint not null,
  -- 'pageview' or the name of a custom event (a goal).
  name text not null,
  pathname text not null,
  -- The referring host without "www."; null for direct visits and for links within the site.
  referrer text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  device text not null,
  browser text not null,
  props jsonb
) partition by range (occurred_at);

create index analytics_events_site_time_idx on private.analytics_events (site_id, occurred_at);

create table private.analytics_events_default partition of private.analytics_events default;

create table private.analytics_salts (
  day date primary key,
  salt bytea not null constraint analytics_salts_length check (octet_length(salt) = 32)
);

alter table private.analytics_events enable row level security;
alter table private.analytics_salts enable row level security;
revoke all on table private.analytics_events, private.analytics_events_default, private.analytics_salts
  from public, anon, authenticated, service_role;

create function private.create_analytics_partitions(first_month date, months integer) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  month_start date;
  partition_name text;
begin
  for i in 0 .. months - 1 loop
    month_start := (date_trunc('month', first_month) + make_interval(months => i))::date;
    partition_name := 'analytics_events_' || to_char(month_start, 'YYYY_MM');
    continue when to_regclass('private.' || partition_name) is not null;
    begin
      execute format(
        'create table private.%I partition of private.analytics_events for values from (%L) to (%L)',
        partition_name, month_start::timestamptz, (month_start + interval '1 month')::timestamptz
      );
      execute format('revoke all on table private.%I from public, anon, authenticated, service_role', partition_name);
    exception when check_violation then
      -- Rows of that month already wait in the default partition: they stay there (still counted).
      null;
    end;
  end loop;
end
$$;

revoke all on function private.create_analytics_partitions(date, integer) from public, anon, authenticated;

select private.create_analytics_partitions((now() at time zone 'utc')::date, 3);

create function private.keep_analytics_events_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and current_setting('analytics.purging', true) = 'on' then
    return old;
  end if;
  raise exception 'Analytics events are append-only.' using errcode = '42501';
end
$$;

revoke all on function private.keep_analytics_events_append_only() from public, anon, authenticated;

create trigger analytics_events_append_only
  before update or delete on private.analytics_events
  for each row execute function private.keep_analytics_events_append_only();

-- Removing a site removes its events (its rollups go by their foreign key).
create function private.purge_analytics_site_events() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform set_config('analytics.purging', 'on', true);
  delete from private.analytics_events e where e.site_id = old.id;
  perform set_config('analytics.purging', 'off', true);
  return null;
end
$$;

revoke all on function private.purge_analytics_site_events() from public, anon, authenticated;

create trigger analytics_sites_purge_events
  after delete on public.analytics_sites
  for each row execute function private.purge_analytics_site_events();
