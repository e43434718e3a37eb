import { z } from 'zod';
import { defineTask } from '../define-task';

/** An upload's reservation lets it write for a day; its sweep waits an hour more. */
export const STALE_UPLOAD_AGE = '25 hours';
const BATCH = 500;

/**
 * Hourly (server/src/jobs/schedules.ts): uploads a browser started and never completed nor cancelled. One whose
 * bytes arrived (with the reserved size) is completed as its browser would have; any other is removed with whatever
 * reached the bucket (the asset_versions trigger queues that). So a failed upload leaves neither a row nor an object.
 */
export const sweepAssetUploads = defineTask({
  name: 'sweep_asset_uploads',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log }) {
    const stale = await sql<{ version_id: string }[]>`select version_id from private.stale_asset_uploads(${STALE_UPLOAD_AGE}::interval, ${BATCH})`;
    let completed = 0;
    for (const { version_id } of stale) {
      const [row] = await sql<{ outcome: string }[]>`select private.complete_asset_version(${version_id}, null, null, null) as outcome`;
      if (row!.outcome === 'ready') completed += 1;
      else await sql`select private.drop_asset_upload(${version_id})`;
    }
    if (stale.length > 0) log.info(`asset uploads: ${completed} completed, ${stale.length - completed} removed after their browser went away`);
  },
});
