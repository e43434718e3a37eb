import type { CsvField } from '@/components/csv/csv-schema';
import { RecordCard, RecordCardList } from '@/components/records/record-card';
import { TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { csvCopy } from '@/config/csv-copy';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@/lib/use-media-query';

interface CsvPreviewRowsProps<Key extends string> {
  /** The first rows to import: their file line and the mapped cells. */
  rows: readonly { line: number; cells: Partial<Record<Key, string>> }[];
  fields: readonly CsvField<Key>[];
  total: number;
}

/**
 * The first rows as they were read: a table on a wide screen (scrolling sideways in its own box, reachable by
 * keyboard, when the file maps many columns), one card per line on a phone, where a table of long cells would be
 * wider than the screen.
 */
export function CsvPreviewRows<Key extends string>({ rows, fields, total }: CsvPreviewRowsProps<Key>) {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const caption = csvCopy.previewCaption(rows.length, total);
  if (!isWide) {
    return (
      <section aria-label={caption}>
        <RecordCardList>
          {rows.map(({ line, cells }) => (
            <RecordCard key={line} title={csvCopy.errorLine(line)} fields={fields.map((field) => ({ label: field.label, value: cells[field.key] || '—' }))} />
          ))}
        </RecordCardList>
      </section>
    );
  }
  return (
    <div className="overflow-x-auto rounded-md border" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full caption-bottom text-sm">
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">#</TableHead>
            {fields.map((field) => (
              <TableHead key={field.key} scope="col">
                {field.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map(({ line, cells }) => (
            <TableRow key={line}>
              <TableCell>{line}</TableCell>
              {fields.map((field) => (
                <TableCell key={field.key} className="break-words">
                  {cells[field.key]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </table>
    </div>
  );
}
