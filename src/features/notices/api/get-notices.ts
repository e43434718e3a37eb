import { useQuery } from '@tanstack/react-query';
import { noticeKeys } from '@/features/notices/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The latest notices shown in the panel; older ones stay in the database (read or not). */
export const NOTICES_SHOWN = 20;

export interface Notice {
  id: string;
  kind: string;
  title: string;
  body: string;
  contact_id: string | null;
  created_at: string;
  read_at: string | null;
}

/** The member's latest notices in the workspace, newest first (RLS: their own, in a workspace they belong to). */
async function getNotices(workspaceId: string): Promise<Notice[]> {
  return (
    unwrap(
      await supabase
        .from('member_notices')
        .select('id, kind, title, body, contact_id, created_at, read_at')
        .eq('organization_id', workspaceId)
        .order('created_at', { ascending: false })
        .order('id')
        .limit(NOTICES_SHOWN),
    ) ?? []
  );
}

export function useNotices(workspaceId: string) {
  return useQuery({ queryKey: noticeKeys.list(workspaceId), queryFn: () => getNotices(workspaceId) });
}
