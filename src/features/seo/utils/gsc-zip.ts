import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { normaliseHeader } from '@/components/csv/csv-schema';

/**
 * Search Console's Performance export as a zip ("Export → Download CSV"): one CSV per tab — Queries.csv ("Top
 * queries"), Pages.csv ("Top pages"), Dates.csv ("Date"), Countries.csv, Devices.csv, Search appearance.csv,
 * Filters.csv — each with Clicks, Impressions, CTR ("2.5%") and Position. The tables are recognised by their first
 * column (file names are translated in other languages), and the queries, pages and dates are put into one table the
 * import wizard reads: Period start, Period end, Query, Page and the figures. Queries and pages cover the export's
 * period, which is the first and last day of Dates.csv (empty when the zip has none: the user's period applies).
 */

export const MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;
export const SEARCH_TABLE_COLUMNS = ['Period start', 'Period end', 'Query', 'Page', 'Clicks', 'Impressions', 'CTR', 'Position'] as const;

export type GscZipResult = { ok: true; csv: string; period: { from: string; to: string } | null; rows: number } | { ok: false; problem: 'too-large' | 'no-tables' | 'unreadable' };

type Kind = 'query' | 'page' | 'date';

const KINDS: Record<string, Kind> = { topqueries: 'query', query: 'query', queries: 'query', toppages: 'page', page: 'page', pages: 'page', date: 'date' };

function figures(record: Record<string, string>, headers: readonly string[]) {
  const find = (...names: string[]) => {
    const header = headers.find((candidate) => names.includes(normaliseHeader(candidate)));
    return header ? (record[header] ?? '').trim() : '';
  };
  return [find('clicks'), find('impressions'), find('ctr'), find('position', 'averageposition')];
}

export function searchConsoleZipToCsv(bytes: Uint8Array): GscZipResult {
  let files: Record<string, Uint8Array>;
  let total = 0;
  let tooLarge = false;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!/\.csv$/i.test(file.name)) return false;
        total += file.originalSize;
        if (total > MAX_UNZIPPED_BYTES) tooLarge = true;
        return !tooLarge;
      },
    });
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (tooLarge) return { ok: false, problem: 'too-large' };
  const tables: { kind: Kind; rows: Record<string, string>[]; headers: string[] }[] = [];
  for (const data of Object.values(files)) {
    const text = new TextDecoder('utf-8').decode(data).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    const headers = parsed.meta.fields ?? [];
    const kind = headers[0] ? KINDS[normaliseHeader(headers[0])] : undefined;
    if (kind) tables.push({ kind, rows: parsed.data, headers });
  }
  if (tables.length === 0) return { ok: false, problem: 'no-tables' };
  const days = tables.filter((table) => table.kind === 'date').flatMap((table) => table.rows.map((row) => (row[table.headers[0]!] ?? '').trim())).filter(Boolean).sort();
  const period = days.length > 0 ? { from: days[0]!, to: days.at(-1)! } : null;
  const out: string[][] = [];
  for (const table of tables) {
    for (const row of table.rows) {
      const key = (row[table.headers[0]!] ?? '').trim();
      if (!key) continue;
      const [from, to] = table.kind === 'date' ? [key, key] : [period?.from ?? '', period?.to ?? ''];
      out.push([from, to, table.kind === 'query' ? key : '', table.kind === 'page' ? key : '', ...figures(row, table.headers)]);
    }
  }
  return { ok: true, csv: Papa.unparse({ fields: [...SEARCH_TABLE_COLUMNS], data: out }), period, rows: out.length };
}
