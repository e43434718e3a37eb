import { useQuery } from '@tanstack/react-query';
import { assetKeys } from '@/features/assets/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface AssetFigures {
  assetCount: number;
  inReview: number;
  approvedThisMonth: number;
  storageUsed: number;
  quota: number;
}

/** The start of the user's own month, as an instant. */
export function monthStartOf(now: Date): string {
  return new Date(now.getFullYear(), now.getMonth(), 1).toISOString();
}

export async function fetchAssetFigures(workspaceId: string, monthStart: string): Promise<AssetFigures> {
  const [row] = unwrap(await supabase.rpc('asset_library_figures', { workspace_id: workspaceId, month_start: monthStart })) ?? [];
  return {
    assetCount: Number(row?.asset_count ?? 0),
    inReview: Number(row?.in_review_count ?? 0),
    approvedThisMonth: Number(row?.approved_this_month ?? 0),
    storageUsed: Number(row?.storage_used_bytes ?? 0),
    quota: Number(row?.quota_bytes ?? 0),
  };
}

export function useAssetFigures(now = new Date()) {
  const workspaceId = useWorkspace().current?.id ?? null;
  const monthStart = monthStartOf(now);
  return useQuery({
    queryKey: assetKeys.figures(workspaceId ?? '', monthStart),
    queryFn: () => fetchAssetFigures(workspaceId!, monthStart),
    enabled: workspaceId !== null,
  });
}
