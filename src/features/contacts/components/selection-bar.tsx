import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { contactsCopy } from '@/config/contacts-copy';
import { useDeleteContacts } from '@/features/contacts/api/delete-contacts';
import { useTagContacts } from '@/features/contacts/api/tag-contacts';

const copy = contactsCopy.bulk;

interface SelectionBarProps {
  selected: ReadonlySet<string>;
  shownIds: readonly string[];
  onSelectionChange(ids: Set<string>): void;
}

/** Select every contact shown; tag, untag or delete the selection (deleting after a confirmation). */
export function SelectionBar({ selected, shownIds, onSelectionChange }: SelectionBarProps) {
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState<string | undefined>();
  const [isConfirming, setConfirming] = useState(false);
  const tagContacts = useTagContacts();
  const deleteContacts = useDeleteContacts();
  const ids = [...selected];
  const isAllShown = shownIds.length > 0 && shownIds.every((id) => selected.has(id));
  const isBusy = tagContacts.isPending || deleteContacts.isPending;

  function retag(mode: 'add' | 'remove') {
    if (!tag.trim()) return setTagError(copy.tagRequired);
    setTagError(undefined);
    tagContacts.mutate({ ids, add: mode === 'add' ? [tag.trim()] : [], remove: mode === 'remove' ? [tag.trim()] : [] }, { onSuccess: () => setTag('') });
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border bg-background p-3 sm:flex-row sm:flex-wrap sm:items-center">
      <label className="flex items-center gap-2 text-sm font-medium">
        <Checkbox checked={isAllShown} onCheckedChange={(checked) => onSelectionChange(new Set(checked === true ? shownIds : []))} className="size-5" />
        {contactsCopy.selectAll}
      </label>
      {selected.size > 0 ? (
        <>
          <span className="text-sm text-muted-foreground" role="status">
            {copy.selected(selected.size)}
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <Input value={tag} onChange={(event) => setTag(event.target.value)} aria-label={copy.tagLabel} aria-invalid={tagError ? true : undefined} placeholder={copy.tagLabel} className="w-44" maxLength={50} />
            <Button variant="outline" size="sm" onClick={() => retag('add')} disabled={isBusy}>
              {copy.addTag}
            </Button>
            <Button variant="outline" size="sm" onClick={() => retag('remove')} disabled={isBusy}>
              {copy.removeTag}
            </Button>
            <Button variant="destructive" size="sm" onClick={() => setConfirming(true)} disabled={isBusy}>
              {copy.delete}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onSelectionChange(new Set())}>
              {copy.clear}
            </Button>
          </div>
          {tagError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {tagError}
            </p>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={copy.confirmTitle(selected.size)}
        description={copy.confirmDescription}
        confirmLabel={copy.delete}
        pendingLabel={contactsCopy.deleting}
        cancelLabel={contactsCopy.dialog.cancel}
        isPending={deleteContacts.isPending}
        onConfirm={() =>
          deleteContacts.mutate(ids, {
            onSuccess: () => onSelectionChange(new Set()),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </div>
  );
}
