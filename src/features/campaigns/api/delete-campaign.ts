import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { campaignCopy } from '@/config/campaign-copy';
import { messages } from '@/config/messages';
import { campaignKeys } from '@/features/campaigns/api/keys';
import { CampaignGoneError } from '@/features/campaigns/api/campaign-gone-error';
import { accessLostDescription } from '@/lib/access-lost';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/**
 * Spec §7: delete by id. RLS hides other organizations' rows, so a row that is gone (deleted by another member) or
 * not ours deletes nothing without an error: the deleted ids are returned to tell that apart from success.
 */
async function deleteCampaign(id: string): Promise<void> {
  const { data, error } = await supabase.from('campaigns').delete().eq('id', id).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw new CampaignGoneError(campaignCopy.errors.itemGone);
}

export function useDeleteCampaign() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (id: string) => {
      if (!userId) throw new Error(campaignCopy.errors.notSignedIn);
      return checked(() => deleteCampaign(id));
    },
    onSuccess: () => {
      toast.success(messages.campaigns.deleted);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    onError: (error) => {
      console.error('Error deleting campaign:', error);
      const isGone = error instanceof CampaignGoneError;
      toast.error(messages.campaigns.deleteFailed, { description: accessLostDescription(error) ?? (isGone ? error.message : messages.campaigns.saveFailedDescription) });
      // Show the list as it is now, without the vanished row.
      if (isGone) void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
