import { randomUUID } from 'node:crypto';
import { deleteObjects, findObject, insertObject, renameObject, upsertObject, type ObjectRow } from './objects-table';
import type { StorageAuth } from './storage-auth';
import type { StorageContext } from './storage-context';
import { withScope } from './storage-db';
import { keyAlreadyExists, noSuchKey, StorageError } from './storage-errors';
import { lockObject } from './uploads';

/**
 * Remove, move and copy (Storage's src/storage/object.ts deleteObjects, moveObject, copyObject). The rows change as
 * the caller, so row-level security decides (a move needs the update policy for the old name and the new one); files
 * are removed only after the rows that named them are gone.
 */

interface Place {
  bucketId: string;
  key: string;
}

const asConflict = (error: unknown) => (error instanceof StorageError && error.code === 'ResourceAlreadyExists' ? keyAlreadyExists() : error);

/** Deletes the named objects the caller may delete; returns their rows (others are silently left, as Storage does). */
export async function removeObjects(ctx: StorageContext, auth: StorageAuth, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const removed = await withScope(ctx.sql, auth, (tx) => deleteObjects(tx, bucketId, names));
  await ctx.files.remove(removed.map((row) => row.version));
  return removed;
}

/** A move is a change of the row's name (and bucket): the bytes stay where they are, named by their version. */
export async function moveObject(ctx: StorageContext, auth: StorageAuth, from: Place, to: Place): Promise<ObjectRow> {
  const moved = await withScope(ctx.sql, auth, async (tx) => {
    await lockObject(tx, to.bucketId, to.key);
    const source = await findObject(tx, from.bucketId, from.key);
    if (!source?.version) throw noSuchKey();
    return renameObject(tx, { bucketId: from.bucketId, name: from.key }, { bucketId: to.bucketId, name: to.key, version: source.version, owner: auth.owner });
  }).catch((error: unknown) => {
    throw asConflict(error);
  });
  if (!moved) throw noSuchKey();
  return moved;
}

/** A copy is a new version file and a new row; the caller must be allowed to read the source and write the copy. */
export async function copyObject(ctx: StorageContext, auth: StorageAuth, from: Place, to: Place, options: { upsert: boolean; copyMetadata: boolean }): Promise<ObjectRow> {
  const source = await withScope(ctx.sql, auth, (tx) => findObject(tx, from.bucketId, from.key));
  if (!source?.version) throw noSuchKey();
  const request = { auth, bucketId: to.bucketId, name: to.key, owner: auth.owner, upsert: options.upsert };
  await ctx.uploads.canUpload(request, source.metadata ?? {}, source.user_metadata ?? undefined);
  const version = randomUUID();
  await ctx.files.copy(source.version, version);
  let replaced: string | null = null;
  try {
    const row = await withScope(ctx.sql, null, async (tx) => {
      await lockObject(tx, to.bucketId, to.key);
      const current = await findObject(tx, to.bucketId, to.key, { forUpdate: true });
      if (current && !options.upsert) throw keyAlreadyExists();
      replaced = current?.version ?? null;
      const metadata = options.copyMetadata ? source.metadata : { ...source.metadata, lastModified: new Date().toISOString() };
      const object = { bucketId: to.bucketId, name: to.key, owner: auth.owner, version, metadata, userMetadata: source.user_metadata };
      return current ? upsertObject(tx, object) : insertObject(tx, object);
    });
    if (replaced && replaced !== version) await ctx.files.remove([replaced]);
    return row;
  } catch (error) {
    await ctx.files.remove([version]);
    throw asConflict(error);
  }
}
