import { DndContext, PointerSensor, pointerWithin, rectIntersection, useDraggable, useDroppable, useSensor, useSensors, type CollisionDetection, type DragEndEvent } from '@dnd-kit/core';
import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { contentCopy } from '@/config/content-copy';
import type { ScheduledContent } from '@/features/content/api/get-scheduled-content';
import { CalendarItem, type CalendarFocus, type CalendarItemProps } from '@/features/content/components/calendar-item';
import { calendarDayOf, monthOf, monthWeeks, shownItems } from '@/features/content/utils/calendar';
import { dayValue } from '@/lib/periods';
import { cn } from '@/lib/utils';

interface CalendarMonthProps {
  month: string;
  today: string;
  now: Date;
  byDay: Map<string, ScheduledContent[]>;
  onMonthChange(month: string): void;
  onShiftMonth(by: number): void;
  onMove?(item: ScheduledContent, days: number): void;
  /** An item dropped on another day, `days` away. */
  onDrop(item: ScheduledContent, days: number): void;
  instructionsId: string;
  /** The workspace's time zone: an item's day is its day there. */
  timeZone: string;
  focus: CalendarFocus;
}

/**
 * The day under the pointer is where an item goes. dnd-kit's default (the day the dragged item overlaps most) kept an
 * item let go just inside another week row in its own day: the item is nearly a row tall, so most of it was still
 * there. Between two days (the 1 px border) the overlap decides.
 */
const dayUnderPointer: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const ITEMS_PER_DAY = 3;

/**
 * The month as weeks (Monday first); each day is a drop target, each planned item a draggable chip. The only view with
 * drop targets, so drag and drop (dnd-kit, ~12 KB) loads with it (editorial-calendar.tsx), not with the page.
 */
export function CalendarMonth({ month, today, now, byDay, onMonthChange, onShiftMonth, onMove, onDrop, instructionsId, timeZone, focus }: CalendarMonthProps) {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const label = new Date(year, index - 1, 1).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  function handleDragEnd({ active, over }: DragEndEvent) {
    const item = active.data.current as ScheduledContent | undefined;
    if (!item?.planned_publish_at || !over) return;
    const from = dayValue(calendarDayOf(item.planned_publish_at, timeZone));
    const to = dayValue(String(over.id));
    if (from !== null && to !== null) onDrop(item, Math.round((to - from) / 86_400_000));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={dayUnderPointer} onDragEnd={handleDragEnd}>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-base font-semibold" aria-live="polite">
            {label}
          </h3>
          <div className="flex gap-1">
            <Button variant="outline" size="icon" aria-label={contentCopy.calendar.previousMonth} onClick={() => onShiftMonth(-1)}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" onClick={() => onMonthChange(monthOf(today))}>
              {contentCopy.calendar.today}
            </Button>
            <Button variant="outline" size="icon" aria-label={contentCopy.calendar.nextMonth} onClick={() => onShiftMonth(1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
        {/* Days are labelled groups (their full date), so the weekday row is only visual. */}
        <div className="grid grid-cols-7 gap-px overflow-hidden rounded-md border bg-border text-xs">
          {WEEKDAYS.map((weekday) => (
            <div key={weekday} aria-hidden="true" className="bg-muted px-1 py-1 text-center font-medium">
              {weekday}
            </div>
          ))}
          {monthWeeks(month)
            .flat()
            .map((day) => (
              <DayCell key={day} day={day} isOtherMonth={monthOf(day) !== month} isToday={day === today} items={byDay.get(day) ?? []} now={now} onMove={onMove} instructionsId={instructionsId} timeZone={timeZone} focus={focus} />
            ))}
        </div>
      </div>
    </DndContext>
  );
}

interface DayCellProps {
  day: string;
  isOtherMonth: boolean;
  isToday: boolean;
  items: ScheduledContent[];
  now: Date;
  onMove?(item: ScheduledContent, days: number): void;
  instructionsId: string;
  timeZone: string;
  focus: CalendarFocus;
}

function DayCell({ day, isOtherMonth, isToday, items, now, onMove, instructionsId, timeZone, focus }: DayCellProps) {
  const { setNodeRef, isOver } = useDroppable({ id: day });
  const [isExpanded, setIsExpanded] = useState(false);
  const shown = isExpanded ? items : shownItems(items, ITEMS_PER_DAY, focus.request?.id ?? null);
  const hidden = items.length - shown.length;
  const dayLabel = new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
  return (
    <div
      ref={setNodeRef}
      role="group"
      data-day={day}
      aria-label={dayLabel}
      className={cn('min-h-20 min-w-0 space-y-1 bg-background p-0.5 sm:p-1', isOtherMonth && 'bg-muted/40 text-muted-foreground', isOver && 'bg-blue-50 ring-2 ring-inset ring-blue-600')}
    >
      <span className={cn('block text-right', isToday && 'font-bold text-blue-700')}>{Number(day.slice(8))}</span>
      {shown.map((item) => (
        <DraggableCalendarItem key={item.id} item={item} now={now} onMove={onMove} instructionsId={instructionsId} timeZone={timeZone} focus={focus} isCompact />
      ))}
      {hidden > 0 || isExpanded ? (
        <button
          type="button"
          className="block rounded-sm text-left text-[10px] text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={isExpanded}
          aria-label={isExpanded ? contentCopy.calendar.fewerLabel(dayLabel) : contentCopy.calendar.moreLabel(hidden, dayLabel)}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded ? contentCopy.calendar.fewer : contentCopy.calendar.more(hidden)}
        </button>
      ) : null}
    </div>
  );
}

/** A planned item the pointer drags to another day (members; viewers' items stay put). */
function DraggableCalendarItem(props: CalendarItemProps) {
  const drag = useDraggable({ id: props.item.id, data: props.item, disabled: props.onMove === undefined });
  return <CalendarItem {...props} drag={drag} />;
}
