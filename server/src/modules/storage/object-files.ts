import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { entityTooLarge } from './storage-errors';

/**
 * The bytes of objects: one file per stored version, `<STORAGE_DIR>/objects/<2 hex>/<version>`, named by the version
 * (a UUID the server makes), never by the object's name: no name can reach the file system, and a move is a row
 * change. An upload streams into `<STORAGE_DIR>/.uploads/` and is renamed into place only when complete, before its
 * row is committed; a failure removes the part file, so nobody ever sees half an object (decision 0019).
 */

/** Bytes kept from the start of an upload for sniffing its type (file-type's reasonable detection size). */
export const SNIFF_BYTES = 4100;
export type EtagAlgorithm = 'md5' | 'version';

/** Part files older than this were left by a crash. */
const STALE_PART_MS = 24 * 3600 * 1000;
const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface Received {
  size: number;
  /** The quoted MD5 of the bytes (S3's and Storage's ETag), when the server hashes uploads. */
  eTag: string | undefined;
  /** The first SNIFF_BYTES bytes. */
  head: Buffer;
}

export class ObjectFiles {
  readonly objectsDir: string;
  readonly uploadsDir: string;
  readonly resumableDir: string;

  /** `etag`: 'md5' hashes every upload for its ETag (Storage's default); 'version' names it by the write instead. */
  constructor(
    readonly root: string,
    readonly etag: EtagAlgorithm = 'md5',
  ) {
    this.objectsDir = path.join(root, 'objects');
    this.uploadsDir = path.join(root, '.uploads');
    this.resumableDir = path.join(root, '.resumable');
  }

  /**
   * Creates the folders and removes part files a crash left (older than a day: another server sharing STORAGE_DIR
   * may be writing the recent ones).
   */
  async prepare(now = Date.now()): Promise<void> {
    await Promise.all([this.objectsDir, this.uploadsDir, this.resumableDir].map((dir) => mkdir(dir, { recursive: true, mode: 0o755 })));
    for (const name of await readdir(this.uploadsDir)) {
      const file = path.join(this.uploadsDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && now - info.mtimeMs > STALE_PART_MS) await rm(file, { force: true });
    }
  }

  fileOf(version: string): string {
    if (!VERSION.test(version)) throw new Error(`not an object version: ${version}`);
    return path.join(this.objectsDir, version.slice(0, 2), version);
  }

  newPartFile(): string {
    return path.join(this.uploadsDir, `${randomUUID()}.part`);
  }

  /** Streams `source` into `file`, refusing more than `limit` bytes; the file is removed when anything fails. */
  async receive(source: Readable, file: string, limit: number): Promise<Received> {
    const hash = this.etag === 'md5' ? createHash('md5') : undefined;
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) return done(entityTooLarge());
        hash?.update(chunk);
        if (headBytes < SNIFF_BYTES) {
          const part = chunk.subarray(0, SNIFF_BYTES - headBytes);
          head.push(part);
          headBytes += part.length;
        }
        done(null, chunk);
      },
    });
    // The source is piped, not part of the pipeline: when the bytes are refused (too large), the rest of the request
    // is still read and dropped, so the client gets the answer instead of a reset connection.
    const written = pipeline(meter, createWriteStream(file, { flags: 'wx', mode: 0o644 }));
    let ended = false;
    const onEnd = () => (ended = true);
    const onAbort = () => {
      if (!ended) meter.destroy(new Error('The upload was interrupted before its end'));
    };
    source.once('end', onEnd);
    source.once('error', onAbort);
    source.once('aborted', onAbort);
    source.once('close', onAbort);
    source.pipe(meter);
    try {
      await written;
    } catch (error) {
      source.unpipe(meter);
      source.resume();
      await unlink(file).catch(() => {});
      throw error;
    } finally {
      source.off('end', onEnd);
      source.off('error', onAbort);
      source.off('aborted', onAbort);
      source.off('close', onAbort);
    }
    return { size, eTag: hash && `"${hash.digest('hex')}"`, head: Buffer.concat(head) };
  }

  /** Size, ETag and first bytes of a complete file (a finished resumable upload, a seed); only its head is read unless hashing. */
  async digest(file: string, algorithm: EtagAlgorithm = this.etag): Promise<Received> {
    if (algorithm === 'version') {
      const handle = await open(file, 'r');
      try {
        const head = Buffer.alloc(SNIFF_BYTES);
        const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
        return { size: (await handle.stat()).size, eTag: undefined, head: head.subarray(0, bytesRead) };
      } finally {
        await handle.close();
      }
    }
    const hash = createHash('md5');
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
      size += chunk.length;
      hash.update(chunk);
      if (headBytes < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headBytes);
        head.push(part);
        headBytes += part.length;
      }
    }
    return { size, eTag: `"${hash.digest('hex')}"`, head: Buffer.concat(head) };
  }

  /** Moves a complete part file to the version's place (one rename on the same file system). */
  async place(partFile: string, version: string): Promise<void> {
    const target = this.fileOf(version);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    await rename(partFile, target);
  }

  async copy(fromVersion: string, toVersion: string): Promise<void> {
    const target = this.fileOf(toVersion);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    await copyFile(this.fileOf(fromVersion), target);
  }

  /** Copies a file from outside (a seed) to a version's place. */
  async copyIn(file: string, version: string): Promise<void> {
    const target = this.fileOf(version);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    await copyFile(file, target);
  }

  /** Removes versions' files; a file already gone is fine. */
  async remove(versions: (string | null | undefined)[]): Promise<void> {
    await Promise.all(
      versions.filter((version): version is string => typeof version === 'string' && VERSION.test(version)).map((version) => unlink(this.fileOf(version)).catch(() => {})),
    );
  }

  async sizeOf(version: string): Promise<number | undefined> {
    try {
      return (await stat(this.fileOf(version))).size;
    } catch {
      return undefined;
    }
  }

  /** Version files no row names any more (a crash between placing a file and committing its row). */
  async listVersions(): Promise<string[]> {
    const versions: string[] = [];
    for (const shard of await readdir(this.objectsDir).catch(() => [] as string[])) {
      for (const name of await readdir(path.join(this.objectsDir, shard)).catch(() => [] as string[])) {
        if (VERSION.test(name)) versions.push(name);
      }
    }
    return versions;
  }
}
