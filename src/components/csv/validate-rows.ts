import type { CsvFixedValues, CsvImportSchema, CsvMapping, CsvRowInput } from '@/components/csv/csv-schema';
import type { ParsedCsv } from '@/components/csv/parse-csv';

export interface CsvValidRow<Row> {
  line: number;
  value: Row;
}

export interface CsvLineError {
  line: number;
  /** One message per problem, each naming its field: 'Clicks: must be a whole number of 0 or more'. */
  messages: string[];
}

export interface CsvValidation<Row> {
  valid: CsvValidRow<Row>[];
  errors: CsvLineError[];
  /** Rows that are not data (the schema's skipRow: a summary row), with why; neither imported nor errors. */
  skipped: { line: number; reason: string }[];
}

/** How many rows are checked between two yields to the page (a 10,000-row file: 10 short tasks). */
const ROWS_PER_SLICE = 1_000;

/**
 * One record's cells → the field-keyed object the schema parses; cells trimmed, a field without a column takes its
 * value for every line (`fixed`), other unmapped fields are absent.
 */
export function mapRow<Key extends string>(
  headers: readonly string[],
  cells: readonly string[],
  mapping: CsvMapping<Key>,
  fixed: CsvFixedValues<Key> = {},
): CsvRowInput<Key> {
  const input: CsvRowInput<Key> = { ...fixed };
  for (const [key, header] of Object.entries(mapping) as [Key, string | undefined][]) {
    if (!header) continue;
    const index = headers.indexOf(header);
    if (index !== -1) input[key] = (cells[index] ?? '').trim();
  }
  return input;
}

/** The errors of one record: a cell count unlike the header's, then the schema's issues, each with its field's label. */
export function checkRow<Key extends string, Row>(
  csv: Pick<ParsedCsv, 'headers'>,
  cells: readonly string[],
  mapping: CsvMapping<Key>,
  schema: Pick<CsvImportSchema<Key, Row>, 'fields' | 'row'>,
  fixed: CsvFixedValues<Key> = {},
): { ok: true; value: Row } | { ok: false; messages: string[] } {
  if (cells.length !== csv.headers.length) {
    return { ok: false, messages: [`${cells.length} cells where the header has ${csv.headers.length}`] };
  }
  const parsed = schema.row.safeParse(mapRow(csv.headers, cells, mapping, fixed));
  if (parsed.success) return { ok: true, value: parsed.data };
  const labels = new Map<string, string>(schema.fields.map((field) => [field.key, field.label]));
  return {
    ok: false,
    messages: parsed.error.issues.map((issue) => {
      const label = labels.get(String(issue.path[0] ?? ''));
      return label ? `${label}: ${issue.message}` : issue.message;
    }),
  };
}

/**
 * Checks every record of a parsed file against the schema (its checks for this file: `forFile`), a slice at a time so
 * the page stays responsive, reporting progress (0–1). A record the schema says is not data (`skipRow`) is left out
 * with its reason. Stops early (with what it has) when `signal` is aborted.
 */
export async function validateRows<Key extends string, Row>(
  csv: ParsedCsv,
  mapping: CsvMapping<Key>,
  schema: CsvImportSchema<Key, Row>,
  options: { fixed?: CsvFixedValues<Key>; onProgress?(done: number): void; signal?: AbortSignal } = {},
): Promise<CsvValidation<Row>> {
  const result: CsvValidation<Row> = { valid: [], errors: [], skipped: [] };
  const inputOf = (cells: readonly string[]) => mapRow(csv.headers, cells, mapping, options.fixed);
  const checks = schema.forFile?.(csv.rows.map(({ cells }) => inputOf(cells))) ?? schema;
  const rowSchema = { fields: schema.fields, row: checks.row };
  for (let start = 0; start < csv.rows.length; start += ROWS_PER_SLICE) {
    if (options.signal?.aborted) break;
    for (const { line, cells } of csv.rows.slice(start, start + ROWS_PER_SLICE)) {
      const skip = cells.length === csv.headers.length ? (checks.skipRow?.(inputOf(cells)) ?? null) : null;
      if (skip !== null) {
        result.skipped.push({ line, reason: skip });
        continue;
      }
      const checked = checkRow(csv, cells, mapping, rowSchema, options.fixed);
      if (checked.ok) result.valid.push({ line, value: checked.value });
      else result.errors.push({ line, messages: checked.messages });
    }
    options.onProgress?.(Math.min(1, (start + ROWS_PER_SLICE) / csv.rows.length));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return result;
}
