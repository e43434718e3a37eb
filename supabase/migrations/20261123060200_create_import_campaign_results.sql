-- import_campaign_results(campaign_id, results): stores a campaign's daily results from a CSV import in one
-- transaction, all or nothing. Runs as the caller (security invoker): RLS decides, so a viewer, another workspace
-- or a signed-out caller stores nothing (42501). Each element of `results` is an object
--   { line?, day, platform, impressions?, clicks?, conversions?, spend?, revenue? }
-- where `line` is the file's line number, used in error messages. A row for a (day, platform) the campaign already
-- has replaces its figures: re-importing a file changes nothing and counts its rows as unchanged.
-- Answers { added, updated, unchanged }. Refuses with P0001 (400) and a stable `details`:
--   results_not_array, too_many_rows (over 10,000), campaign_missing (not visible to the caller),
--   invalid_rows (the message names the first lines and their problems, `hint` holds every refused line as JSON),
--   duplicate_rows (the same day and platform twice in one import).

create function public.import_campaign_results(campaign_id uuid, results jsonb) returns json
language plpgsql volatile security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  target uuid := import_campaign_results.campaign_id;
  total integer;
  refused jsonb := '[]'::jsonb;
  element jsonb;
  position integer := 0;
  line integer;
  problem text;
  added integer;
  updated integer;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  if jsonb_typeof(results) is distinct from 'array' then
    raise exception 'results must be a JSON array of rows.' using errcode = 'P0001', detail = 'results_not_array';
  end if;
  total := jsonb_array_length(results);
  if total > 10000 then
    raise exception 'At most 10,000 rows per import (this one has %).', total using errcode = 'P0001', detail = 'too_many_rows';
  end if;
  if not exists (select 1 from public.campaigns c where c.id = target) then
    raise exception 'This campaign does not exist.' using errcode = 'P0001', detail = 'campaign_missing';
  end if;

  for element in select value from jsonb_array_elements(results) loop
    position := position + 1;
    line := case when jsonb_typeof(element -> 'line') = 'number' then (element ->> 'line')::numeric::integer else position end;
    problem := private.campaign_result_problem(element);
    if problem is not null then
      refused := refused || jsonb_build_object('line', line, 'message', problem);
    end if;
  end loop;
  if jsonb_array_length(refused) > 0 then
    raise exception '% rows refused, nothing imported: %', jsonb_array_length(refused),
      (select string_agg(format('line %s: %s', r ->> 'line', r ->> 'message'), '; ') from (select r from jsonb_array_elements(refused) r limit 5) first_ones)
      using errcode = 'P0001', detail = 'invalid_rows', hint = refused::text;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('line', d.lines[2], 'message', format('same day and platform as line %s', d.lines[1]))), '[]'::jsonb)
  into refused
  from (
    select array_agg(case when jsonb_typeof(e.value -> 'line') = 'number' then (e.value ->> 'line')::numeric::integer else e.ordinality::integer end order by e.ordinality) as lines
    from jsonb_array_elements(results) with ordinality e
    group by (e.value ->> 'day')::date, e.value ->> 'platform'
    having count(*) > 1
  ) d;
  if jsonb_array_length(refused) > 0 then
    raise exception 'The same day and platform appear twice, nothing imported: %',
      (select string_agg(format('line %s: %s', r ->> 'line', r ->> 'message'), '; ') from (select r from jsonb_array_elements(refused) r limit 5) first_ones)
      using errcode = 'P0001', detail = 'duplicate_rows', hint = refused::text;
  end if;

  with input as (
    select (e ->> 'day')::date as day, e ->> 'platform' as platform,
      coalesce((e ->> 'impressions')::bigint, 0) as impressions, coalesce((e ->> 'clicks')::bigint, 0) as clicks,
      coalesce((e ->> 'conversions')::bigint, 0) as conversions,
      coalesce((e ->> 'spend')::numeric(14, 2), 0) as spend, coalesce((e ->> 'revenue')::numeric(14, 2), 0) as revenue
    from jsonb_array_elements(results) e
  ), stored as (
    insert into public.campaign_results as r (campaign_id, day, platform, impressions, clicks, conversions, spend, revenue, user_id)
    select target, i.day, i.platform, i.impressions, i.clicks, i.conversions, i.spend, i.revenue, (select auth.uid()) from input i
    on conflict (campaign_id, day, platform) do update
      set impressions = excluded.impressions, clicks = excluded.clicks, conversions = excluded.conversions,
          spend = excluded.spend, revenue = excluded.revenue
      where (r.impressions, r.clicks, r.conversions, r.spend, r.revenue)
        is distinct from (excluded.impressions, excluded.clicks, excluded.conversions, excluded.spend, excluded.revenue)
    returning (xmax = 0) as is_new
  )
  select count(*) filter (where is_new), count(*) filter (where not is_new) into added, updated from stored;

  return json_build_object('added', added, 'updated', updated, 'unchanged', total - added - updated);
end
$$;

-- What is wrong with one row of an import, in words, or null. Checks what the table's constraints and trigger check,
-- before anything is written, so every refused line is named at once.
create function private.campaign_result_problem(element jsonb) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  day_text text := element ->> 'day';
  day date;
  field text;
  amount numeric;
begin
  if jsonb_typeof(element) is distinct from 'object' then
    return 'not a row';
  end if;
  if day_text is null or day_text !~ '^\d{4}-\d{2}-\d{2}$' then
    return 'Date: must be a date like 2026-11-23';
  end if;
  begin
    day := day_text::date;
  exception when others then
    return format('Date: %s is not a calendar day', day_text);
  end;
  if day < '2000-01-01' or day > (now() at time zone 'UTC')::date + 1 then
    return format('Date: %s is out of range (2000-01-01 to tomorrow)', day_text);
  end if;
  if coalesce(element ->> 'platform', '') not in ('Google Ads', 'Facebook Ads', 'Instagram Ads', 'LinkedIn Ads', 'Twitter Ads', 'TikTok Ads') then
    return format('Platform: %s is not one of Google Ads, Facebook Ads, Instagram Ads, LinkedIn Ads, Twitter Ads, TikTok Ads', coalesce(element ->> 'platform', '(empty)'));
  end if;
  foreach field in array array['impressions', 'clicks', 'conversions', 'spend', 'revenue'] loop
    continue when element -> field is null or element -> field = 'null'::jsonb;
    if jsonb_typeof(element -> field) <> 'number' then
      return format('%s: must be a number', initcap(field));
    end if;
    amount := (element ->> field)::numeric;
    if amount < 0 or amount > 1000000000000 then
      return format('%s: must be between 0 and 1,000,000,000,000', initcap(field));
    end if;
    if field in ('impressions', 'clicks', 'conversions') and amount <> trunc(amount) then
      return format('%s: must be a whole number', initcap(field));
    end if;
  end loop;
  return null;
end
$$;

revoke all on function public.import_campaign_results(uuid, jsonb) from public, anon;
grant execute on function public.import_campaign_results(uuid, jsonb) to authenticated, service_role;
revoke all on function private.campaign_result_problem(jsonb) from public, anon;
grant execute on function private.campaign_result_problem(jsonb) to authenticated, service_role;
