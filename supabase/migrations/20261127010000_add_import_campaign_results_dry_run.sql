-- import_campaign_results() gets a dry run, so the app can send a large file in batches (the data API takes at most
-- 1 MB a request; 10,000 rows are about 1.4 MB) and still import nothing when any line would be refused: it first
-- sends every batch with dry_run => true, then imports them. The function is dropped and created again (not a second
-- overload beside the old two-argument one), with the same grants.
--
--   import_campaign_results(campaign_id, results, dry_run default false)
--
-- Without dry_run: as 20261123060200 — one transaction, all or nothing, refused lines raise invalid_rows /
-- duplicate_rows (P0001, every refused line in `hint`), answers { added, updated, unchanged }.
-- With dry_run: every check and the write itself run (RLS, the table's trigger and constraints included), are counted
-- and rolled back; refused lines are answered, not raised: { added, updated, unchanged, refused: [{ line, message }] }
-- (added/updated/unchanged are 0 when a line is refused: nothing would be imported). A caller who may not write
-- (viewer, outsider, signed out) gets the same error as without dry_run.

drop function public.import_campaign_results(uuid, jsonb);

create function public.import_campaign_results(campaign_id uuid, results jsonb, dry_run boolean default false) returns json
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
    if dry_run then
      return json_build_object('added', 0, 'updated', 0, 'unchanged', 0, 'refused', refused);
    end if;
    raise exception '% rows refused, nothing imported: %', jsonb_array_length(refused),
      (select string_agg(format('line %s: %s', r ->> 'line', r ->> 'message'), '; ') from (select r from jsonb_array_elements(refused) r limit 5) first_ones)
      using errcode = 'P0001', detail = 'invalid_rows', hint = refused::text;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('line', d.lines[2], 'message', format('same day and platform as line %s', d.lines[1])) order by d.lines[2]), '[]'::jsonb)
  into refused
  from (
    select array_agg(case when jsonb_typeof(e.value -> 'line') = 'number' then (e.value ->> 'line')::numeric::integer else e.ordinality::integer end order by e.ordinality) as lines
    from jsonb_array_elements(results) with ordinality e
    group by (e.value ->> 'day')::date, e.value ->> 'platform'
    having count(*) > 1
  ) d;
  if jsonb_array_length(refused) > 0 then
    if dry_run then
      return json_build_object('added', 0, 'updated', 0, 'unchanged', 0, 'refused', refused);
    end if;
    raise exception 'The same day and platform appear twice, nothing imported: %',
      (select string_agg(format('line %s: %s', r ->> 'line', r ->> 'message'), '; ') from (select r from jsonb_array_elements(refused) r limit 5) first_ones)
      using errcode = 'P0001', detail = 'duplicate_rows', hint = refused::text;
  end if;

  begin
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
    -- A dry run undoes the write (its counts, kept in local variables, survive the rollback of this block).
    if dry_run then
      raise exception 'dry run' using errcode = 'BB001';
    end if;
  exception
    when sqlstate 'BB001' then
      null;
  end;

  if dry_run then
    return json_build_object('added', added, 'updated', updated, 'unchanged', total - added - updated, 'refused', '[]'::json);
  end if;
  return json_build_object('added', added, 'updated', updated, 'unchanged', total - added - updated);
end
$$;

revoke all on function public.import_campaign_results(uuid, jsonb, boolean) from public, anon;
grant execute on function public.import_campaign_results(uuid, jsonb, boolean) to authenticated, service_role;
