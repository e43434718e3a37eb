import type { ImportBatchResult } from '@/components/csv/run-import';
import type { ListImportRow } from '@/features/email/utils/list-csv-schema';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

interface ImportOutcome {
  created: number;
  updated: number;
  skipped: { line: number | null; reason: string }[];
  errors: { line: number | null; message: string }[];
}

/**
 * One batch of the shared CSV wizard into a list (import_email_list_members): contacts created or merged as the
 * contacts' own import does, then every line's contact added to the list, recorded as an import of `fileName`.
 */
export async function importListMembers(listId: string, fileName: string, rows: readonly ListImportRow[], lines: readonly number[]): Promise<ImportBatchResult> {
  const { data, error } = await supabase.rpc('import_email_list_members', {
    list_id: listId,
    rows: rows.map((row, index) => ({ ...row, line: lines[index] ?? null })) as never,
    on_duplicate: 'merge',
    file_name: fileName,
  });
  if (error) throw toError(error);
  const result = data as unknown as ImportOutcome;
  return {
    added: result.created,
    updated: result.updated,
    unchanged: 0,
    skipped: result.skipped.map((row) => ({ line: row.line ?? 0, reason: row.reason })),
    refused: result.errors.map((row) => ({ line: row.line ?? 0, reason: row.message })),
  };
}
