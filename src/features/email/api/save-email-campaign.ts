import { emailCopy } from '@/config/email-copy';
import { useEmailMutation } from '@/features/email/api/use-email-mutation';
import type { EmailBlock } from '@/lib/email-template/email-blocks';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface CampaignValues {
  name: string;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
  list_ids: string[];
  template_id: string | null;
}

type CampaignChange = { op: 'save'; id: string | null; values: CampaignValues } | { op: 'delete'; id: string };

async function changeCampaign(change: CampaignChange, workspaceId: string): Promise<string> {
  if (change.op === 'delete') {
    unwrap(await supabase.from('email_campaigns').delete().eq('id', change.id).select('id').single());
    return change.id;
  }
  const { values } = change;
  const row = { name: values.name.trim(), subject: values.subject.trim(), preheader: values.preheader.trim(), blocks: values.blocks as never, list_ids: values.list_ids, template_id: values.template_id };
  if (change.id) return unwrap(await supabase.from('email_campaigns').update(row).eq('id', change.id).select('id').single())!.id;
  return unwrap(await supabase.from('email_campaigns').insert({ ...row, organization_id: workspaceId }).select('id').single())!.id;
}

export function useChangeEmailCampaign() {
  return useEmailMutation({ mutationFn: changeCampaign, success: () => emailCopy.campaigns.saved, failure: emailCopy.campaigns.saveFailed });
}
