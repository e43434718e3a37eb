import { contentCopy } from '@/config/content-copy';
import type { ScheduledContent } from '@/features/content/api/get-scheduled-content';
import { CalendarItem, type CalendarFocus } from '@/features/content/components/calendar-item';
import { formatDay } from '@/lib/format';

interface CalendarAgendaProps {
  /** Days in order with their items (agendaDays): overdue items of past days, then the coming weeks. */
  days: [string, ScheduledContent[]][];
  now: Date;
  onMove?(item: ScheduledContent, days: number): void;
  instructionsId: string;
  /** The workspace's time zone (the days are its days). */
  timeZone: string;
  focus: CalendarFocus;
}

/** The coming weeks as a list of days, overdue items first; the same items and keys as the month view. */
export function CalendarAgenda({ days, now, onMove, instructionsId, timeZone, focus }: CalendarAgendaProps) {
  if (days.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{contentCopy.calendar.emptyAgenda}</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{contentCopy.calendar.agendaDescription}</p>
      <ol aria-label={contentCopy.calendar.agenda} className="space-y-3">
        {days.map(([day, items]) => (
          <li key={day} className="grid gap-2 sm:grid-cols-[10rem_1fr]">
            <h3 className="text-sm font-medium">{formatDay(day)}</h3>
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={item.id}>
                  <CalendarItem item={item} now={now} onMove={onMove} instructionsId={instructionsId} timeZone={timeZone} focus={focus} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
