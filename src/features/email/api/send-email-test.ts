import { emailCopy } from '@/config/email-copy';
import { useEmailMutation } from '@/features/email/api/use-email-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** "Send a test to yourself": the campaign's or template's message to the signed-in person's address. */
async function sendEmailTest(subject: { campaignId?: string; templateId?: string }): Promise<void> {
  unwrap(await supabase.rpc('send_email_test', { campaign_id: subject.campaignId, template_id: subject.templateId }));
}

export function useSendEmailTest() {
  return useEmailMutation({ mutationFn: sendEmailTest, success: () => emailCopy.campaigns.testSent, failure: emailCopy.campaigns.actionFailed });
}
