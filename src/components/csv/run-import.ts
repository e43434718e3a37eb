/**
 * Sends the valid rows to the caller's `importBatch` in batches, one after the other, reporting progress.
 *
 * Atomicity is the caller's choice: a batch is all-or-nothing when `importBatch` is (one RPC in one transaction);
 * with `batchSize` ≥ the number of rows the whole import is one batch. When a batch fails, the import stops there and
 * the summary says how many rows the batches before it stored, so nothing is silently half-done.
 *
 * "Import nothing if any line is bad" across batches: with `checkBatch` (the store's dry run: it checks a batch and
 * keeps nothing), every batch is checked first; when the store refuses any line, nothing is imported and the summary
 * names the refused lines.
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
  /** Rows the store refused as bad (a value it does not accept), by file line, with why. */
  refused?: { line: number; reason: string }[];
}

/** Stores one batch; `lines[i]` is the file line of `rows[i]` (for messages that name lines). */
export type ImportBatch<Row> = (rows: Row[], lines: number[]) => Promise<ImportBatchResult>;

export type ImportPhase = 'checking' | 'importing';

export interface ImportSummary extends Omit<ImportBatchResult, 'skipped' | 'refused'> {
  /** Lines of the file that were not sent (they failed the checks), in order. */
  skippedLines: number[];
  /** Rows sent but not taken by the store, with the store's reason, over all batches. */
  skipped: { line: number; reason: string }[];
  /** Rows sent but refused by the store as bad, over all batches. */
  refused: { line: number; reason: string }[];
  /** All or nothing: the check found bad lines (`refused`), so nothing was imported. */
  rejected: boolean;
  /** When a batch failed: its error, and the rows from it on are not stored. */
  failure: { error: unknown; rowsNotSent: number } | null;
}

export async function runImport<Row>(
  rows: readonly Row[],
  importBatch: ImportBatch<Row>,
  options: {
    batchSize: number;
    lines?: readonly number[];
    skippedLines?: number[];
    /** All or nothing: checks every batch first (a dry run), imports only when no line is refused. */
    checkBatch?: ImportBatch<Row>;
    onProgress?(done: number, total: number, phase: ImportPhase): void;
  },
): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0, skippedLines: options.skippedLines ?? [], skipped: [], refused: [], rejected: false, failure: null };
  const size = Math.max(1, options.batchSize);
  if (options.checkBatch) {
    const checked = await eachBatch(rows, size, options.lines, options.checkBatch, (done) => options.onProgress?.(done, rows.length, 'checking'));
    if ('error' in checked) return { ...summary, failure: { error: checked.error, rowsNotSent: rows.length } };
    const refused = checked.results.flatMap((result) => result.refused ?? []);
    if (refused.length > 0) return { ...summary, refused, rejected: true };
  }
  const imported = await eachBatch(rows, size, options.lines, importBatch, (done) => options.onProgress?.(done, rows.length, 'importing'));
  for (const result of imported.results) {
    summary.added += result.added;
    summary.updated += result.updated;
    summary.unchanged += result.unchanged;
    summary.skipped.push(...(result.skipped ?? []));
    summary.refused.push(...(result.refused ?? []));
  }
  if ('error' in imported) summary.failure = { error: imported.error, rowsNotSent: imported.rowsNotSent };
  return summary;
}

/** Calls `send` for each batch in turn, reporting rows done; stops at the first failure. */
async function eachBatch<Row>(
  rows: readonly Row[],
  size: number,
  allLines: readonly number[] | undefined,
  send: ImportBatch<Row>,
  onDone: (done: number) => void,
): Promise<{ results: ImportBatchResult[] } | { results: ImportBatchResult[]; error: unknown; rowsNotSent: number }> {
  const results: ImportBatchResult[] = [];
  onDone(0);
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    // Without lines, the position in `rows` counts from 1.
    const lines = allLines?.slice(start, start + size) ?? batch.map((_, index) => start + index + 1);
    try {
      results.push(await send(batch, lines));
    } catch (error) {
      return { results, error, rowsNotSent: rows.length - start };
    }
    onDone(Math.min(rows.length, start + size));
  }
  return { results };
}
