import { contactsCopy } from '@/config/contacts-copy';
import { useContactsMutation } from '@/features/contacts/api/use-contacts-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface TagContacts {
  ids: readonly string[];
  add: readonly string[];
  remove: readonly string[];
}

/** bulk_tag_contacts(): adds and removes tags on every chosen contact, or on none. */
async function tagContacts({ ids, add, remove }: TagContacts, workspaceId: string): Promise<number> {
  const { data, error } = await supabase.rpc('bulk_tag_contacts', { workspace_id: workspaceId, contact_ids: [...ids], add_tags: [...add], remove_tags: [...remove] });
  if (error) throw toError(error);
  return data ?? 0;
}

export function useTagContacts() {
  return useContactsMutation({ mutationFn: tagContacts, success: (count: number) => contactsCopy.bulk.tagged(count), failure: contactsCopy.bulk.failed });
}
