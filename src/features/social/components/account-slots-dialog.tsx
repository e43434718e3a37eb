import { useId, useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { slotsCopy as copy } from '@/features/social/components/account-slots-copy';
import { useAccountSlots, useAddAccountSlots, useRemoveAccountSlot } from '@/features/social/api/account-slots';
import { useWorkspace } from '@/lib/workspace';

interface AccountSlotsDialogProps {
  workspaceId: string;
  account: { id: string; display_name: string };
  canWrite: boolean;
  onOpenChange(open: boolean): void;
}

/** An account's posting slots (weekday + time in the workspace's zone): "Next free slot" in the composer picks from them. */
export function AccountSlotsDialog({ workspaceId, account, canWrite, onOpenChange }: AccountSlotsDialogProps) {
  const id = useId();
  const zone = useWorkspace().current?.timeZone ?? 'UTC';
  const slots = useAccountSlots(workspaceId, account.id);
  const add = useAddAccountSlots(workspaceId, account.id);
  const remove = useRemoveAccountSlot();
  const [days, setDays] = useState('weekdays');
  const [time, setTime] = useState('09:00');
  const [problem, setProblem] = useState<string | null>(null);

  function submit() {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return setProblem(copy.timeInvalid);
    const existing = slots.data ?? [];
    const weekdays = copy.dayChoices.find((choice) => choice.value === days)!.weekdays
      .filter((weekday) => !existing.some((slot) => slot.weekday === weekday && slot.local_time.slice(0, 5) === time));
    if (weekdays.length === 0) return setProblem(copy.alreadyThere);
    setProblem(null);
    add.mutate({ weekdays, time });
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{copy.title(account.display_name)}</DialogTitle>
          <DialogDescription>{copy.description(zone)}</DialogDescription>
        </DialogHeader>
        {slots.isError ? <ListStatus kind="error" title={copy.loadFailed} /> : !slots.data ? <ListStatus kind="loading" title={copy.loading} /> : slots.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.empty}</p>
        ) : (
          <ul className="divide-y text-sm" aria-label={copy.listLabel}>
            {slots.data.map((slot) => (
              <li key={slot.id} className="flex items-center justify-between gap-2 py-1.5">
                <span>{copy.slot(slot.weekday, slot.local_time.slice(0, 5))}</span>
                {canWrite ? <Button size="sm" variant="outline" disabled={remove.isPending} aria-label={copy.removeLabel(slot.weekday, slot.local_time.slice(0, 5))} onClick={() => remove.mutate(slot.id)}>{copy.remove}</Button> : null}
              </li>
            ))}
          </ul>
        )}
        {canWrite ? (
          <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
            <div className="space-y-1">
              <label htmlFor={`${id}-days`} className="text-sm font-medium">{copy.days}</label>
              <select id={`${id}-days`} value={days} onChange={(event) => setDays(event.target.value)} className="block h-9 rounded-md border border-input bg-background px-2 text-sm">
                {copy.dayChoices.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
              </select>
            </div>
            <div className="space-y-1">
              <label htmlFor={`${id}-time`} className="text-sm font-medium">{copy.time}</label>
              <Input id={`${id}-time`} type="time" value={time} onChange={(event) => setTime(event.target.value)} className="w-auto" aria-invalid={problem ? true : undefined} />
            </div>
            <Button type="submit" disabled={add.isPending}>{copy.add}</Button>
            {problem ? <p role="alert" className="w-full text-sm text-destructive">{problem}</p> : null}
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
