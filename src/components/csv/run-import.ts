/**
 * Sends the valid rows to the caller's `importBatch` in batches, one after the other, reporting progress.
 *
 * Atomicity is the caller's choice: a batch is all-or-nothing when `importBatch` is (one RPC in one transaction);
 * with `batchSize` ≥ the number of rows the whole import is one batch. When a batch fails, the import stops there and
 * the summary says how many rows the batches before it stored, so nothing is silently half-done.
 */

export interface ImportBatchResult {
  /** Rows stored as new records. */
  added: number;
  /** Rows that changed a record already there (same natural key, other figures). */
  updated: number;
  /** Rows identical to a record already there: a re-import changes nothing. */
  unchanged: number;
  /** Rows the store did not take, by file line, with why ('A contact with this e-mail already exists.'). */
  skipped?: { line: number; reason: string }[];
}

/** Stores one batch; `lines[i]` is the file line of `rows[i]` (for messages that name lines). */
export type ImportBatch<Row> = (rows: Row[], lines: number[]) => Promise<ImportBatchResult>;

export interface ImportSummary extends Omit<ImportBatchResult, 'skipped'> {
  /** Lines of the file that were not sent (they failed the checks), in order. */
  skippedLines: number[];
  /** Rows sent but not taken by the store, with the store's reason, over all batches. */
  skipped: { line: number; reason: string }[];
  /** When a batch failed: its error, and the rows from it on are not stored. */
  failure: { error: unknown; rowsNotSent: number } | null;
}

export async function runImport<Row>(
  rows: readonly Row[],
  importBatch: ImportBatch<Row>,
  options: { batchSize: number; lines?: readonly number[]; skippedLines?: number[]; onProgress?(done: number, total: number): void },
): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0, skippedLines: options.skippedLines ?? [], skipped: [], failure: null };
  const size = Math.max(1, options.batchSize);
  options.onProgress?.(0, rows.length);
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    // Without lines, the position in `rows` counts from 1.
    const lines = options.lines?.slice(start, start + size) ?? batch.map((_, index) => start + index + 1);
    try {
      const result = await importBatch(batch, lines);
      summary.added += result.added;
      summary.updated += result.updated;
      summary.unchanged += result.unchanged;
      summary.skipped.push(...(result.skipped ?? []));
    } catch (error) {
      summary.failure = { error, rowsNotSent: rows.length - start };
      return summary;
    }
    options.onProgress?.(Math.min(rows.length, start + size), rows.length);
  }
  return summary;
}
