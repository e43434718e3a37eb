-- Batch ingestion: public.record_analytics_events(site_id, events), callable with the anon key on both backends
-- (the snippet posts to /rest/v1/rpc/record_analytics_events when events queue up: the first page view with the
-- calls made before the script loaded, what is left when the page is hidden). One request, one transaction, one
-- visitor hash and one rate-limit take for up to 50 events; the per-request cost of the data API is shared.
--
-- The same rules as record_analytics_event, which now runs through the same pieces (one event as a batch of one):
--   400 P0001 invalid_batch    events is not an array of 1 to 50 items
--   400 P0001 unknown_site     no site has this id
--   400 P0001 origin_mismatch  the request's Origin is not the site's domain or a subdomain of it
--   429 PT429 + Retry-After    the client's bucket (120 at once, then 1 a second) holds fewer tokens than the
--                              request has valid events: every event counts, all or none are taken
-- Each event is validated on its own (the single call's invalid_event rules); the answer says which were stored:
--   {"accepted": 2, "refused": [{"index": 1, "code": "invalid_event", "message": "…"}]}  (Umami's /api/batch shape)

-- What is wrong with one event (null: nothing): name, url, referrer, screen width, then props.
create function private.analytics_event_problem(event jsonb) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when jsonb_typeof(event) is distinct from 'object'
      or jsonb_typeof(event -> 'name') is distinct from 'string' or char_length(event ->> 'name') not between 1 and 120
      or jsonb_typeof(event -> 'url') is distinct from 'string' or char_length(event ->> 'url') > 2048
      or (event ->> 'url') !~* '^https?://[^/?#\s]+'
      or coalesce(jsonb_typeof(event -> 'referrer'), 'null') not in ('string', 'null') or char_length(event ->> 'referrer') > 2048
      or coalesce(jsonb_typeof(event -> 'screen_width'), 'null') not in ('number', 'null')
      or (event ->> 'screen_width') !~ '^\d{1,5}$' or (event ->> 'screen_width')::integer > 20000
      then 'An event needs a name of 1 to 120 characters and an http(s) url of at most 2,048 characters.'
    when coalesce(jsonb_typeof(event -> 'props'), 'null') not in ('object', 'null')
      or (jsonb_typeof(event -> 'props') = 'object' and (
        (select count(*) from jsonb_object_keys(event -> 'props')) > 30
        or exists (
          select 1 from jsonb_each(event -> 'props') p
          where char_length(p.key) not between 1 and 300
            or jsonb_typeof(p.value) not in ('string', 'number', 'boolean')
            or char_length(p.value #>> '{}') > 2000
        )))
      then 'Event properties must be an object of at most 30 keys with text, number or true/false values.'
  end
$$;

-- Like private.take_rate_limit_token, for `wanted` tokens at once: all of them (0) or none (the seconds until the
-- bucket holds them).
create function private.take_rate_limit_tokens(bucket text, wanted integer, capacity double precision, per_hour double precision)
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
  if wanted < 1 or wanted > capacity or per_hour <= 0 then
    raise exception 'wanted tokens must be between 1 and the capacity, with a positive refill' using errcode = '22023';
  end if;
  insert into private.rate_limits (key, tokens, updated_at) values (bucket, capacity, moment) on conflict (key) do nothing;
  select r.tokens, r.updated_at into held, since from private.rate_limits r where r.key = bucket for update;
  available := least(capacity, held + greatest(0, extract(epoch from moment - since)) * per_hour / 3600);
  if available >= wanted then
    update private.rate_limits set tokens = available - wanted, updated_at = moment where key = bucket;
    if random() < 0.001 then
      delete from private.rate_limits where updated_at < moment - interval '1 day';
    end if;
    return 0;
  end if;
  update private.rate_limits set tokens = available, updated_at = moment where key = bucket;
  return ceil((wanted - available) * 3600 / per_hour)::integer;
end
$$;

-- Site, origin, limit and storage of events already validated: the shared part of both RPCs. Returns how many were
-- stored (0 for a bot announcing itself, which is answered like everyone).
create function private.store_analytics_events(site_id uuid, events jsonb) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
  caller text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role';
  user_agent text := left(coalesce(headers ->> 'user-agent', ''), 512);
  origin_host text := lower(substring(headers ->> 'origin' from '^https?://([^/?#]+)$'));
  site public.analytics_sites;
  client text := private.request_client_address();
  wanted integer := jsonb_array_length(events);
  wait integer;
  visitor bigint;
  browser text;
begin
  select s.* into site from public.analytics_sites s where s.id = store_analytics_events.site_id;
  if not found then
    perform private.refuse_analytics_event('unknown_site', 'No site has this id: copy the snippet again from the Analytics Console.');
  end if;

  if origin_host is null or not (
    case when site.domain is null
      then origin_host = lower(headers ->> 'host')
      else split_part(origin_host, ':', 1) = site.domain or split_part(origin_host, ':', 1) like '%.' || site.domain
    end
  ) then
    perform private.refuse_analytics_event('origin_mismatch', 'Events of this site are accepted from its own domain only.');
  end if;

  if wanted = 0 then
    return 0;
  end if;

  -- An analytics event is not worth a disk flush of its own: its commit returns before the WAL reaches the disk
  -- (a crash loses at most the last fraction of a second of events, never consistency), which lets concurrent
  -- events share flushes. Only this transaction is affected.
  perform set_config('synchronous_commit', 'off', true);

  if caller in ('anon', 'authenticated') then
    wait := private.take_rate_limit_tokens('analytics:client:' || client, wanted, 120, 3600);
    if wait > 0 then
      perform private.raise_too_many_requests('Too many events from your network: please slow down.', wait);
    end if;
  end if;

  if user_agent ~* '(bot|crawler|spider)' then
    return 0;
  end if;

  -- One visitor and one browser for the whole request: same site, client and user agent.
  visitor := private.analytics_visitor_id(site.id, client, user_agent);
  browser := case
    when user_agent ~ 'Edg(e|A|iOS)?/' then 'Edge'
    when user_agent ~ '(OPR|Opera)/' then 'Opera'
    when user_agent ~ 'SamsungBrowser/' then 'Samsung Internet'
    when user_agent ~ '(Firefox|FxiOS)/' then 'Firefox'
    when user_agent ~ '(Chrome|Chromium|CriOS)/' then 'Chrome'
    when user_agent ~ 'Safari/' then 'Safari'
    else 'Other'
  end;

  insert into private.analytics_events (
    site_id, visitor_id, name, pathname, referrer, utm_source, utm_medium, utm_campaign, device, browser, props
  )
  select
    site.id,
    visitor,
    e.name,
    coalesce(nullif(left(substring(e.url from '^https?://[^/?#]+([^?#]*)'), 512), ''), '/'),
    coalesce(nullif(r.referrer_host, regexp_replace(r.page_host, '^www\.', '')), private.query_parameter(r.query, 'ref')),
    private.query_parameter(r.query, 'utm_source'),
    private.query_parameter(r.query, 'utm_medium'),
    private.query_parameter(r.query, 'utm_campaign'),
    -- Device class from the screen width, with Plausible's breakpoints.
    case
      when e.screen_width is null or e.screen_width = 0 then 'Unknown'
      when e.screen_width < 576 then 'Mobile'
      when e.screen_width < 992 then 'Tablet'
      when e.screen_width < 1440 then 'Laptop'
      else 'Desktop'
    end,
    browser,
    e.props
  from jsonb_to_recordset(events) as e(name text, url text, referrer text, props jsonb, screen_width integer)
  cross join lateral (
    select
      lower(substring(e.url from '^https?://([^/?#:]+)')) as page_host,
      -- Most pages have no query: query_parameter answers null at once for a null query (strict).
      substring(e.url from '\?([^#]*)') as query,
      regexp_replace(lower(substring(e.referrer from '^https?://([^/?#:]+)')), '^www\.', '') as referrer_host
  ) r;
  return wanted;
end
$$;

-- query_parameter is strict from now on: a page without a query costs no regular expression.
alter function private.query_parameter(text, text) strict;

revoke all on function private.analytics_event_problem(jsonb), private.take_rate_limit_tokens(text, integer, double precision, double precision),
  private.store_analytics_events(uuid, jsonb)
  from public, anon, authenticated;

create function public.record_analytics_events(site_id uuid, events jsonb)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  valid jsonb;
  refused jsonb;
begin
  if jsonb_typeof(events) is distinct from 'array' or jsonb_array_length(events) not between 1 and 50 then
    perform private.refuse_analytics_event('invalid_batch', 'Send the events as a list of 1 to 50 events.');
  end if;
  select
    coalesce(jsonb_agg(c.event order by c.position) filter (where c.problem is null), '[]'),
    coalesce(jsonb_agg(jsonb_build_object('index', c.position - 1, 'code', 'invalid_event', 'message', c.problem) order by c.position)
      filter (where c.problem is not null), '[]')
  into valid, refused
  from (
    select e.event, e.position, private.analytics_event_problem(e.event) as problem
    from jsonb_array_elements(events) with ordinality as e(event, position)
  ) c;
  perform private.store_analytics_events(record_analytics_events.site_id, valid);
  return jsonb_build_object('accepted', jsonb_array_length(valid), 'refused', refused);
end
$$;

revoke all on function public.record_analytics_events(uuid, jsonb) from public;
grant execute on function public.record_analytics_events(uuid, jsonb) to anon, authenticated, service_role;

-- The single call, now through the same pieces (its answers and their order are unchanged: invalid_event first).
create or replace function public.record_analytics_event(
  site_id uuid,
  name text,
  url text,
  referrer text default null,
  props jsonb default null,
  screen_width integer default null
)
returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  event jsonb := jsonb_build_object('name', name, 'url', url, 'referrer', referrer, 'props', props, 'screen_width', screen_width);
  problem text := private.analytics_event_problem(event);
begin
  if problem is not null then
    perform private.refuse_analytics_event('invalid_event', problem);
  end if;
  perform private.store_analytics_events(record_analytics_event.site_id, jsonb_build_array(event));
end
$$;
