import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importCampaignResults } from '@/features/campaigns/api/import-campaign-results';
import { campaignKeys } from '@/features/campaigns/api/keys';
import type { CampaignResultInput } from '@/features/campaigns/utils/results-csv';
import { supabase } from '@/lib/supabase';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

/** The one-day form's save (through the import: a day and platform already there is replaced); figures reload after. */
export function useSaveCampaignResult(campaignId: string) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (row: CampaignResultInput) => checked(() => importCampaignResults(supabase, campaignId, [row])),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...campaignKeys.all, 'figures'] }),
  });
}
