import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ImportBatchResult } from '@/components/csv/run-import';
import { contactKeys } from '@/features/contacts/api/keys';
import type { ContactImportRow } from '@/features/contacts/utils/contact-csv-schema';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

export type DuplicateChoice = 'skip' | 'merge';
/** What a bad line does: left out while the good lines are imported, or stops the whole import. */
export type BadLineChoice = 'import-good' | 'import-nothing';

interface ImportContactsResult {
  created: number;
  updated: number;
  skipped: { line: number | null; reason: string }[];
  errors: { line: number | null; message: string }[];
}

/**
 * import_contacts(): one batch with its file lines. Lines the database did not take come back with their reasons for
 * the summary: skipped (an e-mail that is already a contact, in skip mode) or refused (a value it does not accept).
 * A dry run checks and counts everything and keeps nothing.
 */
export async function importContacts(
  workspaceId: string,
  rows: readonly ContactImportRow[],
  lines: readonly number[],
  onDuplicate: DuplicateChoice,
  dryRun = false,
): Promise<ImportBatchResult> {
  const { data, error } = await supabase.rpc('import_contacts', {
    workspace_id: workspaceId,
    rows: rows.map((row, index) => ({ ...row, line: lines[index] ?? null })) as never,
    on_duplicate: onDuplicate,
    dry_run: dryRun,
  });
  if (error) throw toError(error);
  const result = data as unknown as ImportContactsResult;
  return {
    added: result.created,
    updated: result.updated,
    unchanged: 0,
    skipped: result.skipped.map((row) => ({ line: row.line ?? 0, reason: row.reason })),
    refused: result.errors.map((row) => ({ line: row.line ?? 0, reason: row.message })),
  };
}

/**
 * The import's `importBatch` for the current workspace (the list and figures reload after every batch), and its
 * `checkBatch` (a dry run) for "import nothing if any line is bad".
 */
export function useImportContactsBatch(workspaceId: string, onDuplicate: DuplicateChoice) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  const importBatch = useCallback(
    async (rows: ContactImportRow[], lines: number[]) => {
      try {
        return await checked(() => importContacts(workspaceId, rows, lines, onDuplicate));
      } finally {
        void queryClient.invalidateQueries({ queryKey: contactKeys.workspace(workspaceId) });
      }
    },
    [workspaceId, onDuplicate, queryClient, checked],
  );
  const checkBatch = useCallback(
    (rows: ContactImportRow[], lines: number[]) => checked(() => importContacts(workspaceId, rows, lines, onDuplicate, true)),
    [workspaceId, onDuplicate, checked],
  );
  return { importBatch, checkBatch };
}
