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

/**
 * import_contacts(): one batch with its file lines. A line the database did not take (an e-mail that is already a
 * contact in skip mode, or a value it refused) comes back with its reason for the summary.
 */
export async function importContacts(workspaceId: string, rows: readonly ContactImportRow[], lines: readonly number[], onDuplicate: DuplicateChoice): Promise<ImportBatchResult> {
  const { data, error } = await supabase.rpc('import_contacts', {
    workspace_id: workspaceId,
    rows: rows.map((row, index) => ({ ...row, line: lines[index] ?? null })) as never,
    on_duplicate: onDuplicate,
    dry_run: false,
  });
  if (error) throw toError(error);
  const result = data as unknown as ImportContactsResult;
  const notTaken = [
    ...result.skipped.map((row) => ({ line: row.line ?? 0, reason: row.reason })),
    ...result.errors.map((row) => ({ line: row.line ?? 0, reason: row.message })),
  ].sort((a, b) => a.line - b.line);
  return { added: result.created, updated: result.updated, unchanged: 0, skipped: notTaken };
}

/** The import's `importBatch` for the current workspace; the list and figures reload after every batch. */
export function useImportContactsBatch(workspaceId: string, onDuplicate: DuplicateChoice) {
  const queryClient = useQueryClient();
  return useCallback(
    async (rows: ContactImportRow[], lines: number[]) => {
      try {
        return await importContacts(workspaceId, rows, lines, onDuplicate);
      } finally {
        void queryClient.invalidateQueries({ queryKey: contactKeys.workspace(workspaceId) });
      }
    },
    [workspaceId, onDuplicate, queryClient],
  );
}
