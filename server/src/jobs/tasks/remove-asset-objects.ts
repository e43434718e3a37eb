import { z } from 'zod';
import { ASSETS_BUCKET, PUBLIC_ASSETS_BUCKET } from '../assets/asset-jobs';
import { defineTask, PermanentJobError } from '../define-task';

export const removeAssetObjectsPayload = z.object({
  workspace_id: z.uuid(),
  version_id: z.uuid(),
  paths: z.array(z.string().min(1)).max(20),
  public_paths: z.array(z.string().min(1)).max(20),
});

/**
 * Removes the objects of a version whose row is gone (a cancelled upload, a deleted asset or workspace; queued by
 * the asset_versions trigger, keyed `asset-objects:<version>`): the original, its derived images, the public copy of
 * a featured image. Only paths inside the payload's workspace folder are touched; objects already gone are fine, so
 * running twice is harmless.
 */
export const removeAssetObjects = defineTask({
  name: 'remove_asset_objects',
  payload: removeAssetObjectsPayload,
  maxAttempts: 10,
  needs: ['objects'],
  async run({ workspace_id, version_id, paths, public_paths }, { sql, objects }) {
    const folder = `${workspace_id}/`;
    if ([...paths, ...public_paths].some((path) => !path.startsWith(folder) || path.split('/').includes('..'))) {
      throw new PermanentJobError(`refused: a path outside workspace ${workspace_id}'s folder`);
    }
    const [still] = await sql`select 1 from public.asset_versions where id = ${version_id}`;
    if (still) throw new PermanentJobError(`asset version ${version_id} exists: its objects stay`);
    await objects!.remove(ASSETS_BUCKET, paths);
    await objects!.remove(PUBLIC_ASSETS_BUCKET, public_paths);
  },
});
