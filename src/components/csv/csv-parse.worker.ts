/// <reference lib="webworker" />
import { parseCsvBytes, type CsvEncoding } from '@/components/csv/parse-csv';

/** Parses one file off the main thread: receives its bytes (transferred) and the encoding, answers the result. */
self.onmessage = (event: MessageEvent<{ bytes: ArrayBuffer; encoding: CsvEncoding }>) => {
  self.postMessage(parseCsvBytes(new Uint8Array(event.data.bytes), event.data.encoding));
};
