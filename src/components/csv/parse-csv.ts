import Papa from 'papaparse';
import { isBlankRecord, locateTable, type LeftOutLine } from '@/components/csv/locate-table';

/**
 * Pure parsing of a CSV file's bytes: decoding (UTF-8 with or without BOM, UTF-16 with BOM, or Windows-1252 as Excel
 * on Windows writes it) and splitting into cells with papaparse. Runs in the CSV worker (csv-parse.worker.ts) so a
 * large file never blocks the page, and inline where no Worker exists (unit tests).
 *
 * Line numbers count records the way a spreadsheet numbers its rows: a plain file's header is line 1, its first data
 * record line 2. Blank lines are skipped but still counted, so a number points at the same row in Excel. An ad
 * platform's export may have lines above its header and total rows under it: locate-table.ts finds the header from
 * the column names the import knows, and those lines are left out (`leftOut`) with their numbers.
 */

export type CsvEncoding = 'auto' | 'utf-8' | 'windows-1252';

export interface ParsedCsv {
  headers: string[];
  /** Data records, each with its line number; cells as text, untrimmed. */
  rows: { line: number; cells: string[] }[];
  /** The encoding actually used ('auto' resolved). */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
  /** The header's line (1 unless lines above it were left out). */
  headerLine: number;
  /** Lines that are not data: above the header, total rows. */
  leftOut: LeftOutLine[];
}

export type CsvParseProblem =
  | { kind: 'encoding' }
  | { kind: 'empty' }
  | { kind: 'no-rows' }
  | { kind: 'duplicate-header'; header: string }
  | { kind: 'malformed'; line: number };

export type CsvParseResult = { ok: true; csv: ParsedCsv } | { ok: false; problem: CsvParseProblem };

/** Bytes → text. 'auto' follows a BOM, else tries strict UTF-8 and falls back to Windows-1252. null: not decodable. */
export function decodeCsvBytes(bytes: Uint8Array, encoding: CsvEncoding): { text: string; encoding: ParsedCsv['encoding'] } | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const hasUtf8Bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasUtf8Bom ? bytes.subarray(3) : bytes;
  if (encoding === 'windows-1252') return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    if (encoding === 'utf-8' || hasUtf8Bom) return null;
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
  }
}

/**
 * Text → header and records. `knownHeaders` (normalised names, see knownHeaderNames) find the header under an
 * export's preamble. Refuses a file without a header, without data, with a header named twice or a broken quote.
 */
export function parseCsvText(text: string, encoding: ParsedCsv['encoding'], knownHeaders: readonly string[] = []): CsvParseResult {
  if (text.trim() === '') return { ok: false, problem: { kind: 'empty' } };
  const result = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: guessDelimiter(text) });
  const quoteError = result.errors.find((error) => error.type === 'Quotes');
  if (quoteError) return { ok: false, problem: { kind: 'malformed', line: (quoteError.row ?? 0) + 1 } };

  const records = result.data;
  const table = locateTable(records, new Set(knownHeaders));
  if (!table) return { ok: false, problem: { kind: 'empty' } };
  const headers = records[table.headerIndex].map((header) => header.trim());
  const seen = new Set<string>();
  for (const header of headers) {
    if (header !== '' && seen.has(header)) return { ok: false, problem: { kind: 'duplicate-header', header } };
    seen.add(header);
  }
  const rows: ParsedCsv['rows'] = [];
  for (let index = table.headerIndex + 1; index < records.length; index += 1) {
    if (!isBlankRecord(records[index]) && !table.totalIndexes.has(index)) rows.push({ line: index + 1, cells: records[index] });
  }
  if (rows.length === 0) return { ok: false, problem: { kind: 'no-rows' } };
  return { ok: true, csv: { headers, rows, encoding, headerLine: table.headerIndex + 1, leftOut: table.leftOut } };
}

/** Both steps, for the worker and the inline fallback. */
export function parseCsvBytes(bytes: Uint8Array, encoding: CsvEncoding, knownHeaders: readonly string[] = []): CsvParseResult {
  const decoded = decodeCsvBytes(bytes, encoding);
  if (!decoded) return { ok: false, problem: { kind: 'encoding' } };
  return parseCsvText(decoded.text, decoded.encoding, knownHeaders);
}

const DELIMITERS = [',', ';', '\t', '|'] as const;
/** Lines read to guess the separator: an export's preamble (a title, a date range) and its header fit well within. */
const DELIMITER_SAMPLE_LINES = 30;

/**
 * The separator of a file, from its first lines with quoted text ("9,380") taken out: for each candidate, the most
 * separators that at least two lines have alike (a header and its rows agree; a line of free text does not), and the
 * candidate with the most wins (comma on a tie or when none occurs). Read over several lines because an export may
 * start with a title and a date range ("July 8, 2025 - July 31, 2025") above a tab-separated header. Papaparse's own
 * guess gives up on a short file that ends with a newline.
 */
export function guessDelimiter(text: string): string {
  const lines = text
    .split(/\r\n|\n|\r/, DELIMITER_SAMPLE_LINES * 4)
    .filter((line) => line.trim() !== '')
    .slice(0, DELIMITER_SAMPLE_LINES)
    .map((line) => line.replace(/"[^"]*"/g, ''));
  const alike = Math.min(2, lines.length);
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => line.split(delimiter).length - 1);
    const count = Math.max(0, ...counts.filter((candidate) => counts.filter((other) => other === candidate).length >= alike));
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}
