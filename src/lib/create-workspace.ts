import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { workspaceCopy } from '@/config/team-copy';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { browserTimeZone } from '@/lib/time-zones';
import { useWorkspace, workspaceKeys } from '@/lib/workspace';
import { workspaceErrorMessage } from '@/lib/workspace-choice';

/**
 * create_workspace(name): a new workspace owned by the caller, then worked in at once. It takes the browser's time
 * zone (set_workspace_time_zone); a zone the database does not know leaves it at UTC, which the team can change.
 */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  const { select } = useWorkspace();
  return useMutation({
    mutationFn: async (name: string) => {
      const { data, error } = await supabase.rpc('create_workspace', { name });
      if (error) throw toError(error);
      const zone = browserTimeZone();
      if (zone !== 'UTC') await supabase.rpc('set_workspace_time_zone', { workspace_id: data.id, time_zone: zone });
      return data;
    },
    onSuccess: async (workspace) => {
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
      select(workspace.id);
      toast.success(workspaceCopy.created(workspace.name));
    },
    onError: (error) => {
      toast.error(workspaceCopy.createTitle, { description: workspaceErrorMessage(error) });
    },
  });
}
