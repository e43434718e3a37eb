import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ImportBatchResult } from '@/components/csv/run-import';
import { contactKeys } from '@/features/contacts/api/keys';
import type { ContactImportRow } from '@/features/contacts/utils/contact-csv-schema';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export type DuplicateChoice = 'skip' | 'merge';

interface ImportContactsResult {
  created: number;
  updated: number;
  skipped: { line: number | null; reason: string }[];
  errors: { line: number | null; message: string }[];
}

/** Lines the database refused although they passed the preview's checks (a rule changed meanwhile). */
export class ImportRefusedError extends Error {
  constructor(readonly errors: ImportContactsResult['errors']) {
    super(errors.map((error) => (error.line ? `Line ${error.line}: ${error.message}` : error.message)).join(' '));
    this.name = 'ImportRefusedError';
  }
}

/** import_contacts(): one batch; a skipped duplicate counts as unchanged (the contact stays as it was). */
export async function importContacts(workspaceId: string, rows: readonly ContactImportRow[], lines: readonly number[] | undefined, onDuplicate: DuplicateChoice): Promise<ImportBatchResult> {
  const { data, error } = await supabase.rpc('import_contacts', {
    workspace_id: workspaceId,
    rows: rows.map((row, index) => ({ ...row, line: lines?.[index] ?? null })) as never,
    on_duplicate: onDuplicate,
    dry_run: false,
  });
  if (error) throw toError(error);
  const result = data as unknown as ImportContactsResult;
  if (result.errors.length > 0) throw new ImportRefusedError(result.errors);
  return { added: result.created, updated: result.updated, unchanged: result.skipped.length };
}

/** The import's `importBatch` for the current workspace; the list and figures reload after every batch. */
export function useImportContactsBatch(workspaceId: string, onDuplicate: DuplicateChoice) {
  const queryClient = useQueryClient();
  return useCallback(
    async (rows: ContactImportRow[], lines?: number[]) => {
      try {
        return await importContacts(workspaceId, rows, lines, onDuplicate);
      } finally {
        void queryClient.invalidateQueries({ queryKey: contactKeys.workspace(workspaceId) });
      }
    },
    [workspaceId, onDuplicate, queryClient],
  );
}
