import type { LeftOutLine } from '@/components/csv/locate-table';
import type { ParsedCsv } from '@/components/csv/parse-csv';
import { csvCopy } from '@/config/csv-copy';

/** A line of the file that is not imported because it is not data, with why, in words. */
export interface LeftOutReason {
  line: number;
  reason: string;
}

const SHOWN = 50;

/** A line above the header or a total row, in words: 'above the column names (“Campaign report”)'. */
export function describeLeftOut(line: LeftOutLine): LeftOutReason {
  return { line: line.line, reason: line.kind === 'total' ? csvCopy.leftOutTotal(line.text) : csvCopy.leftOutAbove(line.text) };
}

/** Every line that is not data, in file order: the file's preamble and totals, then the rows the schema skipped. */
export function leftOutReasons(csv: Pick<ParsedCsv, 'leftOut'>, skipped: readonly LeftOutReason[] = []): LeftOutReason[] {
  return [...csv.leftOut.map(describeLeftOut), ...skipped].sort((a, b) => a.line - b.line);
}

/**
 * Where the column names were found and which lines are left out as not data (an export's title and date range,
 * its total rows, a summary row), so nothing disappears without a word. Nothing for a plain file.
 */
export function CsvLeftOutLines({ headerLine, lines }: { headerLine: number; lines: readonly LeftOutReason[] }) {
  if (lines.length === 0 && headerLine === 1) return null;
  return (
    <section aria-labelledby="csv-left-out-title" className="space-y-1 rounded-md border bg-muted/40 p-3 text-sm">
      <h3 id="csv-left-out-title" className="font-medium">
        {headerLine > 1 ? csvCopy.headerFoundOn(headerLine) : null} {lines.length > 0 ? csvCopy.leftOutTitle(lines.length) : null}
      </h3>
      {lines.length > 0 ? (
        <ul className="max-h-32 list-inside list-disc overflow-y-auto break-words" tabIndex={0} aria-labelledby="csv-left-out-title">
          {lines.slice(0, SHOWN).map((entry) => (
            <li key={entry.line}>
              {csvCopy.errorLine(entry.line)}: {entry.reason}
            </li>
          ))}
          {lines.length > SHOWN ? <li className="text-muted-foreground">{csvCopy.moreLeftOut(lines.length - SHOWN)}</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
