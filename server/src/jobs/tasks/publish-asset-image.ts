import { z } from 'zod';
import { ASSETS_BUCKET, PUBLIC_ASSETS_BUCKET, variantPath, versionForJob } from '../assets/asset-jobs';
import { defineTask, PermanentJobError } from '../define-task';

export const publishAssetImagePayload = z.object({ workspace_id: z.uuid(), version_id: z.uuid() });

/**
 * The public copy of a featured image (queued by the content_items trigger when an item takes an approved asset,
 * keyed `asset-public:<version>`): the version's WebP 1280 variant, copied to the public `asset-public` bucket at the
 * same path, where the public blog shows it. Waits (retries) while the variants are still being made; writing the
 * same copy twice is harmless; a version deleted meanwhile takes the copy with it.
 */
export const publishAssetImage = defineTask({
  name: 'publish_asset_image',
  payload: publishAssetImagePayload,
  maxAttempts: 10,
  needs: ['objects'],
  async run({ workspace_id, version_id }, { sql, objects }) {
    const version = await versionForJob(sql, workspace_id, version_id);
    if (!version) return;
    if (version.variants_state === 'pending') throw new Error('the derived images are not made yet');
    if (version.variants_state !== 'ready') throw new PermanentJobError(`asset version ${version_id} has no derived images (${version.variants_state})`);
    const path = variantPath(version.object_path, 'w1280');
    const image = await objects!.download(ASSETS_BUCKET, path);
    if (!image) throw new Error(`the variant ${path} is missing`);
    await objects!.upload(PUBLIC_ASSETS_BUCKET, path, image, 'image/webp');
    if (!(await versionForJob(sql, workspace_id, version_id))) await objects!.remove(PUBLIC_ASSETS_BUCKET, [path]);
  },
});
