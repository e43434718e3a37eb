import { planBatches } from '@/components/csv/plan-batches';

/**
 * Sends the valid rows to the caller's `importBatch` in batches, one after the other, reporting progress.
 *
 * Atomicity is the caller's choice: a batch is all-or-nothing when `importBatch` is (one RPC in one transaction);
 * with `batchSize` ≥ the number of rows the whole import is one batch. When a batch fails, the import stops there and
 * the summary says how many rows the batches before it stored, so nothing is silently half-done.
 *
 * `groupKey` keeps rows that concern one record in one batch (planBatches), so each batch can be judged on its own.
 *
 * "Import nothing if any line is bad" across batches: with `checkBatch` (the store's dry run: it checks a batch and
 * keeps nothing), every batch is checked first; when the store refuses any line, nothing is imported and the summary
 * names the refused lines. What the check cannot promise: a batch that fails to arrive (the connection drops) or a
 * store changed by someone else between the check and the import stops the import after the batches already stored.
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
  /** The same lines with what the checks found (`invalidLines`; without it, no reason is known). */
  invalid: { line: number; reason: string }[];
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
    /** The lines the checks left out with their reasons, for the summary (their numbers: `skippedLines`). */
    invalidLines?: { line: number; reason: string }[];
    /** Rows with the same key go in the same batch (see planBatches); null: no group. */
    groupKey?(row: Row): string | null;
    /** All or nothing: checks every batch first (a dry run), imports only when no line is refused. */
    checkBatch?: ImportBatch<Row>;
    onProgress?(done: number, total: number, phase: ImportPhase): void;
  },
): Promise<ImportSummary> {
  const invalid = options.invalidLines ?? [];
  const skippedLines = options.skippedLines ?? invalid.map((entry) => entry.line);
  const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0, skippedLines, invalid, skipped: [], refused: [], rejected: false, failure: null };
  const batches = planBatches(rows, options.batchSize, options.groupKey).map((indexes) => ({
    rows: indexes.map((index) => rows[index]!),
    // Without lines, the position in `rows` counts from 1.
    lines: indexes.map((index) => options.lines?.[index] ?? index + 1),
  }));
  if (options.checkBatch) {
    const checked = await eachBatch(batches, rows.length, options.checkBatch, (done) => options.onProgress?.(done, rows.length, 'checking'));
    if ('error' in checked) return { ...summary, failure: { error: checked.error, rowsNotSent: rows.length } };
    const refused = checked.results.flatMap((result) => result.refused ?? []).sort((a, b) => a.line - b.line);
    if (refused.length > 0) return { ...summary, refused, rejected: true };
  }
  const imported = await eachBatch(batches, rows.length, importBatch, (done) => options.onProgress?.(done, rows.length, 'importing'));
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
  batches: readonly { rows: Row[]; lines: number[] }[],
  total: number,
  send: ImportBatch<Row>,
  onDone: (done: number) => void,
): Promise<{ results: ImportBatchResult[] } | { results: ImportBatchResult[]; error: unknown; rowsNotSent: number }> {
  const results: ImportBatchResult[] = [];
  let done = 0;
  onDone(0);
  for (const batch of batches) {
    try {
      results.push(await send(batch.rows, batch.lines));
    } catch (error) {
      return { results, error, rowsNotSent: total - done };
    }
    done += batch.rows.length;
    onDone(done);
  }
  return { results };
}
