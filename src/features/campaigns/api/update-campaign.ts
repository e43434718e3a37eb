import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { campaignCopy } from '@/config/campaign-copy';
import { messages } from '@/config/messages';
import { campaignKeys } from '@/features/campaigns/api/keys';
import type { CampaignInput } from '@/features/campaigns/utils/campaign-form';
import { CampaignGoneError } from '@/features/campaigns/api/campaign-gone-error';
import { accessLostDescription } from '@/lib/access-lost';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** Spec §7: update by id with the form fields. */
async function updateCampaign(id: string, input: CampaignInput): Promise<void> {
  const { data, error } = await supabase.from('campaigns').update(input).eq('id', id).select('id');
  if (error) throw toError(error);
  if (data.length === 0) throw new CampaignGoneError(campaignCopy.errors.itemGone);
}

export function useUpdateCampaign() {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CampaignInput }) => {
      if (!userId) throw new Error(campaignCopy.errors.notSignedIn);
      return checked(() => updateCampaign(id, input));
    },
    onSuccess: () => {
      toast.success(messages.campaigns.updated);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    onError: (error) => {
      console.error('Error saving campaign:', error);
      const isGone = error instanceof CampaignGoneError;
      toast.error(messages.campaigns.saveFailed, { description: accessLostDescription(error) ?? (isGone ? error.message : messages.campaigns.saveFailedDescription) });
      // Show the list as it is now, without the vanished row.
      if (isGone) void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
