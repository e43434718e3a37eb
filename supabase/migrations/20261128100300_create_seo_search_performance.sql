-- Google Search Console's performance data of a site (issue 31), imported from its exports through the CSV import
-- wizard. A row covers a period (one day, or the whole period of an export without dates) and optionally one query
-- and one page ('' when the export has no such column):
--   Queries.csv  → (period, query, '')        Pages.csv → (period, '', page)        Dates.csv → (day, '', '')
--   a table with Date, Query and Page columns (the Search Console API, Looker Studio) → (day, query, page)
-- The natural key (site, period, query, page) makes importing the same export again change nothing.
--
--   import_seo_search_rows(site_id, rows)                 members: upsert, counting added / updated / unchanged
--   seo_keywords(site_id, day_from, day_to, previous_from, previous_to)   the keyword list with the previous period
--   seo_keyword_trend(site_id, query)                     a keyword's clicks, impressions and position over time
--   seo_keyword_pages(site_id, query, day_from, day_to)   the pages that rank for it
--   seo_search_totals(site_id, day_from, day_to)          clicks, impressions, average position; the data's extent
--   seo_site_figures(site_id)                             the module's figures from the latest audit and the data

create table public.seo_search_performance (
  id bigint generated always as identity primary key,
  site_id uuid not null references public.seo_sites (id) on delete cascade,
  date_from date not null,
  date_to date not null,
  query text not null default '' constraint seo_search_performance_query_length check (char_length(query) <= 1000),
  page text not null default '' constraint seo_search_performance_page_length check (char_length(page) <= 2048),
  clicks integer not null constraint seo_search_performance_clicks_range check (clicks >= 0),
  impressions integer not null constraint seo_search_performance_impressions_range check (impressions >= 0),
  ctr numeric(9, 6) constraint seo_search_performance_ctr_range check (ctr between 0 and 1),
  average_position numeric(8, 2) constraint seo_search_performance_position_range check (average_position >= 0),
  imported_at timestamptz not null default now(),
  constraint seo_search_performance_period check (date_to >= date_from and date_to - date_from <= 500),
  constraint seo_search_performance_key unique (site_id, date_from, date_to, query, page)
);
create index seo_search_performance_query_idx on public.seo_search_performance (site_id, query, date_from);

alter table public.seo_search_performance enable row level security;
revoke all on table public.seo_search_performance from anon, authenticated;
grant select, delete on table public.seo_search_performance to authenticated;
grant all on table public.seo_search_performance to service_role;

create policy "Readers of a site read its search performance" on public.seo_search_performance
  for select to authenticated using (site_id in (select private.seo_site_ids()));
create policy "Members remove their sites' search performance" on public.seo_search_performance
  for delete to authenticated using (site_id in (select private.seo_writable_site_ids()));

-- Why one imported row cannot be stored, or null.
create function private.seo_search_row_problem(item jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  date_from date;
  date_to date;
begin
  if jsonb_typeof(item) is distinct from 'object' then
    return 'not an object';
  end if;
  begin
    date_from := (item->>'date_from')::date;
    date_to := (item->>'date_to')::date;
  exception when others then
    return 'dates must be days of the calendar, YYYY-MM-DD';
  end;
  if coalesce(item->>'date_from', '') !~ '^\d{4}-\d{2}-\d{2}$' or coalesce(item->>'date_to', '') !~ '^\d{4}-\d{2}-\d{2}$' then
    return 'dates must be days of the calendar, YYYY-MM-DD';
  end if;
  if date_to < date_from or date_to - date_from > 500 then
    return 'the period ends before it starts or is longer than 500 days';
  end if;
  if coalesce(item->>'clicks', '') !~ '^\d{1,9}$' or coalesce(item->>'impressions', '') !~ '^\d{1,9}$' then
    return 'clicks and impressions must be whole numbers';
  end if;
  if item->>'ctr' is not null and (item->>'ctr' !~ '^\d{1,3}(\.\d{1,12})?$' or (item->>'ctr')::numeric > 1) then
    return 'CTR must be between 0 and 1';
  end if;
  if item->>'position' is not null and item->>'position' !~ '^\d{1,6}(\.\d{1,12})?$' then
    return 'position must be a number';
  end if;
  if char_length(coalesce(item->>'query', '')) > 1000 or char_length(coalesce(item->>'page', '')) > 2048 then
    return 'query or page too long';
  end if;
  return null;
end
$$;

-- Stores up to 5,000 rows [{date_from, date_to, query, page, clicks, impressions, ctr, position}] of one site; a row
-- with the key of a stored one replaces its figures. Answers {added, updated, unchanged, refused: [{index, reason}]}
-- (index: position in `rows`); a refused row is not stored, the others are.
create function public.import_seo_search_rows(site_id uuid, rows jsonb) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  site public.seo_sites;
  added integer := 0;
  updated integer := 0;
  total integer;
  refused jsonb;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  select * into site from public.seo_sites s where s.id = import_seo_search_rows.site_id;
  if site.id is null or site.organization_id is null and not private.is_site_admin() then
    raise exception 'This site does not exist or is not yours.' using errcode = 'P0001', detail = 'site_not_found';
  end if;
  if site.organization_id is not null then
    perform private.require_workspace_role(site.organization_id, 'member');
  end if;
  if jsonb_typeof(rows) is distinct from 'array' or jsonb_array_length(rows) not between 1 and 5000 then
    raise exception 'Send 1 to 5,000 rows at a time.' using errcode = 'P0001', detail = 'invalid_batch';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('index', r.ordinality - 1, 'reason', private.seo_search_row_problem(r.value)) order by r.ordinality), '[]'::jsonb),
    jsonb_array_length(rows) - count(*)
  into refused, total
  from jsonb_array_elements(rows) with ordinality r
  where private.seo_search_row_problem(r.value) is not null;
  with valid as (
    -- The last row wins when a batch repeats a key.
    select distinct on (1, 2, 3, 4)
      (r.value->>'date_from')::date as date_from, (r.value->>'date_to')::date as date_to,
      coalesce(btrim(r.value->>'query'), '') as query, coalesce(btrim(r.value->>'page'), '') as page,
      (r.value->>'clicks')::integer as clicks, (r.value->>'impressions')::integer as impressions,
      round((r.value->>'ctr')::numeric, 6) as ctr, round((r.value->>'position')::numeric, 2) as average_position
    from jsonb_array_elements(rows) with ordinality r
    where private.seo_search_row_problem(r.value) is null
    order by 1, 2, 3, 4, r.ordinality desc
  ), written as (
    insert into public.seo_search_performance as p (site_id, date_from, date_to, query, page, clicks, impressions, ctr, average_position)
    select site.id, v.date_from, v.date_to, v.query, v.page, v.clicks, v.impressions, v.ctr, v.average_position from valid v
    on conflict on constraint seo_search_performance_key do update
      set clicks = excluded.clicks, impressions = excluded.impressions, ctr = excluded.ctr, average_position = excluded.average_position, imported_at = now()
      where (p.clicks, p.impressions, p.ctr, p.average_position) is distinct from (excluded.clicks, excluded.impressions, excluded.ctr, excluded.average_position)
    returning (xmax = 0) as inserted
  )
  select count(*) filter (where inserted), count(*) filter (where not inserted) into added, updated from written;
  return jsonb_build_object('added', added, 'updated', updated, 'unchanged', total - added - updated, 'refused', refused);
end
$$;

revoke all on function public.import_seo_search_rows(uuid, jsonb), private.seo_search_row_problem(jsonb) from public, anon;
grant execute on function public.import_seo_search_rows(uuid, jsonb) to authenticated;

-- A query's figures over a window: its rows without a page when it has any there (a Queries export), else the sum of
-- its rows by page; position weighted by impressions.
create function private.seo_query_figures(site_id uuid, day_from date, day_to date)
returns table (query text, clicks bigint, impressions bigint, average_position numeric, pages integer)
language sql stable
set search_path = ''
as $$
  with rows as (
    select p.query, p.page, p.clicks, p.impressions, p.average_position,
      bool_or(p.page = '') over (partition by p.query) as has_totals
    from public.seo_search_performance p
    where p.site_id = seo_query_figures.site_id and p.query <> '' and p.date_from >= day_from and p.date_to <= day_to
  )
  select r.query,
    sum(r.clicks) filter (where r.page = '' or not r.has_totals)::bigint,
    sum(r.impressions) filter (where r.page = '' or not r.has_totals)::bigint,
    round(sum(r.average_position * r.impressions) filter (where r.page = '' or not r.has_totals) / nullif(sum(r.impressions) filter (where r.page = '' or not r.has_totals), 0), 2),
    count(distinct r.page) filter (where r.page <> '')::integer
  from rows r
  group by r.query
$$;

grant execute on function private.seo_query_figures(uuid, date, date) to authenticated;

create function public.seo_keywords(site_id uuid, day_from date, day_to date, previous_from date default null, previous_to date default null)
returns table (query text, clicks bigint, impressions bigint, ctr numeric, average_position numeric, pages integer, previous_clicks bigint, previous_average_position numeric)
language sql stable
set search_path = ''
as $$
  select c.query, c.clicks, c.impressions, round(c.clicks::numeric / nullif(c.impressions, 0), 4), c.average_position, c.pages, p.clicks, p.average_position
  from private.seo_query_figures(site_id, day_from, day_to) c
  left join private.seo_query_figures(site_id, previous_from, previous_to) p on p.query = c.query and previous_from is not null
  order by c.clicks desc, c.impressions desc, c.query
  limit 1000
$$;

-- One point per period of data (a day, or an export's period), so imports of one export a week draw a weekly trend.
create function public.seo_keyword_trend(site_id uuid, query text)
returns table (date_from date, date_to date, clicks bigint, impressions bigint, average_position numeric)
language sql stable
set search_path = ''
as $$
  with rows as (
    select p.date_from, p.date_to, p.page, p.clicks, p.impressions, p.average_position,
      bool_or(p.page = '') over (partition by p.date_from, p.date_to) as has_totals
    from public.seo_search_performance p
    where p.site_id = seo_keyword_trend.site_id and p.query = seo_keyword_trend.query
  )
  select r.date_from, r.date_to, sum(r.clicks)::bigint, sum(r.impressions)::bigint,
    round(sum(r.average_position * r.impressions) / nullif(sum(r.impressions), 0), 2)
  from rows r
  where r.page = '' or not r.has_totals
  group by r.date_from, r.date_to
  order by r.date_from, r.date_to
$$;

create function public.seo_keyword_pages(site_id uuid, query text, day_from date, day_to date)
returns table (page text, clicks bigint, impressions bigint, average_position numeric)
language sql stable
set search_path = ''
as $$
  select p.page, sum(p.clicks)::bigint, sum(p.impressions)::bigint, round(sum(p.average_position * p.impressions) / nullif(sum(p.impressions), 0), 2)
  from public.seo_search_performance p
  where p.site_id = seo_keyword_pages.site_id and p.query = seo_keyword_pages.query and p.page <> ''
    and p.date_from >= day_from and p.date_to <= day_to
  group by p.page
  order by 2 desc, 3 desc, 1
  limit 100
$$;

-- The site's clicks, impressions and average position over a window: its rows without query and page (Dates.csv)
-- when there are any, else the keywords' sums; and the first and last day of all its data.
create function public.seo_search_totals(site_id uuid, day_from date, day_to date)
returns table (clicks bigint, impressions bigint, average_position numeric, data_from date, data_to date)
language sql stable
set search_path = ''
as $$
  with site_rows as (
    select p.clicks, p.impressions, p.average_position from public.seo_search_performance p
    where p.site_id = seo_search_totals.site_id and p.query = '' and p.page = '' and p.date_from >= day_from and p.date_to <= day_to
  ), keyword_rows as (
    select k.clicks, k.impressions, k.average_position from private.seo_query_figures(site_id, day_from, day_to) k
    where not exists (select 1 from site_rows)
  ), chosen as (
    select * from site_rows union all select * from keyword_rows
  )
  select coalesce(sum(c.clicks), 0)::bigint, coalesce(sum(c.impressions), 0)::bigint,
    round(sum(c.average_position * c.impressions) / nullif(sum(c.impressions), 0), 2),
    (select min(p.date_from) from public.seo_search_performance p where p.site_id = seo_search_totals.site_id),
    (select max(p.date_to) from public.seo_search_performance p where p.site_id = seo_search_totals.site_id)
  from chosen c
$$;

-- The module's figures of a site: from its latest finished audit (health score, issues by severity, sitemap pages
-- and those of them indexable) and its last 28 days of search data (clicks, average position).
create function public.seo_site_figures(site_id uuid)
returns table (audit_id uuid, audited_at timestamptz, health_score integer, critical_count integer, error_count integer,
  warning_count integer, notice_count integer, sitemap_pages integer, indexable_sitemap_pages integer,
  clicks bigint, impressions bigint, average_position numeric, search_from date, search_to date)
language sql stable
set search_path = ''
as $$
  with latest as (
    select a.* from public.seo_audits a where a.site_id = seo_site_figures.site_id and a.status = 'done' order by a.finished_at desc limit 1
  ), extent as (
    select max(p.date_to) as last_day from public.seo_search_performance p where p.site_id = seo_site_figures.site_id
  ), totals as (
    select t.* from extent e, public.seo_search_totals(seo_site_figures.site_id, e.last_day - 27, e.last_day) t where e.last_day is not null
  )
  select l.id, l.finished_at, l.health_score, l.critical_count, l.error_count, l.warning_count, l.notice_count,
    (select count(*)::integer from public.seo_pages p where p.audit_id = l.id and p.in_sitemap),
    (select count(*)::integer from public.seo_pages p where p.audit_id = l.id and p.in_sitemap and p.indexable),
    t.clicks, t.impressions, t.average_position,
    (select e.last_day - 27 from extent e where e.last_day is not null), (select e.last_day from extent e)
  from public.seo_sites s
  left join latest l on true
  left join totals t on true
  where s.id = seo_site_figures.site_id
$$;

revoke all on function public.seo_keywords(uuid, date, date, date, date), public.seo_keyword_trend(uuid, text),
  public.seo_keyword_pages(uuid, text, date, date), public.seo_search_totals(uuid, date, date), public.seo_site_figures(uuid) from public, anon;
grant execute on function public.seo_keywords(uuid, date, date, date, date), public.seo_keyword_trend(uuid, text),
  public.seo_keyword_pages(uuid, text, date, date), public.seo_search_totals(uuid, date, date), public.seo_site_figures(uuid) to authenticated;
