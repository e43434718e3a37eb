import { z } from 'zod';
import { ASSETS_BUCKET, asPermanent, variantPath, versionForJob } from '../assets/asset-jobs';
import { deriveImages, IMAGE_LIMITS, VARIANTS, type VariantName } from '../assets/derive-images';
import { defineTask } from '../define-task';

export const makeAssetVariantsPayload = z.object({ workspace_id: z.uuid(), version_id: z.uuid() });

/**
 * The derived images of an uploaded image (queued by private.complete_asset_version, keyed
 * `asset-variants:<version>`): the original is read through Storage, the thumbnail and WebP 320/1280 variants are
 * made by deriveImages (bombs refused, EXIF dropped) and written beside it under `variants/`, then the outcome is
 * recorded once (private.record_asset_variants, confined to the payload's workspace). Running twice writes the same
 * objects and records nothing new; a version deleted meanwhile takes the variants just written with it.
 */
export const makeAssetVariants = defineTask({
  name: 'make_asset_variants',
  payload: makeAssetVariantsPayload,
  maxAttempts: 5,
  needs: ['objects'],
  async run({ workspace_id, version_id }, { sql, objects, log }) {
    const version = await versionForJob(sql, workspace_id, version_id);
    if (!version || version.state !== 'ready' || version.variants_state !== 'pending') return;
    const record = async (outcome: string, note: string | null, width?: number, height?: number, bytes = 0) => {
      try {
        const [row] = await sql<{ recorded: boolean }[]>`
          select private.record_asset_variants(${workspace_id}, ${version_id}, ${outcome}, ${note}, ${width ?? null}, ${height ?? null}, ${bytes}) as recorded`;
        return row!.recorded;
      } catch (error) {
        throw asPermanent(error);
      }
    };

    if (Number(version.size_bytes) > IMAGE_LIMITS.maxInputBytes) {
      await record('refused', `The file is larger than ${IMAGE_LIMITS.maxInputBytes / 1024 / 1024} MB: no preview is made of it.`);
      return;
    }
    const original = await objects!.download(ASSETS_BUCKET, version.object_path);
    if (!original) {
      await record('failed', 'The original file is missing from storage.');
      return;
    }
    const derived = await deriveImages(original);
    if (derived.outcome !== 'ready') {
      await record(derived.outcome, derived.note, derived.width, derived.height);
      log.info(`asset version ${version_id} of workspace ${workspace_id}: no variants (${derived.outcome}: ${derived.note})`);
      return;
    }
    const names = Object.keys(VARIANTS) as VariantName[];
    await Promise.all(names.map((name) => objects!.upload(ASSETS_BUCKET, variantPath(version.object_path, name), derived.variants[name], 'image/webp')));
    const bytes = names.reduce((sum, name) => sum + derived.variants[name].length, 0);
    const recorded = await record('ready', null, derived.width, derived.height, bytes);
    if (!recorded && !(await versionForJob(sql, workspace_id, version_id))) {
      // Deleted while we worked: its removal may have run already, so these objects are ours to remove.
      await objects!.remove(ASSETS_BUCKET, names.map((name) => variantPath(version.object_path, name)));
    }
  },
});
