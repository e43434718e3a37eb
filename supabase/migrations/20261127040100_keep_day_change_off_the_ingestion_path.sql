-- The first event of a UTC day no longer waits for anybody (attack review of 20261127030000). That event ran
-- private.start_analytics_day(), which emptied private.analytics_client_budgets with TRUNCATE (an ACCESS EXCLUSIVE
-- lock on the table) and deleted past salts, while every report and the dashboards' figures now delete past salts
-- and budgets first (private.forget_past_analytics_days()): a report's transaction still open, or the scheduled
-- run, made the day's first event wait for it, and every other client's event waited behind that one's salt, until
-- anonymous callers' statement timeout answered them 500. Any signed-in user could cause it on purpose: a call of
-- workspace_site_figures with any workspace id deleted a busy day's million budget rows just after midnight.
--
-- Now nothing on either path waits on the other:
--   - start_analytics_day() makes the day's salt and deletes past days' salts and at most 10,000 past budgets, all
--     rows nobody else holds (FOR UPDATE SKIP LOCKED): no TRUNCATE, no table lock.
--   - forget_past_analytics_days() does the same, SKIP LOCKED and bounded, so a report never does a day's worth of
--     deleting; the scheduler (every 15 s on our server, 30 s with pg_cron) and the next days' first events finish
--     what is left. Past budgets hold nothing to recognise anyone by once their day's salt is gone (their keys are
--     hashes with that salt), so deleting them a little later only costs space.
--   - its `today` cannot be later than the real UTC day: a caller passing a day in the future would have deleted
--     today's salt and budgets (every visitor counted anew, every budget full again).

create or replace function private.forget_past_analytics_days(today date default (now() at time zone 'utc')::date) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  today := least(coalesce(today, (now() at time zone 'utc')::date), (now() at time zone 'utc')::date);
  delete from private.analytics_salts s
  where s.day in (select p.day from private.analytics_salts p where p.day < today for update skip locked);
  delete from private.analytics_client_budgets b
  where b.client_key in (
    select p.client_key from private.analytics_client_budgets p where p.day < today limit 10000 for update skip locked);
end
$$;

create or replace function private.start_analytics_day(today date) returns bytea
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  day_salt bytea;
  made boolean;
begin
  insert into private.analytics_salts (day, salt)
  values (today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
  on conflict (day) do nothing
  returning true into made;
  if made then
    perform private.forget_past_analytics_days(today);
  end if;
  select s.salt into day_salt from private.analytics_salts s where s.day = today;
  return day_salt;
end
$$;
