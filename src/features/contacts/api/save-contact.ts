import { contactsCopy } from '@/config/contacts-copy';
import { useContactsMutation } from '@/features/contacts/api/use-contacts-mutation';
import type { ContactInput } from '@/features/contacts/utils/contact-form';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface SaveContact {
  /** Absent: a new contact. */
  id?: string;
  input: ContactInput;
}

/** Insert into the workspace, or update by id (RLS: members and above of the contact's workspace). */
async function saveContact({ id, input }: SaveContact, workspaceId: string): Promise<void> {
  const { data, error } = id
    ? await supabase.from('contacts').update(input).eq('id', id).select('id')
    : await supabase.from('contacts').insert({ ...input, organization_id: workspaceId }).select('id');
  if (error) throw toError(error);
  if (!data?.length) throw Object.assign(new Error(contactsCopy.errors.notAllowed), { code: '42501' });
}

export function useSaveContact() {
  return useContactsMutation({ mutationFn: saveContact, success: () => contactsCopy.saved, failure: contactsCopy.saveFailed });
}
