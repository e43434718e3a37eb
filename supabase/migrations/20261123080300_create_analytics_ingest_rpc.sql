-- Ingestion: public.record_analytics_event(site_id, name, url, referrer, props, screen_width), callable with the
-- anon key on both backends (the snippet posts to /rest/v1/rpc/record_analytics_event). In this order it refuses,
-- with 400 P0001 and a code in `details`, or 429 PT429 with Retry-After:
--   invalid_event    a name outside 1–120 characters, a url that is not http(s) or longer than 2,048, a referrer
--                    longer than 2,048, props that are not an object of at most 30 keys (≤ 300 characters) with
--                    scalar values (≤ 2,000 characters), a screen width outside 0–20,000
--   unknown_site     no site has this id
--   origin_mismatch  the request's Origin is missing or its host is neither the site's domain nor a subdomain of
--                    it (the agency site without a domain: the host that serves the API)
--   too many events from one client (private.request_client_address()): 120 at once, then 1 a second — one
--                    client's flood fills its own bucket only; nothing is shared by all clients, so nobody else waits
-- The client address and the user agent only enter the visitor hash; neither is stored. Bots announcing
-- themselves (bot, crawler, spider in the user agent) are answered like everyone and not recorded.

-- Percent-decoding of a query parameter ('+' is a space); undecodable input is kept as it is.
create function private.url_decode(encoded text) returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
begin
  if encoded !~ '[%+]' then
    return encoded;
  end if;
  return (select convert_from(
    string_agg(
      case when part ~ '^%[0-9A-Fa-f]{2}$' then decode(substr(part, 2), 'hex') else convert_to(part, 'UTF8') end,
      ''::bytea order by position
    ),
    'UTF8'
  )
  from regexp_matches(replace(encoded, '+', ' '), '%[0-9A-Fa-f]{2}|[^%]+|%', 'g') with ordinality as m(parts, position),
    lateral (select m.parts[1] as part) p);
exception when others then
  return encoded;
end
$$;

create function private.query_parameter(query text, parameter text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select nullif(left(btrim(private.url_decode((regexp_match(query, '(?:^|&)' || parameter || '=([^&]*)'))[1])), 300), '')
$$;

create function private.refuse_analytics_event(code text, message text) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  raise exception '%', message using errcode = 'P0001', detail = code;
end
$$;

create function private.analytics_visitor_id(site uuid, client text, user_agent text) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'utc')::date;
  day_salt bytea;
begin
  select s.salt into day_salt from private.analytics_salts s where s.day = today;
  if day_salt is null then
    delete from private.analytics_salts s where s.day <> today;
    insert into private.analytics_salts (day, salt)
    values (today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
    on conflict (day) do nothing;
    select s.salt into day_salt from private.analytics_salts s where s.day = today;
  end if;
  return ('x' || left(encode(sha256(day_salt || convert_to(site::text || '|' || client || '|' || user_agent, 'UTF8')), 'hex'), 16))::bit(64)::bigint;
end
$$;

revoke all on function private.url_decode(text), private.query_parameter(text, text),
  private.refuse_analytics_event(text, text), private.analytics_visitor_id(uuid, text, text)
  from public, anon, authenticated;

create function public.record_analytics_event(
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
  headers json := nullif(current_setting('request.headers', true), '')::json;
  caller text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role';
  user_agent text := left(coalesce(headers ->> 'user-agent', ''), 512);
  origin_host text := lower(substring(headers ->> 'origin' from '^https?://([^/?#]+)$'));
  site public.analytics_sites;
  page_host text;
  query text;
  referrer_host text;
  utm text[];
  client text := private.request_client_address();
  wait integer;
begin
  if record_analytics_event.name is null or char_length(record_analytics_event.name) not between 1 and 120
    or record_analytics_event.url is null or char_length(record_analytics_event.url) > 2048
    or record_analytics_event.url !~* '^https?://[^/?#\s]+'
    or char_length(record_analytics_event.referrer) > 2048
    or screen_width not between 0 and 20000
  then
    perform private.refuse_analytics_event('invalid_event',
      'An event needs a name of 1 to 120 characters and an http(s) url of at most 2,048 characters.');
  end if;
  if props is not null and (
    jsonb_typeof(props) <> 'object'
    or (select count(*) from jsonb_object_keys(props)) > 30
    or exists (
      select 1 from jsonb_each(props) p
      where char_length(p.key) not between 1 and 300
        or jsonb_typeof(p.value) not in ('string', 'number', 'boolean')
        or char_length(p.value #>> '{}') > 2000
    )
  ) then
    perform private.refuse_analytics_event('invalid_event',
      'Event properties must be an object of at most 30 keys with text, number or true/false values.');
  end if;

  select s.* into site from public.analytics_sites s where s.id = record_analytics_event.site_id;
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

  -- An analytics event is not worth a disk flush of its own: its commit returns before the WAL reaches the disk
  -- (a crash loses at most the last fraction of a second of events, never consistency), which lets concurrent
  -- events share flushes. Only this transaction is affected.
  perform set_config('synchronous_commit', 'off', true);

  if caller in ('anon', 'authenticated') then
    wait := private.take_rate_limit_token('analytics:client:' || client, 120, 3600);
    if wait > 0 then
      perform private.raise_too_many_requests('Too many events from your network: please slow down.', wait);
    end if;
  end if;

  if user_agent ~* '(bot|crawler|spider)' then
    return;
  end if;

  page_host := lower(substring(record_analytics_event.url from '^https?://([^/?#:]+)'));
  query := substring(record_analytics_event.url from '\?([^#]*)');
  referrer_host := regexp_replace(lower(substring(record_analytics_event.referrer from '^https?://([^/?#:]+)')), '^www\.', '');
  if referrer_host = regexp_replace(page_host, '^www\.', '') then
    referrer_host := null;
  end if;
  -- Most pages have no query: the parameters are looked for only when there is one.
  if query is not null then
    utm := array[
      private.query_parameter(query, 'utm_source'), private.query_parameter(query, 'utm_medium'),
      private.query_parameter(query, 'utm_campaign'), private.query_parameter(query, 'ref')
    ];
  end if;

  insert into private.analytics_events (
    site_id, visitor_id, name, pathname, referrer, utm_source, utm_medium, utm_campaign, device, browser, props
  ) values (
    site.id,
    private.analytics_visitor_id(site.id, client, user_agent),
    record_analytics_event.name,
    coalesce(nullif(left(substring(record_analytics_event.url from '^https?://[^/?#]+([^?#]*)'), 512), ''), '/'),
    coalesce(referrer_host, utm[4]),
    utm[1],
    utm[2],
    utm[3],
    -- Device class from the screen width, with Plausible's breakpoints.
    case
      when screen_width is null or screen_width = 0 then 'Unknown'
      when screen_width < 576 then 'Mobile'
      when screen_width < 992 then 'Tablet'
      when screen_width < 1440 then 'Laptop'
      else 'Desktop'
    end,
    case
      when user_agent ~ 'Edg(e|A|iOS)?/' then 'Edge'
      when user_agent ~ '(OPR|Opera)/' then 'Opera'
      when user_agent ~ 'SamsungBrowser/' then 'Samsung Internet'
      when user_agent ~ '(Firefox|FxiOS)/' then 'Firefox'
      when user_agent ~ '(Chrome|Chromium|CriOS)/' then 'Chrome'
      when user_agent ~ 'Safari/' then 'Safari'
      else 'Other'
    end,
    props
  );
end
$$;

revoke all on function public.record_analytics_event(uuid, text, text, text, jsonb, integer) from public;
grant execute on function public.record_analytics_event(uuid, text, text, text, jsonb, integer) to anon, authenticated, service_role;
