import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Sql } from '../../db/client';

/**
 * Buckets live in `storage.buckets` (Supabase Storage's table; the auth shim creates it on a plain PostgreSQL), so
 * every server on one database sees the same ones; their objects are files under `<storage dir>/<bucket>/<path>`.
 */

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export const DEFAULT_CACHE_CONTROL = 'max-age=3600';

/** Timestamps as Storage's JSON shows them (`2021-02-17T04:43:32.770206+00:00`). */
const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`;
const BUCKET_COLUMNS = `id, name, owner, coalesce(public, false) as public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, ${ts('created_at')} as created_at, ${ts('updated_at')} as updated_at`;

export async function findBucket(sql: Sql, id: string): Promise<Bucket | undefined> {
  const [row] = await sql.unsafe<Bucket[]>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return row;
}

export interface ListOptions {
  limit?: number;
  offset?: number;
  sortColumn?: 'id' | 'name' | 'created_at' | 'updated_at';
  sortOrder?: 'asc' | 'desc';
  search?: string;
}

export async function listBuckets(sql: Sql, options: ListOptions = {}): Promise<Bucket[]> {
  const column = options.sortColumn ?? 'name';
  const order = options.sortOrder === 'desc' ? 'desc' : 'asc';
  const search = `%${(options.search ?? '').replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql.unsafe<Bucket[]>(
    `select ${BUCKET_COLUMNS} from storage.buckets where name ilike $1 order by ${column} ${order}, id limit $2 offset $3`,
    [search, options.limit ?? 10_000, options.offset ?? 0],
  );
}

export interface BucketSettings {
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** false when a bucket with this id or name exists already. */
export async function insertBucket(sql: Sql, id: string, name: string, settings: BucketSettings): Promise<boolean> {
  const rows = await sql`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values (${id}, ${name}, ${settings.public}, ${settings.fileSizeLimit}, ${settings.allowedMimeTypes})
    on conflict do nothing
    returning id`;
  return rows.length === 1;
}

/** Changes the given settings; false when the bucket does not exist. */
export async function updateBucket(sql: Sql, id: string, settings: Partial<BucketSettings>): Promise<boolean> {
  const rows = await sql`
    update storage.buckets set
      public = coalesce(${settings.public ?? null}, public),
      file_size_limit = case when ${settings.fileSizeLimit !== undefined} then ${settings.fileSizeLimit ?? null}::bigint else file_size_limit end,
      allowed_mime_types = case when ${settings.allowedMimeTypes !== undefined} then ${settings.allowedMimeTypes ?? null}::text[] else allowed_mime_types end,
      updated_at = now()
    where id = ${id}
    returning id`;
  return rows.length === 1;
}

export interface SeedResult {
  copied: string[];
}

/** The file earlier versions kept bucket settings in (`{"audio":{"public":true}}`): imported once, then renamed. */
const LEGACY_BUCKETS_FILE = 'buckets.json';
const legacySchema = z.record(z.string(), z.object({ public: z.boolean() }).loose());

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function importLegacyBuckets(sql: Sql, storageDir: string): Promise<void> {
  const file = path.join(storageDir, LEGACY_BUCKETS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return;
  }
  const parsed = legacySchema.safeParse(parseJson(text));
  if (parsed.success) {
    for (const [name, settings] of Object.entries(parsed.data)) {
      await insertBucket(sql, name, name, { public: settings.public, fileSizeLimit: null, allowedMimeTypes: null });
    }
  }
  await rename(file, `${file}.imported`);
}

/**
 * At every start: each folder `<seedDir>/<bucket>/` shipped with the repository becomes a public bucket unless one of
 * that name exists (an operator's choice stays), and its files are copied unless an object of that name exists.
 */
export async function seedStorage(sql: Sql, storageDir: string, seedDir: string): Promise<SeedResult> {
  await mkdir(storageDir, { recursive: true, mode: 0o755 });
  await importLegacyBuckets(sql, storageDir);
  const copied: string[] = [];
  for (const entry of await readdir(seedDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    await insertBucket(sql, entry.name, entry.name, { public: true, fileSizeLimit: null, allowedMimeTypes: null });
    const target = path.join(storageDir, entry.name);
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
  return { copied };
}
