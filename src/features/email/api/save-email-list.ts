import { emailCopy } from '@/config/email-copy';
import { useEmailMutation } from '@/features/email/api/use-email-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface EmailListValues {
  name: string;
  description: string;
  opt_in: 'single' | 'double';
  form_enabled: boolean;
  welcome_template_id: string | null;
}

type ListChange = { op: 'save'; id: string | null; values: EmailListValues } | { op: 'delete'; id: string };

async function changeList(change: ListChange, workspaceId: string): Promise<void> {
  if (change.op === 'delete') {
    unwrap(await supabase.from('email_lists').delete().eq('id', change.id).select('id').single());
    return;
  }
  const { values } = change;
  const row = {
    name: values.name.trim(),
    description: values.description.trim() || null,
    opt_in: values.opt_in,
    form_enabled: values.form_enabled,
    welcome_template_id: values.welcome_template_id,
    welcome_enabled: values.welcome_template_id !== null,
  };
  if (change.id) unwrap(await supabase.from('email_lists').update(row).eq('id', change.id).select('id').single());
  else unwrap(await supabase.from('email_lists').insert({ ...row, organization_id: workspaceId }).select('id').single());
}

export function useChangeEmailList() {
  return useEmailMutation({ mutationFn: changeList, success: () => emailCopy.lists.saved, failure: emailCopy.lists.saveFailed });
}
