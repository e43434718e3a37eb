import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { socialCalendarCopy as copy } from '@/config/social-calendar-copy';
import { formatDateTime } from '@/lib/format';
import { useWorkspace } from '@/lib/workspace';

/** Fills the composer's moment with the chosen accounts' next free time slot (the search loads when pressed). */
export function NextFreeSlotButton({ accountIds, onPick }: { accountIds: readonly string[]; onPick(localValue: string): void }) {
  const workspace = useWorkspace().current;
  const [note, setNote] = useState<string | null>(null);
  const [isFinding, setIsFinding] = useState(false);

  async function find() {
    if (!workspace) return;
    if (accountIds.length === 0) return setNote(copy.chooseAccountFirst);
    setIsFinding(true);
    try {
      const { findNextFreeSlot, toComposerInput } = await import('@/features/social/api/find-next-free-slot');
      const moment = await findNextFreeSlot(workspace.id, accountIds, workspace.timeZone);
      if (moment) onPick(toComposerInput(moment));
      setNote(moment ? copy.slotFound(formatDateTime(moment)) : copy.noFreeSlot);
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
    } finally {
      setIsFinding(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" size="sm" variant="outline" disabled={isFinding || !workspace} onClick={() => void find()}>{isFinding ? copy.findingSlot : copy.nextFreeSlot}</Button>
      {note ? <p role="status" className="text-sm text-muted-foreground">{note}</p> : null}
    </div>
  );
}
