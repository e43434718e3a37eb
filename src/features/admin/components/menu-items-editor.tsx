import { Loader2, Plus, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { adminCopy } from '@/config/admin-copy';
import { messages } from '@/config/messages';
import { useAddMenuItem } from '@/features/admin/api/add-menu-item';
import { useMenuItems } from '@/features/admin/api/get-menu-items';
import { useResetMenuItems } from '@/features/admin/api/reset-menu-items';
import { useUpdateMenuItems } from '@/features/admin/api/update-menu-items';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { ConfirmResetDialog } from './confirm-reset-dialog';
import { EditorCard } from './editor-card';
import { LoadingLine, QueryError } from './query-state';
import { blankDraftKeys, changedNames, checkNewMenuItem, nextSortOrder, type Drafts } from './site-editor.utils';

const copy = adminCopy.menuEditor;

const newMenuItemProblem = {
  incomplete: messages.admin.menuItemIncomplete,
  'invalid-href': copy.hrefInvalid,
  'duplicate-href': copy.hrefTaken,
} as const;

/** Rename (only changed, trimmed names are sent), add (name and URL required, sort order max + 1) and reset the menu. */
export function MenuItemsEditor() {
  const items = useMenuItems();
  const update = useUpdateMenuItems();
  const add = useAddMenuItem();
  const reset = useResetMenuItems();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [newItem, setNewItem] = useState({ name: '', href: '' });
  const isBusy = update.isPending || add.isPending || reset.isPending;
  // One change at a time, from the first click on (the disabled buttons follow a render later).
  const runOne = useOneAtATime();

  const rows = items.data ?? [];
  const changes = changedNames(rows, drafts);
  const blank = new Set(blankDraftKeys(drafts).filter((id) => rows.some((item) => item.id === id)));

  const handleSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank.size > 0 || changes.length === 0 || isBusy) return;
    // The drafts stay until the save succeeded: nothing typed is lost on a failure.
    runOne(() => update.mutateAsync(changes).then(() => setDrafts({})));
  };

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const check = checkNewMenuItem(newItem.name, newItem.href, rows.map((item) => item.href));
    if (!check.ok) {
      toast.error(newMenuItemProblem[check.problem]);
      return;
    }
    const item = { ...check.item, sort_order: nextSortOrder(rows) };
    runOne(() => add.mutateAsync(item).then(() => setNewItem({ name: '', href: '' })));
  };

  const handleReset = () => runOne(() => reset.mutateAsync().then(() => setDrafts({})));

  return (
    <EditorCard
      id="menu-editor"
      title={copy.title}
      description={copy.description}
      aside={<ConfirmResetDialog label={copy.reset} title={copy.resetTitle} description={copy.resetDescription} disabled={isBusy || !items.isSuccess} onConfirm={handleReset} />}
    >
      {items.isPending ? (
        <LoadingLine>{copy.loading}</LoadingLine>
      ) : items.isError ? (
        <QueryError message={copy.loadFailed} error={items.error} onRetry={() => void items.refetch()} />
      ) : (
        <form onSubmit={handleSave} aria-label={copy.title} noValidate className="space-y-4">
          {rows.length === 0 ? <p className="text-sm text-muted-foreground">{copy.empty}</p> : null}
          <ul className="space-y-3">
            {rows.map((item) => {
              const isBlank = blank.has(item.id);
              return (
                <li key={item.id} className="grid grid-cols-[minmax(0,1fr)_7rem] items-center gap-3">
                  <Input
                    aria-label={copy.nameLabel(item.href)}
                    aria-invalid={isBlank || undefined}
                    aria-describedby={isBlank ? `menu-item-${item.id}-error` : undefined}
                    maxLength={60}
                    value={drafts[item.id] ?? item.name}
                    onChange={(event) => setDrafts((current) => ({ ...current, [item.id]: event.target.value }))}
                    disabled={isBusy}
                  />
                  <code className="truncate text-xs text-muted-foreground" title={item.href}>
                    {item.href}
                  </code>
                  {isBlank ? (
                    <p id={`menu-item-${item.id}-error`} role="alert" className="col-span-2 text-sm font-medium text-destructive">
                      {copy.nameRequired}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Button type="submit" disabled={isBusy || changes.length === 0 || blank.size > 0}>
            {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {update.isPending ? copy.saving : copy.save}
          </Button>
        </form>
      )}
      <form onSubmit={handleAdd} aria-label={copy.add} noValidate className="mt-6 space-y-3 border-t pt-6">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={copy.newName}>
            <Input name="name" maxLength={60} value={newItem.name} onChange={(event) => setNewItem({ ...newItem, name: event.target.value })} disabled={isBusy} />
          </FormField>
          <FormField label={copy.newHref} hint={copy.newHrefHint}>
            <Input name="href" maxLength={500} placeholder="/contact" value={newItem.href} onChange={(event) => setNewItem({ ...newItem, href: event.target.value })} disabled={isBusy} />
          </FormField>
        </div>
        <Button type="submit" variant="secondary" disabled={isBusy || !items.isSuccess}>
          {add.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {add.isPending ? copy.adding : copy.add}
        </Button>
      </form>
    </EditorCard>
  );
}
