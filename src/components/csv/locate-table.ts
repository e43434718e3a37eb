import { normaliseHeader } from '@/components/csv/csv-schema';

/**
 * Where the table of a CSV file is. Ad platforms' exports put lines above it (Google Ads: the report's title and its
 * date range; LinkedIn: the report's name, dates and account) and total rows under it (Google Ads: "Total: Account",
 * "Total: Campaigns", in the account's language). The header is the first record whose cells name at least two of
 * the columns the import knows (a field's key, label or alias); every record above it and every total row is left out
 * and said so. A file without a known header starts at its first record with anything in it, as any CSV.
 */

export type LeftOutKind = 'above-header' | 'total';

/** A record of the file that is not data, by its line (header = the line the table starts on). */
export interface LeftOutLine {
  line: number;
  kind: LeftOutKind;
  /** What it says (its first cells, shortened), for the user to recognise it. */
  text: string;
}

export interface TableLocation {
  /** Index of the header record (its line is headerIndex + 1). */
  headerIndex: number;
  /** Indexes of the records under the header that are totals. */
  totalIndexes: Set<number>;
  leftOut: LeftOutLine[];
}

/** How far down a header is looked for: far more than any export's preamble (LinkedIn's is about 5 lines). */
const HEADER_SEARCH_RECORDS = 100;
const MIN_KNOWN_CELLS = 2;
const TEXT_LENGTH = 60;

/**
 * A total row starts with its label alone in the first cell: "Total", "Totals", "Grand total", "Total: Account",
 * "Totaal: Account" (Dutch), "Gesamt: Konto"… A campaign called "Total Recall" is not one.
 */
const TOTAL_LABEL = /^(grand\s+)?(totals?|totaal|totalt|totale|gesamt|summe)(\s*:.*)?$/i;

export function isTotalRecord(cells: readonly string[]): boolean {
  const first = cells.find((cell) => cell.trim() !== '');
  return first !== undefined && TOTAL_LABEL.test(first.trim());
}

export function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** The cells with anything in them, joined and shortened: 'Campaign report', 'July 8, 2025 - July 31, 2025'. */
export function describeRecord(cells: readonly string[]): string {
  const text = cells.map((cell) => cell.trim()).filter(Boolean).join(', ');
  return text.length > TEXT_LENGTH ? `${text.slice(0, TEXT_LENGTH - 1)}…` : text;
}

/**
 * The header and the records that are not data. `knownHeaders` are normalised names (normaliseHeader); null when
 * the file has no record with anything in it.
 */
export function locateTable(records: readonly (readonly string[])[], knownHeaders: ReadonlySet<string>): TableLocation | null {
  const firstFilled = records.findIndex((cells) => !isBlankRecord(cells));
  if (firstFilled === -1) return null;
  const knownCells = (cells: readonly string[]) => cells.filter((cell) => knownHeaders.has(normaliseHeader(cell))).length;
  const needed = Math.min(MIN_KNOWN_CELLS, knownHeaders.size);
  const limit = Math.min(records.length, HEADER_SEARCH_RECORDS);
  let headerIndex = firstFilled;
  for (let index = firstFilled; needed > 0 && index < limit; index += 1) {
    if (knownCells(records[index]) >= needed) {
      headerIndex = index;
      break;
    }
  }

  const leftOut: LeftOutLine[] = [];
  for (let index = firstFilled; index < headerIndex; index += 1) {
    if (!isBlankRecord(records[index])) leftOut.push({ line: index + 1, kind: 'above-header', text: describeRecord(records[index]) });
  }
  const totalIndexes = new Set<number>();
  for (let index = headerIndex + 1; index < records.length; index += 1) {
    if (!isTotalRecord(records[index])) continue;
    totalIndexes.add(index);
    leftOut.push({ line: index + 1, kind: 'total', text: describeRecord(records[index].slice(0, 1)) });
  }
  return { headerIndex, totalIndexes, leftOut };
}
