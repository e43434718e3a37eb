import { useDraggable } from '@dnd-kit/core';
import type { KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { contentCopy } from '@/config/content-copy';
import type { ScheduledContent } from '@/features/content/api/get-scheduled-content';
import { isOverdue } from '@/features/content/utils/calendar';
import { contentStatusBadge } from '@/features/content/utils/content-display';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Alt + arrow → days to move: left/right one day, up/down one week. */
const KEY_MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

interface CalendarItemProps {
  item: ScheduledContent;
  now: Date;
  /** Absent for viewers: the item cannot be moved. */
  onMove?(item: ScheduledContent, days: number): void;
  instructionsId: string;
  isCompact?: boolean;
}

/** One planned item: its title, status badge and overdue mark; draggable by pointer, movable with Alt + arrows. */
export function CalendarItem({ item, now, onMove, instructionsId, isCompact = false }: CalendarItemProps) {
  const canMove = onMove !== undefined;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: item.id, data: item, disabled: !canMove });
  const badge = contentStatusBadge(item.status);
  const overdue = isOverdue(item, now);
  const when = formatDateTime(item.planned_publish_at!);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const days = KEY_MOVES[event.key];
    if (!event.altKey || days === undefined || !onMove) return;
    event.preventDefault();
    onMove(item, days);
  }

  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role={canMove ? 'button' : 'group'}
      tabIndex={canMove ? 0 : undefined}
      aria-roledescription={canMove ? 'draggable item' : undefined}
      aria-describedby={canMove ? instructionsId : undefined}
      aria-label={contentCopy.calendar.itemLabel(item.title, badge.label, when, overdue)}
      data-testid="calendar-item"
      onKeyDown={handleKeyDown}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        'rounded-md border bg-card px-1.5 py-1 text-left text-xs shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        canMove && 'cursor-grab touch-none',
        isDragging && 'relative z-10 opacity-80 shadow-md',
        overdue && 'border-red-600',
      )}
    >
      <span className="block break-words font-medium [overflow-wrap:anywhere]">{item.title}</span>
      {isCompact ? null : (
        <span className="mt-0.5 flex flex-wrap gap-1">
          <Badge variant={badge.variant} className="px-1 py-0 text-[10px]">
            {badge.label}
          </Badge>
          {overdue ? (
            <Badge variant="red" className="px-1 py-0 text-[10px]">
              {contentCopy.calendar.overdue}
            </Badge>
          ) : null}
        </span>
      )}
    </div>
  );
}
