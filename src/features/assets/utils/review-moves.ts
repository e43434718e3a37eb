import type { AssetStatus } from '@/config/asset-options';

/**
 * Which review status an asset may take next, as private.asset_status_move_allowed allows it
 * (supabase/migrations/20261128130300_create_asset_review.sql; tests/integration/asset-library.test.ts compares the
 * two): submit a draft, approve or send back what is in review, resubmit what needs changes, reopen what was approved.
 */
const MOVES: Record<AssetStatus, readonly AssetStatus[]> = {
  draft: ['in_review'],
  in_review: ['approved', 'changes_requested', 'draft'],
  changes_requested: ['in_review', 'draft'],
  approved: ['draft'],
};

export function nextStatuses(status: AssetStatus): readonly AssetStatus[] {
  return MOVES[status] ?? [];
}

/** A move that must say why (the comment is required). */
export const needsComment = (status: AssetStatus) => status === 'changes_requested';
