import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { campaignCopy } from '@/config/campaign-copy';
import { ADVERTISING_CAMPAIGN_TYPE } from '@/config/campaign-options';
import { messages } from '@/config/messages';
import { campaignKeys } from '@/features/campaigns/api/keys';
import type { CampaignInput } from '@/features/campaigns/utils/campaign-form';
import { accessLostDescription } from '@/lib/access-lost';
import { useAuth } from '@/lib/auth';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';
import { useWorkspace } from '@/lib/workspace';

/** Spec §7: insert the form fields plus user_id and type ('advertising'); the row also names its workspace. */
async function createCampaign(input: CampaignInput, owner: { userId: string; organizationId: string }): Promise<void> {
  const { error } = await supabase
    .from('campaigns')
    .insert({ ...input, type: ADVERTISING_CAMPAIGN_TYPE, user_id: owner.userId, organization_id: owner.organizationId });
  if (error) throw toError(error);
}

export function useCreateCampaign() {
  const { userId } = useAuth();
  const organizationId = useWorkspace().current?.id ?? null;
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (input: CampaignInput) => {
      // Spec §5: nothing is saved without a signed-in user.
      if (!userId || !organizationId) throw new Error(campaignCopy.errors.notSignedIn);
      return checked(() => createCampaign(input, { userId, organizationId }));
    },
    onSuccess: () => {
      toast.success(messages.campaigns.created);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    onError: (error) => {
      console.error('Error saving campaign:', error);
      toast.error(messages.campaigns.saveFailed, { description: accessLostDescription(error) ?? messages.campaigns.saveFailedDescription });
    },
  });
}
