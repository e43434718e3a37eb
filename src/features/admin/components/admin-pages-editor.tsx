import { ExternalLink, Loader2, Plus, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { adminCopy } from '@/config/admin-copy';
import { paths } from '@/config/paths';
import { useAddAdminPage } from '@/features/admin/api/add-admin-page';
import { useAdminPages } from '@/features/admin/api/get-admin-pages';
import { useResetAdminPages } from '@/features/admin/api/reset-admin-pages';
import { useUpdateAdminPages } from '@/features/admin/api/update-admin-pages';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { ConfirmResetDialog } from './confirm-reset-dialog';
import { EditorCard } from './editor-card';
import { LoadingLine, QueryError } from './query-state';
import { blankDraftKeys, changedTitles, newAdminPage, type Drafts } from './site-editor.utils';

const copy = adminCopy.pagesEditor;

/** Rename page titles (only changed, trimmed ones are sent), add Page {max + 1}, and reset to the 20 defaults. */
export function AdminPagesEditor() {
  const pages = useAdminPages();
  const update = useUpdateAdminPages();
  const add = useAddAdminPage();
  const reset = useResetAdminPages();
  const [drafts, setDrafts] = useState<Drafts>({});
  const isBusy = update.isPending || add.isPending || reset.isPending;
  // One change at a time, from the first click on (the disabled buttons follow a render later).
  const runOne = useOneAtATime();

  const rows = pages.data ?? [];
  const changes = changedTitles(rows, drafts);
  const blank = new Set(blankDraftKeys(drafts).filter((key) => rows.some((page) => String(page.number) === key)));
  const next = newAdminPage(rows);

  const handleSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank.size > 0 || changes.length === 0 || isBusy) return;
    runOne(() => update.mutateAsync(changes).then(() => setDrafts({})));
  };

  const handleAdd = () => {
    if (!isBusy) runOne(() => add.mutateAsync(next));
  };

  const handleReset = () => runOne(() => reset.mutateAsync().then(() => setDrafts({})));

  return (
    <EditorCard
      id="pages-editor"
      title={copy.title}
      description={copy.description}
      aside={<ConfirmResetDialog label={copy.reset} title={copy.resetTitle} description={copy.resetDescription} disabled={isBusy || !pages.isSuccess} onConfirm={handleReset} />}
    >
      {pages.isPending ? (
        <LoadingLine>{copy.loading}</LoadingLine>
      ) : pages.isError ? (
        <QueryError message={copy.loadFailed} error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <form onSubmit={handleSave} aria-label={copy.title} noValidate className="space-y-4">
          {rows.length === 0 ? <p className="text-sm text-muted-foreground">{copy.empty}</p> : null}
          <ul className="max-h-96 space-y-3 overflow-y-auto pr-1" data-testid="admin-pages-editor-list">
            {rows.map((page) => {
              const key = String(page.number);
              const isBlank = blank.has(key);
              return (
                <li key={page.id} className="grid grid-cols-[2.5rem_1fr_auto] items-center gap-3 pl-1 pt-1">
                  <span className="text-right text-sm font-medium tabular-nums text-muted-foreground" aria-hidden="true">
                    {page.number}
                  </span>
                  <Input
                    aria-label={copy.titleLabel(page.number)}
                    aria-invalid={isBlank || undefined}
                    aria-describedby={isBlank ? `admin-page-${key}-error` : undefined}
                    maxLength={120}
                    value={drafts[key] ?? page.title}
                    onChange={(event) => setDrafts((current) => ({ ...current, [key]: event.target.value }))}
                    disabled={isBusy}
                  />
                  <Link
                    to={paths.adminPage(page.number)}
                    className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={`Open page ${page.number}`}
                  >
                    <ExternalLink className="size-4" aria-hidden="true" />
                  </Link>
                  {isBlank ? (
                    <p id={`admin-page-${key}-error`} role="alert" className="col-start-2 col-end-4 text-sm font-medium text-destructive">
                      {copy.titleRequired}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={isBusy || changes.length === 0 || blank.size > 0}>
              {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              {update.isPending ? copy.saving : copy.save}
            </Button>
            <Button type="button" variant="secondary" onClick={handleAdd} disabled={isBusy} aria-describedby="next-admin-page">
              {add.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
              {add.isPending ? copy.adding : copy.add}
            </Button>
            <p id="next-admin-page" className="text-sm text-muted-foreground">
              {copy.nextPage(next.number)}
            </p>
          </div>
        </form>
      )}
    </EditorCard>
  );
}
