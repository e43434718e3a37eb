-- A scheduled item moved into the past used to be published at once: its job fell due the moment it was queued. A
-- drag on the Editorial Calendar (or Alt + arrow) one day too far was enough. A member's change may no longer put a
-- schedule in the past: scheduling an item (publish_on_schedule turned on, or inserted so) or moving a scheduled
-- item's planned moment to more than two minutes before now is refused with a message that says why (23514,
-- 'schedule_in_past'). Two minutes: Schedule Publishing offers the current minute, and clocks differ a little. The
-- app checks the same before it asks (src/features/content/utils/calendar.ts).
--
-- Not refused: saving a scheduled item whose moment has passed without moving it (the content dialog keeps minutes
-- only, so a moment within the same minute counts as unmoved); planned dates of unscheduled items (plans may lie in
-- the past, and then show Overdue); and changes made without a signed-in user (database maintenance, tests moving
-- the clock, the job runner).

create function private.refuse_schedule_in_past() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.publish_on_schedule and new.planned_publish_at < now() - interval '2 minutes' and (select auth.uid()) is not null
    and (tg_op = 'INSERT' or not old.publish_on_schedule
      or date_trunc('minute', old.planned_publish_at) is distinct from date_trunc('minute', new.planned_publish_at)) then
    raise exception 'A scheduled item cannot be moved into the past: it would be published at once. Choose a moment from now on, or unschedule it first.'
      using errcode = '23514', detail = 'schedule_in_past';
  end if;
  return new;
end
$$;

revoke all on function private.refuse_schedule_in_past() from public, anon, authenticated;

-- After content_items_normalize_schedule (triggers of one event fire in name order): a schedule of an item being
-- published or archived, or without a moment, is already off.
create trigger content_items_refuse_schedule_in_past
  before insert or update of planned_publish_at, publish_on_schedule, status on public.content_items
  for each row execute function private.refuse_schedule_in_past();
