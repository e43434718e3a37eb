import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Sql } from '../../db/client';
import { insertBucket } from './buckets';
import { ObjectFiles } from './object-files';
import { objectKeyProblem } from './object-path';
import { withScope } from './storage-db';
import { findObject } from './objects-table';
import { Uploads } from './uploads';

/**
 * Objects the server brings itself: the repository's seed (each folder of server/storage-seed/ a public bucket, its
 * files objects), and, once, what earlier versions kept as plain files (`<STORAGE_DIR>/<bucket>/<path>`, bucket
 * settings in buckets.json), which become rows of storage.objects with their bytes moved under objects/.
 */

export interface SeedResult {
  copied: string[];
}

const LEGACY_BUCKETS_FILE = 'buckets.json';
const legacySchema = z.record(z.string(), z.object({ public: z.boolean() }).loose());
const RESERVED = new Set(['objects', '.uploads', '.resumable']);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function importLegacyBuckets(sql: Sql, storageDir: string): Promise<void> {
  const file = path.join(storageDir, LEGACY_BUCKETS_FILE);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return;
  const parsed = legacySchema.safeParse(parseJson(text));
  if (parsed.success) {
    for (const [name, settings] of Object.entries(parsed.data)) {
      await insertBucket(sql, name, name, { public: settings.public, fileSizeLimit: null, allowedMimeTypes: null });
    }
  }
  await rename(file, `${file}.imported`);
}

async function filesUnder(dir: string, prefix = ''): Promise<{ file: string; key: string }[]> {
  const found: { file: string; key: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), key)));
    else if (entry.isFile()) found.push({ file: path.join(dir, entry.name), key });
  }
  return found;
}

/**
 * Adds a file as an object unless one of that name exists; `move` takes the file instead of copying it. A seed
 * object whose row exists but whose bytes this server lacks (another server on the same database seeded it, with
 * its own STORAGE_DIR) gets them, as long as the row still names the seed's bytes.
 */
async function addObject(sql: Sql, uploads: Uploads, bucketId: string, key: string, file: string, move: boolean): Promise<boolean> {
  if (objectKeyProblem(key)) return false;
  const existing = await withScope(sql, null, (tx) => findObject(tx, bucketId, key));
  if (existing) {
    if (!move && existing.version && (await uploads.files.sizeOf(existing.version)) === undefined) {
      const digest = await uploads.files.digest(file, 'md5');
      const same = existing.metadata?.size === digest.size && (uploads.files.etag !== 'md5' || existing.metadata?.eTag === digest.eTag);
      if (same) await uploads.files.copyIn(file, existing.version);
    }
    return false;
  }
  const partFile = uploads.files.newPartFile();
  const received = await uploads.files.receive(createReadStream(file), partFile, Number.MAX_SAFE_INTEGER);
  const metadata = await uploads.describe(received.head, undefined, 'max-age=3600', received.size, received.eTag);
  await uploads.complete({ auth: null, bucketId, name: key, owner: undefined, upsert: false }, partFile, metadata, {});
  if (move) await rm(file, { force: true });
  return true;
}

async function removeEmptyFolders(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) await removeEmptyFolders(path.join(dir, entry.name));
  }
  await rmdir(dir).catch(() => {});
}

/** Plain files of earlier versions under `<storage dir>/<bucket>/`, for buckets that exist: imported once, moved. */
async function importLegacyObjects(sql: Sql, uploads: Uploads, storageDir: string): Promise<void> {
  const buckets = new Set((await sql<{ id: string }[]>`select id from storage.buckets`).map((row) => row.id));
  for (const entry of await readdir(storageDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || RESERVED.has(entry.name) || !buckets.has(entry.name)) continue;
    const dir = path.join(storageDir, entry.name);
    for (const { file, key } of await filesUnder(dir)) await addObject(sql, uploads, entry.name, key, file, true);
    await removeEmptyFolders(dir);
  }
}

/**
 * At every start: each folder `<seedDir>/<bucket>/` becomes a public bucket unless one of that name exists (an
 * operator's choice stays), and its files become objects unless an object of that name exists.
 */
export async function seedStorage(sql: Sql, storageDir: string, seedDir: string): Promise<SeedResult> {
  const files = new ObjectFiles(storageDir);
  await files.prepare();
  const uploads = new Uploads(sql, files, Number.MAX_SAFE_INTEGER);
  await importLegacyBuckets(sql, storageDir);
  const seeds = (await readdir(seedDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  for (const entry of seeds) await insertBucket(sql, entry.name, entry.name, { public: true, fileSizeLimit: null, allowedMimeTypes: null });
  await importLegacyObjects(sql, uploads, storageDir);
  const copied: string[] = [];
  for (const entry of seeds) {
    for (const { file, key } of await filesUnder(path.join(seedDir, entry.name))) {
      if (await addObject(sql, uploads, entry.name, key, file, false)) copied.push(`${entry.name}/${key}`);
    }
  }
  return { copied };
}
