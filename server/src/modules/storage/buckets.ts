import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * Buckets live under `DATA_DIR/storage/<bucket>/`; which ones exist and are public is data, kept in
 * `DATA_DIR/storage/buckets.json` (`{"audio":{"public":true,"cacheControl":"max-age=3600"}}`).
 */

export const BUCKETS_FILE = 'buckets.json';
const DEFAULT_CACHE_CONTROL = 'max-age=3600';

const bucketsSchema = z.record(
  z.string(),
  z.object({ public: z.boolean(), cacheControl: z.string().max(200).optional() }),
);

export type Buckets = z.infer<typeof bucketsSchema>;

export interface Bucket {
  public: boolean;
  cacheControl: string;
}

export function storageRoot(dataDir: string): string {
  return path.join(dataDir, 'storage');
}

/** The bucket's settings, or undefined when it is not listed (or the file is missing or invalid). */
export async function readBucket(root: string, name: string): Promise<Bucket | undefined> {
  let parsed: Buckets;
  try {
    parsed = bucketsSchema.parse(JSON.parse(await readFile(path.join(root, BUCKETS_FILE), 'utf8')));
  } catch {
    return undefined;
  }
  const bucket = Object.hasOwn(parsed, name) ? parsed[name] : undefined;
  if (!bucket) return undefined;
  return { public: bucket.public, cacheControl: bucket.cacheControl ?? DEFAULT_CACHE_CONTROL };
}

export interface SeedResult {
  copied: string[];
}

/**
 * First start: every `<seedDir>/<bucket>/<file>` shipped with the repository is copied into the bucket
 * unless an object of that name already exists; `buckets.json` is written when missing, marking the seed
 * buckets public. Existing objects and an existing `buckets.json` are never overwritten.
 */
export async function seedStorage(dataDir: string, seedDir: string): Promise<SeedResult> {
  const root = storageRoot(dataDir);
  await mkdir(root, { recursive: true, mode: 0o755 });
  const copied: string[] = [];
  const buckets: Buckets = {};
  for (const entry of await readdir(seedDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    buckets[entry.name] = { public: true, cacheControl: DEFAULT_CACHE_CONTROL };
    const target = path.join(root, entry.name);
    await mkdir(target, { recursive: true, mode: 0o755 });
    for (const file of await readdir(path.join(seedDir, entry.name), { withFileTypes: true })) {
      if (!file.isFile()) continue;
      try {
        await copyFile(path.join(seedDir, entry.name, file.name), path.join(target, file.name), constants.COPYFILE_EXCL);
        copied.push(`${entry.name}/${file.name}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
  try {
    await stat(path.join(root, BUCKETS_FILE));
  } catch {
    await writeFile(path.join(root, BUCKETS_FILE), `${JSON.stringify(buckets, null, 2)}\n`, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  return { copied };
}
