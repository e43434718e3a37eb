import { emailCopy } from '@/config/email-copy';
import { useEmailMutation } from '@/features/email/api/use-email-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface ListFilter {
  tags: string[];
  lifecycle_stages: string[];
  score_bands: string[];
}

export interface FilterOutcome {
  matching: number;
  already?: number;
  added?: number;
  confirmations?: number;
}

/** Counts (dry run) or adds the contacts matching a filter; the database writes each one's consent record. */
export async function addFilteredContacts(listId: string, filter: ListFilter, dryRun: boolean): Promise<FilterOutcome> {
  return unwrap(await supabase.rpc('add_filtered_contacts_to_email_list', { list_id: listId, ...filter, dry_run: dryRun })) as unknown as FilterOutcome;
}

export function useAddFilteredContacts() {
  return useEmailMutation({
    mutationFn: (input: { listId: string; filter: ListFilter }) => addFilteredContacts(input.listId, input.filter, false),
    success: (result) => emailCopy.filter.added(result.added ?? 0, result.confirmations ?? 0),
    failure: emailCopy.lists.saveFailed,
  });
}
