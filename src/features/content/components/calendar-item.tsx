import type { useDraggable } from '@dnd-kit/core';
import { Clock, Share2 } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { contentCopy } from '@/config/content-copy';
import type { ScheduledContent } from '@/features/content/api/get-scheduled-content';
import { isFocusTarget, scheduleState, type FocusRequest } from '@/features/content/utils/calendar';
import { contentStatusBadge } from '@/features/content/utils/content-display';
import { socialCalendarCopy } from '@/config/social-calendar-copy';
import { socialStatusBadge, type SocialEntryInfo } from '@/features/content/utils/social-calendar-entries';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Alt + arrow → days to move: left/right one day, up/down one week. */
const KEY_MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** Where keyboard focus goes after a move (see FocusRequest), and how the calendar hears it got there. */
export interface CalendarFocus {
  request: FocusRequest | null;
  onFocused(): void;
}

/** What the month view's drag and drop gives an item (`DraggableCalendarItem`); the agenda, without drop targets, has none. */
export type CalendarItemDrag = Pick<ReturnType<typeof useDraggable>, 'attributes' | 'listeners' | 'setNodeRef' | 'transform' | 'isDragging'>;

export interface CalendarItemProps {
  item: ScheduledContent;
  now: Date;
  /** Absent for viewers: the item cannot be moved. */
  onMove?(item: ScheduledContent, days: number): void;
  instructionsId: string;
  /** The workspace's time zone: the calendar's days and the item's time are the workspace's, not the browser's. */
  timeZone: string;
  /** The month view's small chip (its badges smaller, their text wrapping in a narrow day). */
  isCompact?: boolean;
  /** Moved with the keyboard, the item appears in another day as a new element and takes the focus there. */
  focus?: CalendarFocus;
  drag?: CalendarItemDrag;
}

/**
 * One planned item: its title, status badge and, past its moment and not published, an "Overdue" badge (the red
 * border repeats it, never alone); an item scheduled to publish itself shows "Scheduled" (then "Publishing..." for the
 * moments the worker needs); movable with Alt + arrows, and by pointer in the month view (`drag`).
 */
export function CalendarItem({ item, now, onMove, instructionsId, timeZone, isCompact = false, focus, drag }: CalendarItemProps) {
  const canMove = onMove !== undefined;
  const element = useRef<HTMLDivElement | null>(null);
  // A Social Hub post (issue 30): its own statuses, a "Social · network" badge and a violet edge.
  const social = (item as { social?: SocialEntryInfo }).social;
  const badge = social ? socialStatusBadge(item.status) : contentStatusBadge(item.status);
  const state = scheduleState(item, now);
  const overdue = state === 'overdue';
  const note = state === 'overdue' || state === 'scheduled' || state === 'publishing' ? state : null;
  const when = formatDateTime(item.planned_publish_at!, undefined, timeZone);
  const badgeClass = isCompact ? 'rounded px-1 py-0 text-[10px] leading-tight whitespace-normal [overflow-wrap:anywhere]' : 'px-1 py-0 text-[10px]';

  const takesFocus = isFocusTarget(focus?.request ?? null, item, timeZone);
  const onFocused = focus?.onFocused;
  useEffect(() => {
    if (!takesFocus) return;
    element.current?.focus();
    onFocused?.();
  }, [takesFocus, onFocused]);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const days = KEY_MOVES[event.key];
    if (!event.altKey || days === undefined || !onMove) return;
    event.preventDefault();
    onMove(item, days);
  }

  return (
    <div
      ref={(node) => {
        drag?.setNodeRef(node);
        element.current = node;
      }}
      {...drag?.attributes}
      {...drag?.listeners}
      role={canMove ? 'button' : 'group'}
      tabIndex={canMove ? 0 : undefined}
      aria-roledescription={canMove ? 'draggable item' : undefined}
      aria-describedby={canMove ? instructionsId : undefined}
      aria-label={`${social ? `${socialCalendarCopy.socialBadge(social.networks.join(', '))}: ` : ''}${contentCopy.calendar.itemLabel(item.title, badge.label, when, note)}`}
      data-social={social ? social.networks.join(' ') : undefined}
      data-testid="calendar-item"
      onKeyDown={handleKeyDown}
      style={drag?.transform ? { transform: `translate3d(${drag.transform.x}px, ${drag.transform.y}px, 0)` } : undefined}
      className={cn(
        'rounded-md border bg-card py-1 text-left text-xs shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isCompact ? 'px-1 sm:px-1.5' : 'px-1.5',
        canMove && drag && 'cursor-grab touch-none',
        drag?.isDragging && 'relative z-10 opacity-80 shadow-md',
        social && 'border-l-4 border-l-violet-600',
        overdue && 'border-red-600',
      )}
    >
      <span className="block break-words font-medium [overflow-wrap:anywhere]">{item.title}</span>
      {/* Shown, not only spoken: the label above says the same for screen readers. */}
      <span aria-hidden="true" className="mt-0.5 flex flex-wrap gap-1">
        {social ? (
          <Badge variant="outline" className={cn(badgeClass, 'border-violet-600 text-violet-900')}>
            <Share2 aria-hidden="true" className="mr-0.5 size-2.5" />
            {socialCalendarCopy.socialBadge(social.networks.join(', '))}
          </Badge>
        ) : null}
        <Badge variant={badge.variant} className={badgeClass}>
          {badge.label}
        </Badge>
        {overdue ? (
          <Badge variant="red" className={badgeClass}>
            {contentCopy.calendar.overdue}
          </Badge>
        ) : null}
        {state === 'scheduled' || state === 'publishing' ? (
          <Badge variant="blue" className={badgeClass} data-testid="calendar-item-schedule">
            <Clock aria-hidden="true" className="mr-0.5 size-2.5" />
            {state === 'scheduled' ? contentCopy.calendar.scheduled : contentCopy.calendar.publishing}
          </Badge>
        ) : null}
      </span>
    </div>
  );
}
