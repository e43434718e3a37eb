import { contactsCopy } from '@/config/contacts-copy';
import { useContactsMutation } from '@/features/contacts/api/use-contacts-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** bulk_delete_contacts(): all the chosen contacts of the workspace, or none (a foreign id refuses the call). */
async function deleteContacts(ids: readonly string[], workspaceId: string): Promise<number> {
  const { data, error } = await supabase.rpc('bulk_delete_contacts', { workspace_id: workspaceId, contact_ids: [...ids] });
  if (error) throw toError(error);
  return data ?? 0;
}

/** Deletes one contact (the row's Delete) or a selection (the selection bar), after the caller's confirmation. */
export function useDeleteContacts() {
  return useContactsMutation({
    mutationFn: deleteContacts,
    success: (count: number, ids) => (ids.length === 1 ? contactsCopy.deleted : contactsCopy.bulk.deleted(count)),
    failure: contactsCopy.deleteFailed,
  });
}
