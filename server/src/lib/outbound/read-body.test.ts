import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodersFor, readBody } from './read-body';

const stream = (...chunks: Buffer[]) => Readable.from(chunks);

describe('decodersFor', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['identity', []],
    ['gzip', ['gzip']],
    ['x-gzip', ['gzip']],
    ['GZIP', ['gzip']],
    ['deflate', ['deflate']],
    ['br', ['br']],
    ['gzip, br', ['br', 'gzip']],
    ['compress', null],
    ['zstd', null],
    ['gzip, gzip, gzip', null],
  ] as const)('%j → %j', (header, expected) => {
    expect(decodersFor(header)).toEqual(expected);
  });
});

describe('readBody', () => {
  it('reads plain, gzip, deflate and brotli bodies', async () => {
    const text = Buffer.from('hello '.repeat(100));
    expect(await readBody(stream(text), undefined, { maxBytes: 1000 })).toEqual(text);
    expect(await readBody(stream(gzipSync(text)), 'gzip', { maxBytes: 1000 })).toEqual(text);
    expect(await readBody(stream(deflateSync(text)), 'deflate', { maxBytes: 1000 })).toEqual(text);
    expect(await readBody(stream(brotliCompressSync(text)), 'br', { maxBytes: 1000 })).toEqual(text);
    expect(await readBody(stream(brotliCompressSync(gzipSync(text))), 'gzip, br', { maxBytes: 1000 })).toEqual(text);
  });

  it('stops a decompression bomb at the limit: 1 GB of zeros in about 1 MB of gzip', async () => {
    const megabyte = Buffer.alloc(1024 * 1024);
    // 1024 members of a gzipped megabyte: a valid gzip stream (concatenated members) that inflates to 1 GiB.
    const member = gzipSync(megabyte, { level: 9 });
    const bomb = Readable.from((function* () { for (let i = 0; i < 1024; i += 1) yield member; })());
    await expect(readBody(bomb, 'gzip', { maxBytes: 5 * 1024 * 1024 })).rejects.toMatchObject({ code: 'too_large' });
  });

  it('refuses a plain body over the limit, or keeps its start when truncating', async () => {
    const body = Buffer.alloc(2000, 'a');
    await expect(readBody(stream(body), undefined, { maxBytes: 1000 })).rejects.toMatchObject({ code: 'too_large', message: 'the answer is larger than 1000 bytes' });
    expect((await readBody(stream(body.subarray(0, 600), body.subarray(600)), undefined, { maxBytes: 1000, truncate: true })).length).toBe(1000);
  });

  it('says so for an unknown encoding and for a body that is not what it claims', async () => {
    await expect(readBody(stream(Buffer.from('x')), 'zstd', { maxBytes: 10 })).rejects.toMatchObject({ code: 'encoding' });
    await expect(readBody(stream(Buffer.from('not gzip at all')), 'gzip', { maxBytes: 100 })).rejects.toMatchObject({ code: 'encoding' });
  });
});
