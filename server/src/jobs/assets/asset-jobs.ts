import type { Sql } from '../../db/client';
import { PermanentJobError } from '../define-task';

/** The private `assets` bucket and the public one holding featured images (decision 0021). */
export const ASSETS_BUCKET = 'assets';
export const PUBLIC_ASSETS_BUCKET = 'asset-public';

export interface JobVersion {
  asset_id: string;
  object_path: string;
  mime_type: string;
  size_bytes: string;
  state: 'uploading' | 'ready';
  variants_state: 'pending' | 'ready' | 'none' | 'refused' | 'failed';
  is_current: boolean;
}

/** `<version folder>/variants/<name>.webp`, as private.asset_variant_path makes it. */
export function variantPath(objectPath: string, name: string): string {
  return `${objectPath.replace(/[^/]+$/, '')}variants/${name}.webp`;
}

/** A workspace's version, or undefined when it is gone; another workspace's fails the job for good. */
export async function versionForJob(sql: Sql, workspaceId: string, versionId: string): Promise<JobVersion | undefined> {
  try {
    const [row] = await sql<JobVersion[]>`select * from private.asset_version_for_job(${workspaceId}, ${versionId})`;
    return row;
  } catch (error) {
    throw asPermanent(error);
  }
}

/** 42501 (a row of another workspace) cannot get better by retrying. */
export function asPermanent(error: unknown): unknown {
  return (error as { code?: string }).code === '42501' ? new PermanentJobError((error as Error).message) : error;
}
