import { CsvPreviewRows } from '@/components/csv/csv-preview-rows';
import type { CsvField, CsvFixedValues, CsvMapping } from '@/components/csv/csv-schema';
import type { ParsedCsv } from '@/components/csv/parse-csv';
import { mapRow, type CsvValidation } from '@/components/csv/validate-rows';
import { csvCopy } from '@/config/csv-copy';

interface CsvPreviewStepProps<Key extends string, Row> {
  csv: ParsedCsv;
  fields: readonly CsvField<Key>[];
  mapping: CsvMapping<Key>;
  fixed: CsvFixedValues<Key>;
  validation: CsvValidation<Row>;
}

const PREVIEW_ROWS = 5;
const ERRORS_SHOWN = 50;

/** Step 3: how many rows will be imported, the first of them as they were read, and every line with errors. */
export function CsvPreviewStep<Key extends string, Row>({ csv, fields, mapping, fixed, validation }: CsvPreviewStepProps<Key, Row>) {
  const mappedFields = fields.filter((field) => mapping[field.key] || fixed[field.key]);
  const cellsByLine = new Map(csv.rows.map((row) => [row.line, row.cells]));
  const preview = validation.valid.slice(0, PREVIEW_ROWS);
  const { errors } = validation;

  return (
    // min-w-0: a grid item (the dialog is a grid) would otherwise grow to the preview table's width, and the dialog
    // with it, past a phone's screen; so the table scrolls inside its own box.
    <div className="min-w-0 space-y-4">
      <p role="status" className="text-sm font-medium">
        {csvCopy.previewSummary(validation.valid.length, errors.length)}
      </p>
      {preview.length > 0 ? (
        <CsvPreviewRows
          rows={preview.map(({ line }) => ({ line, cells: mapRow(csv.headers, cellsByLine.get(line) ?? [], mapping, fixed) }))}
          fields={mappedFields}
          total={validation.valid.length}
        />
      ) : null}
      {errors.length > 0 ? (
        <section aria-labelledby="csv-errors-title" className="space-y-2">
          <h3 id="csv-errors-title" className="text-sm font-semibold text-destructive">
            {csvCopy.errorsTitle}
          </h3>
          <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-3 text-sm" tabIndex={0} aria-labelledby="csv-errors-title">
            {errors.slice(0, ERRORS_SHOWN).map((error) => (
              <li key={error.line}>
                <span className="font-medium">{csvCopy.errorLine(error.line)}:</span> {error.messages.join('; ')}
              </li>
            ))}
            {errors.length > ERRORS_SHOWN ? <li className="text-muted-foreground">{csvCopy.moreErrors(errors.length - ERRORS_SHOWN)}</li> : null}
          </ul>
          {validation.valid.length === 0 ? <p className="text-sm">{csvCopy.nothingValid}</p> : null}
        </section>
      ) : null}
    </div>
  );
}
