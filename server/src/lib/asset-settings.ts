import type { Sql } from '../db/client';

/**
 * ASSET_QUOTA_BYTES written where the database enforces it (private.asset_library_settings, decision 0021): by the
 * server at start and by `npm run worker`, so the quota holds on hosted Supabase as on our server. Unset leaves the
 * database's value (10 GiB unless someone set another).
 */
export async function applyAssetSettings(sql: Sql, quotaBytes: number | undefined): Promise<void> {
  if (quotaBytes === undefined) return;
  await sql`update private.asset_library_settings set quota_bytes = ${quotaBytes} where quota_bytes is distinct from ${quotaBytes}`;
}
