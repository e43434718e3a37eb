import { ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListStatus } from '@/components/module/list-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { emailCopy } from '@/config/email-copy';
import { useEmailLists, type EmailList } from '@/features/email/api/get-email-lists';
import { useChangeEmailList } from '@/features/email/api/save-email-list';
import { useWorkspace } from '@/lib/workspace';
import { ListDialog } from './list-dialog';
import { ListFilterDialog } from './list-filter-dialog';
import { ListImport } from './list-import';
import { SubscribeFormDialog } from './subscribe-form-dialog';

const copy = emailCopy.lists;
type Open = { kind: 'edit'; list: EmailList | null } | { kind: 'filter' | 'form' | 'delete'; list: EmailList } | null;

/** The workspace's lists with their confirmed and pending members, and the ways members join them. */
export function ListsPanel() {
  const { canWrite } = useWorkspace();
  const lists = useEmailLists();
  const change = useChangeEmailList();
  const [open, setOpen] = useState<Open>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <h2 className="text-lg font-semibold">{copy.heading}</h2>
        {canWrite ? (
          <Button onClick={() => setOpen({ kind: 'edit', list: null })}>
            <Plus aria-hidden="true" />
            {copy.create}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {lists.isPending ? (
          <ListStatus kind="loading" title={copy.loading} />
        ) : lists.isError ? (
          <ListStatus kind="error" title={emailCopy.loadFailed} />
        ) : lists.data.length === 0 ? (
          <ListStatus kind="empty" icon={ListChecks} title={copy.empty} />
        ) : (
          <ul className="divide-y">
            {lists.data.map((list) => (
              <li key={list.id} className="flex flex-col gap-3 py-3 lg:flex-row lg:items-center lg:justify-between">
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="truncate font-medium">{list.name}</h3>
                    <Badge variant="grey">{copy.optIn[list.opt_in]}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{copy.counts(list.confirmed, list.pending)}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'form', list })} aria-label={`${copy.form}: ${list.name}`}>
                    {copy.form}
                  </Button>
                  {canWrite ? (
                    <>
                      <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'filter', list })} aria-label={`${copy.addFromFilter}: ${list.name}`}>
                        {copy.addFromFilter}
                      </Button>
                      <ListImport list={list} />
                      <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'edit', list })} aria-label={`${copy.edit}: ${list.name}`}>
                        {copy.edit}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'delete', list })} aria-label={`${copy.delete}: ${list.name}`}>
                        {copy.delete}
                      </Button>
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {open?.kind === 'edit' ? <ListDialog list={open.list} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'filter' ? <ListFilterDialog list={open.list} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'form' ? <SubscribeFormDialog list={open.list} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        title={copy.deleteTitle}
        description={copy.deleteDescription}
        confirmLabel={copy.delete}
        pendingLabel="..."
        cancelLabel={emailCopy.editor.cancel}
        isPending={change.isPending}
        onConfirm={() => open && change.mutate({ op: 'delete', id: open.list!.id }, { onSettled: () => setOpen(null) })}
      />
    </Card>
  );
}
