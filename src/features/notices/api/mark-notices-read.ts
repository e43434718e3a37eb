import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { noticesCopy } from '@/config/notices-copy';
import { noticeKeys } from '@/features/notices/api/keys';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

interface MarkNoticesRead {
  workspaceId: string;
  ids: string[];
}

/** Marks the given notices read (only the member's own: RLS lets nobody else's rows change). */
async function markNoticesRead({ workspaceId, ids }: MarkNoticesRead): Promise<void> {
  if (ids.length === 0) return;
  const { error } = await supabase
    .from('member_notices')
    .update({ read_at: new Date().toISOString() })
    .eq('organization_id', workspaceId)
    .in('id', ids)
    .is('read_at', null);
  if (error) throw toError(error);
}

export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoticesRead,
    onError: (error) => toast.error(noticesCopy.markReadFailed, { description: error.message }),
    onSettled: (_result, _error, input) => queryClient.invalidateQueries({ queryKey: noticeKeys.workspace(input.workspaceId) }),
  });
}
