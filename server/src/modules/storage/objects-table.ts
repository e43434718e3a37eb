import type { Tx } from './storage-db';

/** A row of storage.objects (Supabase Storage's Obj), as the routes answer it. */
export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

/** Storage's object metadata (src/storage/backend/adapter.ts ObjectMetadata), kept in storage.objects.metadata. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface NewObject {
  bucketId: string;
  name: string;
  owner: string | undefined;
  version: string;
  metadata: Partial<ObjectMetadata> | null;
  userMetadata: Record<string, unknown> | null | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ownerUuid = (owner: string | undefined) => (owner && UUID.test(owner) ? owner : null);

export async function findObject(tx: Tx, bucketId: string, name: string, options: { forUpdate?: boolean } = {}): Promise<ObjectRow | undefined> {
  const rows = options.forUpdate
    ? await tx<ObjectRow[]>`select * from storage.objects where name = ${name} and bucket_id = ${bucketId} limit 1 for update`
    : await tx<ObjectRow[]>`select * from storage.objects where name = ${name} and bucket_id = ${bucketId} limit 1`;
  return rows[0];
}

export async function findObjectNames(tx: Tx, bucketId: string, names: string[]): Promise<string[]> {
  const rows = await tx<{ name: string }[]>`select name from storage.objects where bucket_id = ${bucketId} and name = any(${names}::text[])`;
  return rows.map((row) => row.name);
}

/** Storage's createObject: a plain insert (a unique violation is KeyAlreadyExists for the caller). */
export async function insertObject(tx: Tx, object: NewObject): Promise<ObjectRow> {
  const [row] = await tx<ObjectRow[]>`
    insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values (${object.bucketId}, ${object.name}, ${ownerUuid(object.owner)}, ${object.owner ?? null}, ${object.version},
      ${object.metadata ? tx.json(object.metadata as never) : null}, ${object.userMetadata ? tx.json(object.userMetadata as never) : null})
    returning *`;
  return row!;
}

/** Storage's upsertObject: insert, or replace metadata, version and owner of the object of that name. */
export async function upsertObject(tx: Tx, object: NewObject): Promise<ObjectRow> {
  const [row] = await tx<ObjectRow[]>`
    insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values (${object.bucketId}, ${object.name}, ${ownerUuid(object.owner)}, ${object.owner ?? null}, ${object.version},
      ${object.metadata ? tx.json(object.metadata as never) : null}, ${object.userMetadata ? tx.json(object.userMetadata as never) : null})
    on conflict (name, bucket_id) do update set
      metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
      owner = excluded.owner, owner_id = excluded.owner_id
    returning *`;
  return row!;
}

/** Storage's updateObject (move): a new name, bucket and version; undefined when RLS or absence leaves no row. */
export async function renameObject(
  tx: Tx,
  from: { bucketId: string; name: string },
  to: { bucketId: string; name: string; version: string; owner: string | undefined },
): Promise<ObjectRow | undefined> {
  const [row] = await tx<ObjectRow[]>`
    update storage.objects set name = ${to.name}, bucket_id = ${to.bucketId}, version = ${to.version},
      owner = ${ownerUuid(to.owner)}, owner_id = ${to.owner ?? null}
    where bucket_id = ${from.bucketId} and name = ${from.name}
    returning *`;
  return row;
}

export async function deleteObjects(tx: Tx, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  if (names.length === 0) return [];
  return tx<ObjectRow[]>`delete from storage.objects where bucket_id = ${bucketId} and name = any(${names}::text[]) returning *`;
}
