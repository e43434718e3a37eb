-- Ingestion in one function (issue 20's audit): the same contract, cheaper, refused requests counted, www. or not.
--
--   public.record_analytics_events(site_id, events) → {"accepted": n, "refused": [{"index", "code", "message"}]}
--   public.record_analytics_event(site_id, name, url, referrer, props, screen_width) → {"accepted": 1, "refused": []}
--     (a batch of one; it answered 204 without a body before: it now returns the batch's answer, 200, so that a
--     refusal can carry its error body, see below)
-- both through private.ingest_analytics_events. In this order:
--   429 PT429 + Retry-After  the client's budget (20261127030000: 120 events at once, then 1 a second; 60 refused
--                            requests at once, then 1 a second) is empty — answered before any validation, so a
--                            flood costs a hash and one index lookup a request, and empties its own client's
--                            budget only
--   400 P0001 invalid_batch  events is not a list of 1 to 50 events
--   400 P0001 invalid_event  (single call) the event is malformed or oversized; in a batch each event is checked on
--                            its own and the answer lists the refused ones
--   400 P0001 unknown_site   no site has this id
--   400 P0001 origin_mismatch the request's Origin is neither the site's domain nor a subdomain of it; a leading
--                            "www." counts for nothing on either side (www.example.com and example.com are one site)
--   429 PT429                the valid events need more tokens than the client holds (all or none are taken)
-- A refusal takes one token of the client's `refusals` budget, and so must commit: it is answered through
-- PostgREST's response GUC (`response.status` 400, the error in PostgREST's shape as the body) instead of an
-- exception, which would roll the token back. A batch of only invalid events (stored: none) takes one too.
--
-- Why one function: the SQL helpers it replaces each had `SET search_path` (a configuration save and restore per
-- call, and a SQL function with SET is never inlined, so its body was planned again in every request) and the
-- query-string helper ran four times per event. A PL/pgSQL function keeps its statements' plans for the session.
-- Percent-decoding stays a function (private.url_decode: its EXCEPTION block keeps undecodable input as it is), called
-- only for a query value with '%' or '+'. Decision 0012 has the figures.

create function private.ingest_analytics_events(site_id uuid, events jsonb, single boolean) returns jsonb
language plpgsql volatile
set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
  throttled boolean := (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role') in ('anon', 'authenticated');
  user_agent text := left(coalesce(headers ->> 'user-agent', ''), 512);
  origin_host text := lower(substring(headers ->> 'origin' from '^https?://([^/?#]+)$'));
  client text := private.request_client_address();
  today date := (now() at time zone 'utc')::date;
  moment timestamptz := clock_timestamp();
  day_salt bytea;
  budget_key bytea;
  held_events double precision;
  held_refusals double precision;
  site public.analytics_sites;
  valid jsonb;
  refused jsonb;
  accepted integer;
  refusal text[];
  wanted_events integer;
  wanted_refusals integer;
  taken boolean;
  browser_name text := case
    when user_agent like any (array['%Edg/%', '%Edge/%', '%EdgA/%', '%EdgiOS/%']) then 'Edge'
    when user_agent like any (array['%OPR/%', '%Opera/%']) then 'Opera'
    when user_agent like '%SamsungBrowser/%' then 'Samsung Internet'
    when user_agent like any (array['%Firefox/%', '%FxiOS/%']) then 'Firefox'
    when user_agent like any (array['%Chrome/%', '%Chromium/%', '%CriOS/%']) then 'Chrome'
    when user_agent like '%Safari/%' then 'Safari'
    else 'Other'
  end;
begin
  select s.salt into day_salt from private.analytics_salts s where s.day = today;
  if day_salt is null then
    day_salt := private.start_analytics_day(today);
  end if;

  -- What the client holds (a client without a row holds full budgets): an empty budget is answered at once. The
  -- tokens are taken at the end, by one statement that checks them again under the row's lock.
  if throttled then
    budget_key := substring(sha256(day_salt || convert_to('budget|' || client, 'UTF8')) from 1 for 16);
    select least(120, b.events + greatest(0, extract(epoch from moment - b.updated_at))),
      least(60, b.refusals + greatest(0, extract(epoch from moment - b.updated_at)))
    into held_events, held_refusals
    from private.analytics_client_budgets b where b.client_key = budget_key;
    if held_refusals < 1 then
      perform private.raise_too_many_requests('Too many refused requests from your network: please check the snippet and slow down.',
        ceil(1 - held_refusals)::integer);
    elsif held_events < 1 then
      perform private.raise_too_many_requests('Too many events from your network: please slow down.', ceil(1 - held_events)::integer);
    end if;
  end if;

  if jsonb_typeof(events) is distinct from 'array' or jsonb_array_length(events) not between 1 and 50 then
    refusal := array['invalid_batch', 'Send the events as a list of 1 to 50 events.'];
  else
    -- Each event on its own: name, url, referrer and screen width first, then the properties.
    select
      coalesce(jsonb_agg(c.event order by c.position) filter (where c.problem is null), '[]'),
      coalesce(jsonb_agg(jsonb_build_object('index', c.position - 1, 'code', 'invalid_event', 'message', c.problem) order by c.position)
        filter (where c.problem is not null), '[]')
    into valid, refused
    from (
      select e.event, e.position, case
        when jsonb_typeof(e.event) is distinct from 'object'
          or jsonb_typeof(e.event -> 'name') is distinct from 'string' or char_length(e.event ->> 'name') not between 1 and 120
          or jsonb_typeof(e.event -> 'url') is distinct from 'string' or char_length(e.event ->> 'url') > 2048
          or (e.event ->> 'url') !~* '^https?://[^/?#\s]+'
          or coalesce(jsonb_typeof(e.event -> 'referrer'), 'null') not in ('string', 'null') or char_length(e.event ->> 'referrer') > 2048
          or coalesce(jsonb_typeof(e.event -> 'screen_width'), 'null') not in ('number', 'null')
          or (e.event ->> 'screen_width') !~ '^\d{1,5}$' or (e.event ->> 'screen_width')::integer > 20000
          then 'An event needs a name of 1 to 120 characters and an http(s) url of at most 2,048 characters.'
        when coalesce(jsonb_typeof(e.event -> 'props'), 'null') not in ('object', 'null')
          or (jsonb_typeof(e.event -> 'props') = 'object' and (
            (select count(*) from jsonb_object_keys(e.event -> 'props')) > 30
            or exists (
              select 1 from jsonb_each(e.event -> 'props') p
              where char_length(p.key) not between 1 and 300
                or jsonb_typeof(p.value) not in ('string', 'number', 'boolean')
                or char_length(p.value #>> '{}') > 2000
            )))
          then 'Event properties must be an object of at most 30 keys with text, number or true/false values.'
      end as problem
      from jsonb_array_elements(events) with ordinality as e(event, position)
    ) c;
    if single and refused <> '[]' then
      refusal := array['invalid_event', refused -> 0 ->> 'message'];
    end if;
  end if;

  if refusal is null then
    select s.* into site from public.analytics_sites s where s.id = ingest_analytics_events.site_id;
    if not found then
      refusal := array['unknown_site', 'No site has this id: copy the snippet again from the Analytics Console.'];
    -- The agency site without a domain: the host that serves the API. Otherwise the domain or a subdomain of it,
    -- a leading "www." (followed by a name with a dot) set aside on both sides.
    elsif origin_host is null or not (
      case when site.domain is null
        then origin_host = lower(headers ->> 'host')
        else regexp_replace(split_part(origin_host, ':', 1), '^www\.([^.]+\.)', '\1')
          in (regexp_replace(site.domain, '^www\.([^.]+\.)', '\1'), site.domain)
          or split_part(origin_host, ':', 1) like '%.' || regexp_replace(site.domain, '^www\.([^.]+\.)', '\1')
      end
    ) then
      refusal := array['origin_mismatch', 'Events of this site are accepted from its own domain only.'];
    end if;
  end if;

  -- The tokens: one refusal for a request that stores nothing, one event token per valid event (all or none).
  accepted := coalesce(jsonb_array_length(valid), 0);
  if throttled then
    wanted_events := case when refusal is null then accepted else 0 end;
    wanted_refusals := case when refusal is null and accepted > 0 then 0 else 1 end;
    insert into private.analytics_client_budgets as b (client_key, day, events, refusals, updated_at)
    values (budget_key, today, 120 - wanted_events, 60 - wanted_refusals, moment)
    on conflict (client_key) do update set
      events = least(120, b.events + greatest(0, extract(epoch from moment - b.updated_at))) - wanted_events,
      refusals = least(60, b.refusals + greatest(0, extract(epoch from moment - b.updated_at))) - wanted_refusals,
      updated_at = moment
    where least(120, b.events + greatest(0, extract(epoch from moment - b.updated_at))) >= wanted_events
      and least(60, b.refusals + greatest(0, extract(epoch from moment - b.updated_at))) >= wanted_refusals
    returning true into taken;
    if taken is null then
      perform private.raise_too_many_requests(
        case when wanted_refusals > 0 then 'Too many refused requests from your network: please check the snippet and slow down.'
          else 'Too many events from your network: please slow down.' end,
        greatest(1, ceil(greatest(wanted_events - coalesce(held_events, 120), wanted_refusals - coalesce(held_refusals, 60))))::integer);
    end if;
  end if;
  if refusal is not null then
    perform set_config('response.status', '400', true);
    return jsonb_build_object('code', 'P0001', 'details', refusal[1], 'hint', null, 'message', refusal[2]);
  elsif accepted = 0 then
    return jsonb_build_object('accepted', 0, 'refused', refused);
  end if;

  -- An analytics event is not worth a disk flush of its own: the commit returns before the WAL reaches the disk
  -- (a crash loses at most the last fraction of a second of events, never consistency). This transaction only.
  perform set_config('synchronous_commit', 'off', true);

  -- Bots announcing themselves are answered like everyone, and not recorded.
  if user_agent ilike any (array['%bot%', '%crawler%', '%spider%']) then
    return jsonb_build_object('accepted', accepted, 'refused', refused);
  end if;

  insert into private.analytics_events (
    site_id, visitor_id, name, pathname, referrer, utm_source, utm_medium, utm_campaign, device, browser, props
  )
  select
    site.id,
    -- The visitor: sha256(salt of the day, site, address, browser), first 64 bits; neither address nor browser is kept.
    ('x' || left(encode(sha256(day_salt || convert_to(site.id::text || '|' || client || '|' || user_agent, 'UTF8')), 'hex'), 16))::bit(64)::bigint,
    e.name,
    coalesce(nullif(left(substring(e.url from '^https?://[^/?#]+([^?#]*)'), 512), ''), '/'),
    coalesce(nullif(r.referrer_host, regexp_replace(r.page_host, '^www\.', '')), q.ref),
    q.utm_source,
    q.utm_medium,
    q.utm_campaign,
    -- Device class from the screen width, with Plausible's breakpoints.
    case
      when e.screen_width is null or e.screen_width = 0 then 'Unknown'
      when e.screen_width < 576 then 'Mobile'
      when e.screen_width < 992 then 'Tablet'
      when e.screen_width < 1440 then 'Laptop'
      else 'Desktop'
    end,
    browser_name,
    e.props
  from jsonb_to_recordset(valid) as e(name text, url text, referrer text, props jsonb, screen_width integer)
  cross join lateral (
    select
      lower(substring(e.url from '^https?://([^/?#:]+)')) as page_host,
      substring(e.url from '\?([^#]*)') as query,
      regexp_replace(lower(substring(e.referrer from '^https?://([^/?#:]+)')), '^www\.', '') as referrer_host
  ) r
  -- The query string read once (most pages have none: no rows), the first value of each parameter kept.
  cross join lateral (
    select
      min(p.value) filter (where p.name = 'utm_source' and p.position = 1) as utm_source,
      min(p.value) filter (where p.name = 'utm_medium' and p.position = 1) as utm_medium,
      min(p.value) filter (where p.name = 'utm_campaign' and p.position = 1) as utm_campaign,
      min(p.value) filter (where p.name = 'ref' and p.position = 1) as ref
    from (
      select m.parts[1] as name,
        nullif(left(btrim(case when m.parts[2] ~ '[%+]' then private.url_decode(m.parts[2]) else m.parts[2] end), 300), '') as value,
        row_number() over (partition by m.parts[1] order by m.ordinality) as position
      from regexp_matches(r.query, '(?:^|&)(utm_source|utm_medium|utm_campaign|ref)=([^&]*)', 'g') with ordinality as m(parts, ordinality)
    ) p
  ) q;
  return jsonb_build_object('accepted', accepted, 'refused', refused);
end
$$;

revoke all on function private.ingest_analytics_events(uuid, jsonb, boolean) from public, anon, authenticated;

create or replace function public.record_analytics_events(site_id uuid, events jsonb)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  return private.ingest_analytics_events(record_analytics_events.site_id, record_analytics_events.events, false);
end
$$;

drop function public.record_analytics_event(uuid, text, text, text, jsonb, integer);

create function public.record_analytics_event(
  site_id uuid,
  name text,
  url text,
  referrer text default null,
  props jsonb default null,
  screen_width integer default null
)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  return private.ingest_analytics_events(record_analytics_event.site_id, jsonb_build_array(jsonb_build_object(
    'name', record_analytics_event.name, 'url', record_analytics_event.url, 'referrer', record_analytics_event.referrer,
    'props', record_analytics_event.props, 'screen_width', record_analytics_event.screen_width
  )), true);
end
$$;

revoke all on function public.record_analytics_event(uuid, text, text, text, jsonb, integer) from public;
grant execute on function public.record_analytics_event(uuid, text, text, text, jsonb, integer) to anon, authenticated, service_role;

-- What the single function replaced: no longer called.
drop function private.store_analytics_events(uuid, jsonb);
drop function private.analytics_event_problem(jsonb);
drop function private.take_rate_limit_tokens(text, integer, double precision, double precision);
drop function private.analytics_visitor_id(uuid, text, text);
drop function private.query_parameter(text, text);
drop function private.refuse_analytics_event(text, text);
