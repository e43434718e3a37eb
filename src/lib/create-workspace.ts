import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { workspaceCopy } from '@/config/team-copy';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace, workspaceKeys } from '@/lib/workspace';
import { workspaceErrorMessage } from '@/lib/workspace-choice';

/** create_workspace(name): a new workspace owned by the caller, then worked in at once. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  const { select } = useWorkspace();
  return useMutation({
    mutationFn: async (name: string) => {
      const { data, error } = await supabase.rpc('create_workspace', { name });
      if (error) throw toError(error);
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
