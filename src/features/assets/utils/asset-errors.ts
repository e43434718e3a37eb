import { assetCopy } from '@/config/asset-copy';
import { toAssetUser, type AssetUser } from '@/features/assets/utils/asset-users';
import { accessLostDescription, RowGoneError } from '@/lib/access-lost';

/**
 * What to tell a person when an asset library write fails. The database's functions refuse with P0001 and a sentence
 * written for people (quota, moves, comments, "used in …"): that sentence is shown. Lost access is said as such; a
 * row that vanished says so; anything else asks to try again (the error itself goes to the console).
 */
export function assetErrorDescription(error: unknown): string {
  const lost = accessLostDescription(error);
  if (lost) return lost;
  if (error instanceof RowGoneError) return assetCopy.errors.notFound;
  const { code, message, details } = (error ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  if (code === 'P0001' && typeof message === 'string' && message) return message;
  if (code === '42501' && details === 'role_too_low') return assetCopy.errors.readOnly;
  if (code === '23505') return assetCopy.collections.duplicate;
  return assetCopy.errors.tryAgain;
}

/** The content items, campaigns and templates named by a refused delete (delete_asset's hint: [{ id, title, kind, status }]). */
export function usersOfRefusedDelete(error: unknown): AssetUser[] | null {
  const { details, hint } = (error ?? {}) as { details?: unknown; hint?: unknown };
  if (details !== 'asset_in_use' || typeof hint !== 'string') return null;
  try {
    const users: unknown = JSON.parse(hint);
    return Array.isArray(users) ? users.map(toAssetUser).filter((user) => user !== null) : null;
  } catch {
    return null;
  }
}

/** Whether an upload was refused for the quota (start_asset_upload). */
export const isQuotaError = (error: unknown) => (error as { details?: unknown } | null)?.details === 'quota_exceeded';
