import type { Queryable } from './storage-db';

/**
 * Buckets live in `storage.buckets` (Supabase Storage's table; the auth shim creates it on a plain PostgreSQL), so
 * every server on one database sees the same ones. `sql` may be a transaction scoped to the caller (storage-db.ts).
 */

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

/** Storage reads timestamps with node-postgres, so its JSON shows them as `2021-02-17T04:43:32.770Z`. */
const BUCKET_COLUMNS = `id, name, owner, coalesce(public, false) as public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`;

export async function findBucket(sql: Queryable, id: string): Promise<Bucket | undefined> {
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

export async function listBuckets(sql: Queryable, options: ListOptions = {}): Promise<Bucket[]> {
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
export async function insertBucket(sql: Queryable, id: string, name: string, settings: BucketSettings, owner?: string): Promise<boolean> {
  const ownerId = owner && /^[0-9a-f-]{36}$/i.test(owner) ? owner : null;
  const rows = await sql`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner, owner_id)
    values (${id}, ${name}, ${settings.public}, ${settings.fileSizeLimit}, ${settings.allowedMimeTypes}, ${ownerId}, ${owner ?? null})
    on conflict do nothing
    returning id`;
  return rows.length === 1;
}

/** Changes the given settings; false when the bucket does not exist. */
export async function updateBucket(sql: Queryable, id: string, settings: Partial<BucketSettings>): Promise<boolean> {
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

/** Whether the bucket holds any object (read by the server, as Storage's deleteBucket does). */
export async function bucketHasObjects(sql: Queryable, id: string): Promise<boolean> {
  const rows = await sql`select 1 from storage.objects where bucket_id = ${id} limit 1`;
  return rows.length > 0;
}

/** false when the caller may not delete it or it does not exist. */
export async function deleteBucket(sql: Queryable, id: string): Promise<boolean> {
  const rows = await sql`delete from storage.buckets where id = ${id} returning id`;
  return rows.length === 1;
}
