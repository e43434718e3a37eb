/// <reference lib="webworker" />
import { parseCsvBytes, type CsvEncoding } from '@/components/csv/parse-csv';

/** Parses one file off the main thread: receives its bytes, the encoding and the known column names, answers the result. */
self.onmessage = (event: MessageEvent<{ bytes: ArrayBuffer; encoding: CsvEncoding; knownHeaders: string[] }>) => {
  self.postMessage(parseCsvBytes(new Uint8Array(event.data.bytes), event.data.encoding, event.data.knownHeaders));
};
