import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { ListStatus } from '@/components/module/list-status';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { contentCopy } from '@/config/content-copy';
import { SCHEDULE_LIMIT, useScheduledContent, type ScheduledContent } from '@/features/content/api/get-scheduled-content';
import { useRescheduleContentItem } from '@/features/content/api/reschedule-content-item';
import { CalendarAgenda } from '@/features/content/components/calendar-agenda';
import { agendaDays, itemsByDay, localDayOf, type FocusRequest, monthOf, monthWeeks, moveRefusal, moveToDay, shiftMonth } from '@/features/content/utils/calendar';
import { describeLoadFailure } from '@/lib/error-kinds';
import { formatDay } from '@/lib/format';
import { addDays, localDay } from '@/lib/periods';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@/lib/use-media-query';

const AGENDA_DAYS = 28;
const OVERDUE_LOOKBACK_DAYS = 90;

// The month view brings drag and drop (dnd-kit): it loads when shown, the default on a wide screen; a phone opens on
// the agenda, which moves items with the keyboard only (issue 33).
const CalendarMonth = lazy(() => import('@/features/content/components/calendar-month').then((module) => ({ default: module.CalendarMonth })));

/** Local midnight of a day, as the ISO timestamp the range filter compares with. */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/**
 * The Editorial Calendar: the workspace's items by planned day, as a month (drop targets) or an agenda of overdue
 * items and the coming four weeks. Members move items by dragging them or with Alt + arrow keys (focus follows the
 * item to its new day, so the keys can be pressed again); a scheduled item does not move into the past (it would be
 * published at once: a toast says so); viewers only look.
 */
export function EditorialCalendar({ canWrite }: { canWrite: boolean }) {
  const [today] = useState(localDay);
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [view, setView] = useState<string | null>(null);
  const [month, setMonth] = useState(() => monthOf(today));
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const clearFocusRequest = useCallback(() => setFocusRequest(null), []);
  const instructionsId = useId();

  const weeks = monthWeeks(month);
  const firstDay = [weeks[0]![0]!, addDays(today, -OVERDUE_LOOKBACK_DAYS)].sort()[0]!;
  const lastDay = [weeks.at(-1)![6]!, addDays(today, AGENDA_DAYS)].sort().at(-1)!;
  const query = useScheduledContent(startOf(firstDay), startOf(addDays(lastDay, 1)));
  const reschedule = useRescheduleContentItem();
  const items = useMemo(() => query.data ?? [], [query.data]);
  // "Now" as of the items shown: each load (a scheduled item's moment passing included) looks at them afresh.
  const now = useMemo(() => new Date(query.dataUpdatedAt), [query.dataUpdatedAt]);
  const byDay = useMemo(() => itemsByDay(items), [items]);

  function move(item: ScheduledContent, days: number, byKeyboard = false) {
    if (!item.planned_publish_at || days === 0) return;
    const day = addDays(localDayOf(item.planned_publish_at), days);
    const moment = moveToDay(item.planned_publish_at, day);
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

  const onMove = canWrite ? (item: ScheduledContent, days: number) => move(item, days, true) : undefined;
  const focus = { request: focusRequest, onFocused: clearFocusRequest };

  let body;
  if (query.isError) body = <ListStatus kind="error" title={contentCopy.calendar.loadFailed} description={describeLoadFailure(query.error)} />;
  else if (!query.data) body = <ListStatus kind="loading" title={contentCopy.calendar.loading} />;
  else
    body = (
      <>
        <TabsContent value="month">
          <Suspense fallback={<ListStatus kind="loading" title={contentCopy.calendar.loading} />}>
            <CalendarMonth month={month} today={today} now={now} byDay={byDay} onMonthChange={setMonth} onShiftMonth={(by) => setMonth(shiftMonth(month, by))} onMove={onMove} onDrop={(item, days) => move(item, days)} instructionsId={instructionsId} focus={focus} />
          </Suspense>
        </TabsContent>
        <TabsContent value="agenda">
          <CalendarAgenda days={agendaDays(byDay, today, now, AGENDA_DAYS)} now={now} onMove={onMove} instructionsId={instructionsId} focus={focus} />
        </TabsContent>
        {items.length >= SCHEDULE_LIMIT ? <p className="text-xs text-muted-foreground">{contentCopy.calendar.tooMany}</p> : null}
      </>
    );

  return (
    <Card>
      <Tabs value={view ?? (isWide ? 'month' : 'agenda')} onValueChange={setView}>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="space-y-1.5">
            <h2 className="text-lg font-semibold">{contentCopy.calendarTitle}</h2>
            <CardDescription id={instructionsId}>{canWrite ? contentCopy.calendar.instructions : contentCopy.calendarDescription}</CardDescription>
          </div>
          <TabsList>
            <TabsTrigger value="month">{contentCopy.calendar.month}</TabsTrigger>
            <TabsTrigger value="agenda">{contentCopy.calendar.agenda}</TabsTrigger>
          </TabsList>
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          {body}
          <p role="status" aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </CardContent>
      </Tabs>
    </Card>
  );
}
