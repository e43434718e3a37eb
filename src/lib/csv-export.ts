/**
 * CSV export (RFC 4180) that Excel, Numbers, LibreOffice and Google Sheets open as the user expects:
 *
 * - fields separated by commas, records by CRLF; a field with a comma, a double quote, CR or LF is quoted and its
 *   quotes doubled;
 * - a UTF-8 byte order mark first, so Excel reads accents and emoji as UTF-8 instead of the local code page;
 * - formula injection neutralised (OWASP "CSV injection"): a text cell starting with `=`, `+`, `-`, `@`, tab or CR
 *   gets a leading apostrophe, so a spreadsheet shows it as text instead of running it. Numbers are written as
 *   numbers (a negative amount stays -12.5, it cannot be a formula).
 *
 * Use `toCsv` for the text (tests, copying) and `downloadCsv` to hand a file to the browser.
 */

export type CsvValue = string | number | boolean | null | undefined | Date;

export interface CsvColumn<Row> {
  /** The header cell. */
  header: string;
  value(row: Row): CsvValue;
}

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text that a spreadsheet would run as a formula, made inert with a leading apostrophe. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell as RFC 4180 text: null/undefined empty, dates as ISO 8601, text neutralised and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = neutraliseFormula(value instanceof Date ? value.toISOString() : value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Header and rows as CSV text, CRLF line ends, a final CRLF, and (by default) the UTF-8 BOM first. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[], options: { bom?: boolean } = {}): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${options.bom === false ? '' : BOM}${lines.join('\r\n')}\r\n`;
}

/** A file name safe on every system: letters, digits, dot, dash and underscore; the rest becomes '-'. */
export function csvFileName(base: string, day: string): string {
  const safe = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${safe || 'export'}-${day}.csv`;
}

/** Offer the rows to the browser as a download named `fileName` (text/csv, UTF-8 with BOM). */
export function downloadCsv<Row>(fileName: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): void {
  const blob = new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium starts the download from the click, Safari needs the URL a little longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
