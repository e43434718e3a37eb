import { useQuery } from '@tanstack/react-query';
import { noticeKeys } from '@/features/notices/api/keys';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Checked again every minute while a page is open: notices come from background work (workflows, publish jobs). */
const REFRESH_MS = 60_000;

/** How many of the member's notices in the workspace are unread (a count only: no rows travel). */
async function getUnreadNoticeCount(workspaceId: string): Promise<number> {
  const { count, error } = await supabase
    .from('member_notices')
    .select('id', { count: 'exact', head: true })
    .eq('organization_id', workspaceId)
    .is('read_at', null);
  if (error) throw toError(error);
  return count ?? 0;
}

export function useUnreadNoticeCount(workspaceId: string | undefined) {
  return useQuery({
    queryKey: noticeKeys.unread(workspaceId ?? ''),
    queryFn: () => getUnreadNoticeCount(workspaceId!),
    enabled: workspaceId !== undefined,
    refetchInterval: REFRESH_MS,
  });
}
