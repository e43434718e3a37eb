import type { ImportSummary } from '@/components/csv/run-import';
import { csvCopy } from '@/config/csv-copy';

interface CsvImportProgressProps {
  done: number;
  total: number;
  /** Present once the import has finished (or stopped). */
  summary: ImportSummary | null;
  describeError(error: unknown): string;
}

/** Step 4: a progress bar while the batches go out, then what happened, line by line where lines were skipped. */
export function CsvImportProgress({ done, total, summary, describeError }: CsvImportProgressProps) {
  if (!summary) {
    const percent = total === 0 ? 100 : Math.round((done / total) * 100);
    return (
      <div className="space-y-3">
        <p role="status" className="text-sm">
          {csvCopy.importing(done, total)}
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
  return (
    <div className="space-y-2" role="status">
      <h3 className="font-semibold">{csvCopy.summaryTitle}</h3>
      <ul className="list-inside list-disc text-sm">
        <li>{csvCopy.summaryAdded(summary.added)}</li>
        <li>{csvCopy.summaryUpdated(summary.updated)}</li>
        <li>{csvCopy.summaryUnchanged(summary.unchanged)}</li>
      </ul>
      {summary.skippedLines.length > 0 ? <p className="break-words text-sm">{csvCopy.summarySkipped(summary.skippedLines.join(', '))}</p> : null}
      {summary.skipped.length > 0 ? (
        <div className="space-y-1 text-sm">
          <p>{csvCopy.summaryNotTaken(summary.skipped.length)}</p>
          <ul className="max-h-40 list-inside list-disc overflow-y-auto break-words" tabIndex={0} aria-label={csvCopy.summaryNotTaken(summary.skipped.length)}>
            {summary.skipped.map((row) => (
              <li key={row.line}>
                {csvCopy.errorLine(row.line)}: {row.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.failure ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {csvCopy.summaryFailed(summary.failure.rowsNotSent)} {describeError(summary.failure.error)}
        </p>
      ) : null}
    </div>
  );
}
