import { useQuery } from '@tanstack/react-query';
import { assetKeys } from '@/features/assets/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

/** The tags in use in the library, most used first (the tag filter's choices). */
export function useAssetTags() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({
    queryKey: assetKeys.tags(workspaceId ?? ''),
    queryFn: async () => (unwrap(await supabase.rpc('asset_tags', { workspace_id: workspaceId! })) ?? []).map((row) => row.tag),
    enabled: workspaceId !== null,
  });
}
