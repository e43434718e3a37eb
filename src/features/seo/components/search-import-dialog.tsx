import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { CsvImportDialog } from '@/components/csv/csv-import-dialog';
import type { CsvMappingStore } from '@/components/csv/csv-schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { seoCopy } from '@/config/seo-copy';
import { SEARCH_IMPORT_BATCH, useSearchImportBatch } from '@/features/seo/api/import-search-rows';
import { seoKeys } from '@/features/seo/api/keys';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { readSearchConsoleFile } from '@/features/seo/utils/read-search-console-file';
import { checkPeriod, defaultPeriod, searchImportSchema, type ExportPeriod, type SearchField, type SearchRow } from '@/features/seo/utils/search-import';
import { useAuth } from '@/lib/auth';
import { workspaceMappingStore } from '@/lib/csv-mapping-store';
import { toError } from '@/lib/errors';
import { localDay } from '@/lib/periods';

interface SearchImportDialogProps {
  seo: SeoClient;
  siteId: string;
  /** Where the column mapping is remembered; null (the agency's site): not remembered. */
  workspaceId: string | null;
  onClose(): void;
}

const copy = seoCopy.import;
const NOT_REMEMBERED: CsvMappingStore<SearchField> = { load: async () => null, save: async () => undefined };

/**
 * Import Search Console's Performance export: first the period the export covers (for files without dates), then the
 * shared CSV import wizard, which also takes the export's zip (turned into one table). Rows go in batches to
 * import_seo_search_rows, an upsert on (period, query, page): importing the same file again changes nothing.
 */
export function SearchImportDialog({ seo, siteId, workspaceId, onClose }: SearchImportDialogProps) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => defaultPeriod(localDay()));
  const [period, setPeriod] = useState<ExportPeriod | null>(null);
  const [periodError, setPeriodError] = useState<string | undefined>();
  const importBatch = useSearchImportBatch(seo, siteId);
  const schema = useMemo(() => (period ? searchImportSchema(period) : null), [period]);
  const mappingStore = useMemo(
    () => (workspaceId && userId ? workspaceMappingStore<SearchField>(seo.client, workspaceId, userId, 'seo_search_console') : NOT_REMEMBERED),
    [seo.client, workspaceId, userId],
  );

  function handlePeriod(event: FormEvent) {
    event.preventDefault();
    const checked = checkPeriod(draft.from, draft.to);
    if (!checked) return setPeriodError(copy.periodInvalid);
    setPeriod(checked);
  }

  if (!period || !schema) {
    return (
      <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogContent className="max-w-lg">
          <form onSubmit={handlePeriod} className="space-y-4">
            <DialogHeader>
              <DialogTitle>{copy.title}</DialogTitle>
              <DialogDescription>{copy.description}</DialogDescription>
            </DialogHeader>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">{copy.periodTitle}</legend>
              <p className="text-sm text-muted-foreground">{copy.periodDescription}</p>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label={copy.from} error={periodError}>
                  <Input type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
                </FormField>
                <FormField label={copy.to}>
                  <Input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
                </FormField>
              </div>
            </fieldset>
            <DialogFooter className="gap-2">
              <Button type="button" variant="ghost" onClick={onClose}>
                {seoCopy.sites.cancel}
              </Button>
              <Button type="submit">{copy.continue}</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <CsvImportDialog<SearchField, SearchRow>
      title={copy.title}
      description={copy.description}
      schema={schema}
      mappingStore={mappingStore}
      importBatch={importBatch}
      batchSize={SEARCH_IMPORT_BATCH}
      accept=".zip,application/zip"
      prepareFile={readSearchConsoleFile}
      describeError={(error) => toError(error).message}
      onClose={(summary) => {
        if (summary) {
          void queryClient.invalidateQueries({ queryKey: seoKeys.site(seo.scope, siteId) });
          if (summary.failure) toast.error(copy.failed, { description: toError(summary.failure.error).message });
          else toast.success(copy.imported(summary.added, summary.updated, summary.unchanged));
        }
        onClose();
      }}
    />
  );
}
