import Papa from 'papaparse';

/**
 * Pure parsing of a CSV file's bytes: decoding (UTF-8 with or without BOM, UTF-16 with BOM, or Windows-1252 as Excel
 * on Windows writes it) and splitting into cells with papaparse. Runs in the CSV worker (csv-parse.worker.ts) so a
 * large file never blocks the page, and inline where no Worker exists (unit tests).
 *
 * Line numbers count records the way a spreadsheet numbers its rows: the header is line 1, the first data record
 * line 2. Blank lines are skipped but still counted, so a number points at the same row in Excel.
 */

export type CsvEncoding = 'auto' | 'utf-8' | 'windows-1252';

export interface ParsedCsv {
  headers: string[];
  /** Data records, each with its line number; cells as text, untrimmed. */
  rows: { line: number; cells: string[] }[];
  /** The encoding actually used ('auto' resolved). */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
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

/** Text → header and records. Refuses a file without a header, without data, with a header named twice or a broken quote. */
export function parseCsvText(text: string, encoding: ParsedCsv['encoding']): CsvParseResult {
  if (text.trim() === '') return { ok: false, problem: { kind: 'empty' } };
  const result = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: guessDelimiter(text) });
  const quoteError = result.errors.find((error) => error.type === 'Quotes');
  if (quoteError) return { ok: false, problem: { kind: 'malformed', line: (quoteError.row ?? 0) + 1 } };

  const records = result.data;
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  if (headerIndex === -1) return { ok: false, problem: { kind: 'empty' } };
  const headers = records[headerIndex].map((header) => header.trim());
  const seen = new Set<string>();
  for (const header of headers) {
    if (header !== '' && seen.has(header)) return { ok: false, problem: { kind: 'duplicate-header', header } };
    seen.add(header);
  }
  const rows: ParsedCsv['rows'] = [];
  for (let index = headerIndex + 1; index < records.length; index += 1) {
    if (!isBlank(records[index])) rows.push({ line: index + 1, cells: records[index] });
  }
  if (rows.length === 0) return { ok: false, problem: { kind: 'no-rows' } };
  return { ok: true, csv: { headers, rows, encoding } };
}

/** Both steps, for the worker and the inline fallback. */
export function parseCsvBytes(bytes: Uint8Array, encoding: CsvEncoding): CsvParseResult {
  const decoded = decodeCsvBytes(bytes, encoding);
  if (!decoded) return { ok: false, problem: { kind: 'encoding' } };
  return parseCsvText(decoded.text, decoded.encoding);
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The separator of a file, read from its header line: the candidate that occurs most often (comma on a tie or when
 * none does). Papaparse's own guess gives up on a short file that ends with a newline.
 */
export function guessDelimiter(text: string): string {
  const header = text.trimStart().split(/\r\n|\n|\r/, 1)[0] ?? '';
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = header.split(delimiter).length - 1;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
