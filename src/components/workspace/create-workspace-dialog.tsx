import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { workspaceCopy } from '@/config/team-copy';
import { useCreateWorkspace } from '@/lib/create-workspace';
import { checkWorkspaceName } from '@/lib/workspace-name';

/** Names and creates a workspace; the dialog stays open (name kept) when the server refuses. */
export function CreateWorkspaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateWorkspace();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const checked = checkWorkspaceName(name);
    setError(checked.error);
    if (checked.name === undefined) return;
    create.mutate(checked.name, {
      onSuccess: () => {
        setName('');
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (create.isPending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{workspaceCopy.createTitle}</DialogTitle>
          <DialogDescription>{workspaceCopy.createDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label={workspaceCopy.createTitle}>
          <FormField label={workspaceCopy.nameLabel} hint={workspaceCopy.nameHint} error={error}>
            <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={200} autoComplete="organization" />
          </FormField>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              {workspaceCopy.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
              {create.isPending ? workspaceCopy.creating : workspaceCopy.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
