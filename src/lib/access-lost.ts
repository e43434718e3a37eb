import { workspaceCopy } from '@/config/team-copy';

/**
 * A write of a workspace's records that the server refused because the user lost their access (removed from the
 * workspace, or lowered to viewer), told apart from a record that is really gone. The server cannot say which: row-level
 * security hides a deleted row and a row this user may no longer write alike (an update or delete changes no row), and
 * an insert or a function refuses both with 42501. So after such a refusal the app reads the user's workspaces again
 * (`useAccessCheckedWrite`); this module holds the kinds of error and the words.
 */

/** An update or delete changed no row: the record seems gone (each feature says which record, in its own words). */
export class RowGoneError extends Error {
  override name = 'RowGoneError';
}

export type AccessLoss = 'removed' | 'read-only';

/** The write was refused because the user is no longer a member of the workspace, or now only a viewer there. */
export class AccessLostError extends Error {
  override name = 'AccessLostError';
  readonly code = '42501';

  constructor(
    readonly workspaceName: string,
    readonly loss: AccessLoss,
    options?: { cause?: unknown },
  ) {
    super(loss === 'removed' ? `${workspaceCopy.lostAccess(workspaceName)}.` : workspaceCopy.readOnlyNow(workspaceName), options);
  }
}

/** Stable reasons of the database's functions for a record the caller cannot see (deleted, or not theirs any more). */
const HIDDEN_RECORD_DETAILS = new Set(['campaign_missing', 'unknown_contacts']);

/** Whether a failed write may mean lost access: a row that seems gone, a permission refusal, a record not visible. */
export function mayMeanLostAccess(error: unknown): boolean {
  if (error instanceof RowGoneError) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, details } = error as { code?: unknown; details?: unknown };
  return code === '42501' || (typeof details === 'string' && HIDDEN_RECORD_DETAILS.has(details));
}

/** The words for a write refused for lost access, or null for any other failure (the feature then says its own). */
export function accessLostDescription(error: unknown): string | null {
  return error instanceof AccessLostError ? error.message : null;
}
