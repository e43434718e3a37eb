import { emailCopy } from '@/config/email-copy';
import { useEmailMutation } from '@/features/email/api/use-email-mutation';
import type { EmailBlock } from '@/lib/email-template/email-blocks';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface TemplateValues {
  name: string;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
}

type TemplateChange = { op: 'save'; id: string | null; values: TemplateValues } | { op: 'delete'; id: string };

async function changeTemplate(change: TemplateChange, workspaceId: string): Promise<void> {
  if (change.op === 'delete') {
    unwrap(await supabase.from('email_templates').delete().eq('id', change.id).select('id').single());
    return;
  }
  const row = { name: change.values.name.trim(), subject: change.values.subject.trim(), preheader: change.values.preheader.trim(), blocks: change.values.blocks as never };
  if (change.id) unwrap(await supabase.from('email_templates').update(row).eq('id', change.id).select('id').single());
  else unwrap(await supabase.from('email_templates').insert({ ...row, organization_id: workspaceId }).select('id').single());
}

export function useChangeEmailTemplate() {
  return useEmailMutation({ mutationFn: changeTemplate, success: () => emailCopy.templates.saved, failure: emailCopy.templates.saveFailed });
}
