import { parseCsvBytes, type CsvEncoding, type CsvParseResult } from '@/components/csv/parse-csv';

/** The default cap: 5 MB is about 60,000 rows of daily ad results, far more than one import needs. */
export const DEFAULT_MAX_CSV_BYTES = 5 * 1024 * 1024;

const CSV_TYPES = new Set(['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'text/x-csv', 'text/tab-separated-values']);

export type CsvFileProblem = { kind: 'too-large'; maxBytes: number } | { kind: 'not-csv' } | { kind: 'unreadable' };

export type ReadCsvResult = CsvParseResult | { ok: false; problem: CsvFileProblem };

/** Checks a picked file before reading a byte of it: its size against the cap and that it is a CSV (name or type). */
export function checkCsvFile(file: Pick<File, 'name' | 'size' | 'type'>, maxBytes: number): CsvFileProblem | null {
  if (file.size > maxBytes) return { kind: 'too-large', maxBytes };
  const isCsvName = /\.(csv|tsv|txt)$/i.test(file.name);
  if (!isCsvName && !CSV_TYPES.has(file.type)) return { kind: 'not-csv' };
  return null;
}

/**
 * Reads and parses a picked file: checked first (size, kind), then parsed in a Web Worker so that 10,000 rows never
 * freeze the page (inline where the environment has no Worker). `knownHeaders` (knownHeaderNames of the import's
 * fields) find the header under an export's title lines.
 */
export async function readCsvFile(
  file: File,
  options: { maxBytes?: number; encoding?: CsvEncoding; knownHeaders?: readonly string[] } = {},
): Promise<ReadCsvResult> {
  const problem = checkCsvFile(file, options.maxBytes ?? DEFAULT_MAX_CSV_BYTES);
  if (problem) return { ok: false, problem };
  let bytes: ArrayBuffer;
  try {
    bytes = await readBytes(file);
  } catch {
    return { ok: false, problem: { kind: 'unreadable' } };
  }
  const encoding = options.encoding ?? 'auto';
  const knownHeaders = [...(options.knownHeaders ?? [])];
  if (typeof Worker === 'undefined') return parseCsvBytes(new Uint8Array(bytes), encoding, knownHeaders);
  return parseInWorker(bytes, encoding, knownHeaders);
}

/** `Blob.arrayBuffer()` where it exists, FileReader elsewhere (older Safari, jsdom). */
function readBytes(file: File): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

function parseInWorker(bytes: ArrayBuffer, encoding: CsvEncoding, knownHeaders: string[]): Promise<CsvParseResult> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./csv-parse.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CsvParseResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      // A worker that cannot start (a strict CSP, an old browser): parse here rather than fail the import.
      resolve(parseCsvBytes(new Uint8Array(bytes), encoding, knownHeaders));
    };
    worker.postMessage({ bytes, encoding, knownHeaders });
  });
}
