import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from 'node:zlib';
import { OutboundError } from './outbound-error';

export interface BodyLimits {
  /** Bytes of the body after decoding: more fails the request (`too_large`)… */
  maxBytes: number;
  /** …or, with `truncate`, ends the reading there and keeps what came so far. */
  truncate?: boolean;
}

/** The decoders of a Content-Encoding header, in the order to apply them (`gzip, br` was gzipped, then brotli'd). */
export function decodersFor(contentEncoding: string | undefined): Array<'gzip' | 'deflate' | 'br'> | null {
  const codings = (contentEncoding ?? '').split(',').map((coding) => coding.trim().toLowerCase()).filter((coding) => coding && coding !== 'identity');
  if (codings.length > 2) return null;
  const decoders: Array<'gzip' | 'deflate' | 'br'> = [];
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push('gzip');
    else if (coding === 'deflate') decoders.push('deflate');
    else if (coding === 'br') decoders.push('br');
    else return null;
  }
  return decoders;
}

function decoder(kind: 'gzip' | 'deflate' | 'br'): Gunzip {
  if (kind === 'gzip') return createGunzip();
  if (kind === 'deflate') return createInflate();
  return createBrotliDecompress() as unknown as Gunzip;
}

/**
 * Reads a response body, decoding gzip, deflate and brotli, and stops as soon as the decoded bytes pass `maxBytes`
 * (so a small compressed body that expands to gigabytes, a decompression bomb, costs at most `maxBytes` of memory).
 * The raw bytes are bounded too: a body cannot be larger on the wire than the limit allows after decoding.
 */
export async function readBody(body: Readable, contentEncoding: string | undefined, limits: BodyLimits): Promise<Buffer> {
  const decoders = decodersFor(contentEncoding);
  if (!decoders) {
    body.destroy();
    throw new OutboundError('encoding', `the answer uses a content encoding this server does not read (${contentEncoding})`);
  }
  let stream: Readable = body;
  const stages: Readable[] = [body];
  for (const kind of decoders) {
    const next = decoder(kind);
    stream.on('error', (error) => next.destroy(error));
    stream = stream.pipe(next);
    stages.push(next);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (total + chunk.length > limits.maxBytes) {
        if (!limits.truncate) throw new OutboundError('too_large', `the answer is larger than ${limits.maxBytes} bytes`);
        chunks.push(chunk.subarray(0, limits.maxBytes - total));
        total = limits.maxBytes;
        break;
      }
      total += chunk.length;
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if ((error as { code?: string }).code?.startsWith('Z_') || (error as { code?: string }).code === 'ERR__ERROR_FORMAT_PADDING_1') {
      throw new OutboundError('encoding', 'the answer is not validly compressed', { cause: error });
    }
    throw error;
  } finally {
    for (const stage of stages) stage.destroy();
  }
  return Buffer.concat(chunks, total);
}
