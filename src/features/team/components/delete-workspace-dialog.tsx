import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { teamCopy, workspaceCopy } from '@/config/team-copy';
import { useDeleteWorkspace } from '@/features/team/api/delete-workspace';

interface DeleteWorkspaceDialogProps {
  workspace: { id: string; name: string };
  open: boolean;
  onOpenChange(open: boolean): void;
  onDeleted(): void;
}

/** Deleting a workspace: enabled only once its exact name is typed (the database checks it again). */
export function DeleteWorkspaceDialog({ workspace, open, onOpenChange, onDeleted }: DeleteWorkspaceDialogProps) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteWorkspace();
  const matches = typed === workspace.name;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    remove.mutate({ workspaceId: workspace.id, confirmName: typed }, { onSuccess: onDeleted });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        if (!next) setTyped('');
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{teamCopy.deleteDialogTitle(workspace.name)}</DialogTitle>
          <DialogDescription>{teamCopy.deleteDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label={teamCopy.deleteTitle}>
          <FormField label={teamCopy.deleteConfirmLabel(workspace.name)}>
            <Input value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
          </FormField>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
              {workspaceCopy.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || remove.isPending} aria-busy={remove.isPending || undefined}>
              {remove.isPending ? teamCopy.deleting : teamCopy.deleteConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
