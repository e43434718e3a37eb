import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { campaignCopy } from '@/config/campaign-copy';
import { messages } from '@/config/messages';
import { campaignKeys } from '@/features/campaigns/api/keys';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Spec §7: delete by id (RLS lets only members of the row's organization delete it). */
async function deleteCampaign(id: string): Promise<void> {
  const { error } = await supabase.from('campaigns').delete().eq('id', id);
  if (error) throw toError(error);
}

export function useDeleteCampaign() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      if (!userId) throw new Error(campaignCopy.errors.notSignedIn);
      return deleteCampaign(id);
    },
    onSuccess: () => {
      toast.success(messages.campaigns.deleted);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    onError: (error) => {
      console.error('Error deleting campaign:', error);
      toast.error(messages.campaigns.deleteFailed, { description: error.message });
    },
  });
}
