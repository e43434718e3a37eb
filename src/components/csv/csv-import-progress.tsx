import type { LeftOutReason } from '@/components/csv/csv-left-out-lines';
import type { ImportPhase, ImportSummary } from '@/components/csv/run-import';
import { csvCopy } from '@/config/csv-copy';

interface CsvImportProgressProps {
  done: number;
  total: number;
  /** Checking every batch first (all or nothing), or importing. */
  phase: ImportPhase;
  /** Present once the import has finished (or stopped). */
  summary: ImportSummary | null;
  /** The file's lines that are not data (title lines, totals, summary rows): listed with the lines not imported. */
  leftOut?: readonly LeftOutReason[];
  describeError(error: unknown): string;
}

/**
 * Step 4: a progress bar while the batches go out, then what happened: counts, and every line not imported with its
 * reason (the preview's checks, the store's skips and refusals), in file order.
 */
export function CsvImportProgress({ done, total, phase, summary, leftOut = [], describeError }: CsvImportProgressProps) {
  if (!summary) {
    const percent = total === 0 ? 100 : Math.round((done / total) * 100);
    return (
      <div className="space-y-3">
        <p role="status" className="text-sm">
          {phase === 'checking' ? csvCopy.checkingBatches(done, total) : csvCopy.importing(done, total)}
        </p>
        <div
          role="progressbar"
          aria-label={csvCopy.progressLabel}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          className="h-3 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  if (summary.rejected) return <RejectedSummary refused={summary.refused} />;
  // Every line of the file that is not in the workspace now, with why: not data, the browser's checks, the store's.
  const notTaken = [...leftOut, ...summary.invalid, ...summary.skipped, ...summary.refused].sort((a, b) => a.line - b.line);
  return (
    <div className="space-y-2" role="status">
      <h3 className="font-semibold">{csvCopy.summaryTitle}</h3>
      <ul className="list-inside list-disc text-sm">
        <li>{csvCopy.summaryAdded(summary.added)}</li>
        <li>{csvCopy.summaryUpdated(summary.updated)}</li>
        <li>{csvCopy.summaryUnchanged(summary.unchanged)}</li>
      </ul>
      {notTaken.length > 0 ? <LineReasons title={csvCopy.summaryNotTaken(notTaken.length)} rows={notTaken} /> : null}
      {summary.failure ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {csvCopy.summaryFailed(summary.failure.rowsNotSent)} {describeError(summary.failure.error)}
        </p>
      ) : null}
    </div>
  );
}

/** All or nothing, and the store refused lines: nothing was imported; which lines, and why. */
function RejectedSummary({ refused }: { refused: ImportSummary['refused'] }) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{csvCopy.rejectedTitle}</h3>
      <p role="alert" className="text-sm font-medium text-destructive">
        {csvCopy.rejected(refused.length)}
      </p>
      <LineReasons title={csvCopy.rejectedLines} rows={refused} />
    </div>
  );
}

function LineReasons({ title, rows }: { title: string; rows: { line: number; reason: string }[] }) {
  return (
    <div className="space-y-1 text-sm">
      <p>{title}</p>
      <ul className="max-h-40 list-inside list-disc overflow-y-auto break-words" tabIndex={0} aria-label={title}>
        {rows.map((row, index) => (
          <li key={`${row.line}:${index}`}>
            {csvCopy.errorLine(row.line)}: {row.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
