import { emailCopy } from '@/config/email-copy';
import { useEmailMutation } from '@/features/email/api/use-email-mutation';
import type { CampaignAction } from '@/features/email/utils/campaign-actions';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface CampaignStateChange {
  action: Exclude<CampaignAction, 'edit' | 'delete' | 'test'>;
  campaignId: string;
  /** For 'schedule': the moment (ISO). */
  at?: string;
}

async function changeCampaignState({ action, campaignId, at }: CampaignStateChange): Promise<void> {
  const args = { campaign_id: campaignId };
  if (action === 'send') unwrap(await supabase.rpc('send_email_campaign', args));
  else if (action === 'schedule') unwrap(await supabase.rpc('send_email_campaign', { ...args, scheduled_at: at }));
  else if (action === 'unschedule') unwrap(await supabase.rpc('unschedule_email_campaign', args));
  else if (action === 'pause') unwrap(await supabase.rpc('pause_email_campaign', args));
  else if (action === 'resume') unwrap(await supabase.rpc('resume_email_campaign', args));
  else unwrap(await supabase.rpc('cancel_email_campaign', args));
}

/** Send now, schedule, back to draft, pause, resume or cancel: the database checks the state and the worker. */
export function useChangeCampaignState() {
  return useEmailMutation({
    mutationFn: changeCampaignState,
    success: (_result, input) => emailCopy.campaigns.actionDone[input.action],
    failure: emailCopy.campaigns.actionFailed,
  });
}
