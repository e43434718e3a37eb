import { channel } from 'node:diagnostics_channel';

/**
 * What the data API's pipeline tells a measuring tool (`npm run bench:api` loads one into the server process):
 * how long each request waited for a connection, and each batch's round trip to PostgreSQL. Published on
 * `node:diagnostics_channel` only while someone subscribes; otherwise it costs one property read per request.
 */

export interface AcquireMessage {
  /** Milliseconds from asking the pool to holding a connection. */
  waitedMs: number;
  /** Requests already waiting when this one asked (0: a connection was free or could be opened). */
  queued: number;
}

export interface BatchMessage {
  steps: number;
  /** Milliseconds from writing the batch to its ReadyForQuery. */
  roundTripMs: number;
}

export const acquireChannel = channel('beyond-brochures:pipeline:acquire');
export const batchChannel = channel('beyond-brochures:pipeline:batch');
