import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { ListStatus } from '@/components/module/list-status';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ViewSwitch } from '@/components/ui/view-switch';
import { contentCopy } from '@/config/content-copy';
import { SCHEDULE_LIMIT, useScheduledContent, type ScheduledContent } from '@/features/content/api/get-scheduled-content';
import { useRescheduleContentItem } from '@/features/content/api/reschedule-content-item';
import { CalendarAgenda } from '@/features/content/components/calendar-agenda';
import { agendaDays, calendarDayOf, itemsByDay, type FocusRequest, monthOf, monthWeeks, moveRefusal, shiftMonth } from '@/features/content/utils/calendar';
import { socialCalendarCopy } from '@/config/social-calendar-copy';
import { useCalendarSocialPosts } from '@/features/content/api/get-calendar-social-posts';
import { useRescheduleSocialPost } from '@/features/content/api/reschedule-social-post';
import { ChannelFilter } from '@/features/content/components/channel-filter';
import { canMoveSocialEntry, filterByChannel, socialCalendarEntries, type CalendarEntryBase } from '@/features/content/utils/social-calendar-entries';
import { describeLoadFailure } from '@/lib/error-kinds';
import { formatDay } from '@/lib/format';
import { addDays } from '@/lib/periods';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@/lib/use-media-query';
import { useWorkspace } from '@/lib/workspace';
import { momentAt, moveToZonedDay } from '@/lib/zoned-time';

const AGENDA_DAYS = 28;

type CalendarView = 'month' | 'agenda';
const OVERDUE_LOOKBACK_DAYS = 90;

// The month view brings drag and drop (dnd-kit): it loads when shown, the default on a wide screen; a phone opens on
// the agenda, which moves items with the keyboard only (issue 33).
const CalendarMonth = lazy(() => import('@/features/content/components/calendar-month').then((module) => ({ default: module.CalendarMonth })));

/** Midnight of a day in the workspace's zone, as the ISO timestamp the range filter compares with. */
const startOf = (day: string, timeZone: string) => momentAt(day, '00:00', timeZone).toISOString();

/**
 * The Editorial Calendar: the workspace's items by planned day, as a month (drop targets) or an agenda of overdue
 * items and the coming four weeks. Members move items by dragging them or with Alt + arrow keys (focus follows the
 * item to its new day, so the keys can be pressed again); a scheduled item does not move into the past (it would be
 * published at once: a toast says so); viewers only look. The Social Hub's scheduled posts show beside the items
 * (issue 30, point 3: their networks on a badge, a channel filter); a post moves through reschedule_social_post.
 * Days, "today" and times are the workspace's time zone's, not the browser's: items are grouped by their day there
 * and keep their wall-clock time there when moved (content items and posts alike).
 */
export function EditorialCalendar({ canWrite }: { canWrite: boolean }) {
  const timeZone = useWorkspace().current?.timeZone ?? 'UTC';
  const today = useMemo(() => calendarDayOf(new Date().toISOString(), timeZone), [timeZone]);
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [chosenView, setView] = useState<CalendarView | null>(null);
  const view = chosenView ?? (isWide ? 'month' : 'agenda');
  const [month, setMonth] = useState(() => monthOf(today));
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const clearFocusRequest = useCallback(() => setFocusRequest(null), []);
  const instructionsId = useId();

  const weeks = monthWeeks(month);
  const firstDay = [weeks[0]![0]!, addDays(today, -OVERDUE_LOOKBACK_DAYS)].sort()[0]!;
  const lastDay = [weeks.at(-1)![6]!, addDays(today, AGENDA_DAYS)].sort().at(-1)!;
  const query = useScheduledContent(startOf(firstDay, timeZone), startOf(addDays(lastDay, 1), timeZone));
  const reschedule = useRescheduleContentItem();
  const social = useCalendarSocialPosts(startOf(firstDay, timeZone), startOf(addDays(lastDay, 1), timeZone));
  const rescheduleSocial = useRescheduleSocialPost();
  const [channel, setChannel] = useState('all');
  const items = useMemo(
    () => filterByChannel<ScheduledContent & CalendarEntryBase>([...(query.data ?? []), ...socialCalendarEntries(social.posts.data ?? [], social.accounts.data ?? [])], channel),
    [query.data, social.posts.data, social.accounts.data, channel],
  );
  // "Now" as of the items shown: each load (a scheduled item's moment passing included) looks at them afresh.
  const now = useMemo(() => new Date(query.dataUpdatedAt), [query.dataUpdatedAt]);
  const byDay = useMemo(() => itemsByDay(items, timeZone), [items, timeZone]);

  function move(item: ScheduledContent, days: number, byKeyboard = false) {
    if (!item.planned_publish_at || days === 0) return;
    if ((item as CalendarEntryBase).social) return moveSocial(item as ScheduledContent & CalendarEntryBase, days, byKeyboard);
    const day = addDays(calendarDayOf(item.planned_publish_at, timeZone), days);
    const moment = moveToZonedDay(item.planned_publish_at, day, timeZone);
    if (moveRefusal(item, moment, new Date())) {
      const description = contentCopy.calendar.pastRefusedDescription(item.title);
      toast.error(contentCopy.calendar.pastRefused, { description });
      setAnnouncement(description);
      return;
    }
    if (byKeyboard) setFocusRequest({ id: item.id, day });
    reschedule.mutate({ id: item.id, plannedPublishAt: moment });
    setAnnouncement(contentCopy.calendar.moved(item.title, formatDay(day)));
    if (monthOf(day) !== month && view !== 'agenda') setMonth(monthOf(day));
  }

  /** A post keeps its wall-clock time in the workspace's zone; one already (being) sent does not move. */
  function moveSocial(entry: ScheduledContent & CalendarEntryBase, days: number, byKeyboard: boolean) {
    const day = addDays(calendarDayOf(entry.planned_publish_at!, timeZone), days);
    const moment = moveToZonedDay(entry.planned_publish_at!, day, timeZone);
    if (!canMoveSocialEntry(entry) || moveRefusal(entry, moment, new Date())) {
      const description = canMoveSocialEntry(entry) ? contentCopy.calendar.pastRefusedDescription(entry.title) : socialCalendarCopy.sentRefused;
      toast.error(socialCalendarCopy.moveFailed, { description });
      setAnnouncement(description);
      return;
    }
    const shownDay = calendarDayOf(moment, timeZone);
    if (byKeyboard) setFocusRequest({ id: entry.id, day: shownDay });
    rescheduleSocial.mutate({ postId: entry.social!.postId, scheduledAt: moment });
    setAnnouncement(contentCopy.calendar.moved(entry.title, formatDay(shownDay)));
    if (monthOf(shownDay) !== month && view !== 'agenda') setMonth(monthOf(shownDay));
  }

  const onMove = canWrite ? (item: ScheduledContent, days: number) => move(item, days, true) : undefined;
  const focus = { request: focusRequest, onFocused: clearFocusRequest };

  let body;
  if (query.isError) body = <ListStatus kind="error" title={contentCopy.calendar.loadFailed} description={describeLoadFailure(query.error)} />;
  else if (!query.data || (!social.posts.data && !social.posts.isError)) body = <ListStatus kind="loading" title={contentCopy.calendar.loading} />;
  else
    body = (
      <>
        {view === 'month' ? (
          <Suspense fallback={<ListStatus kind="loading" title={contentCopy.calendar.loading} />}>
            <CalendarMonth month={month} today={today} now={now} byDay={byDay} onMonthChange={setMonth} onShiftMonth={(by) => setMonth(shiftMonth(month, by))} onMove={onMove} onDrop={(item, days) => move(item, days)} instructionsId={instructionsId} timeZone={timeZone} focus={focus} />
          </Suspense>
        ) : (
          <CalendarAgenda days={agendaDays(byDay, today, now, AGENDA_DAYS)} now={now} onMove={onMove} instructionsId={instructionsId} timeZone={timeZone} focus={focus} />
        )}
        {social.posts.isError ? <p role="status" className="text-xs text-destructive">{socialCalendarCopy.socialLoadFailed}</p> : null}
        {items.length >= SCHEDULE_LIMIT ? <p className="text-xs text-muted-foreground">{contentCopy.calendar.tooMany}</p> : null}
      </>
    );

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <h2 className="text-lg font-semibold">{contentCopy.calendarTitle}</h2>
          <CardDescription id={instructionsId}>{canWrite ? contentCopy.calendar.instructions : contentCopy.calendarDescription}</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ChannelFilter accounts={social.accounts.data ?? []} value={channel} onChange={setChannel} />
          <ViewSwitch<CalendarView>
            label={contentCopy.calendar.viewLabel}
            views={[{ value: 'month', label: contentCopy.calendar.month }, { value: 'agenda', label: contentCopy.calendar.agenda }]}
            value={view}
            onChange={setView}
          />
        </div>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        {body}
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </CardContent>
    </Card>
  );
}
