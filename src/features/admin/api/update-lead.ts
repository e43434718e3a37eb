import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { LeadStatus } from '@/config/lead-options';
import { leadsCopy } from '@/config/leads-copy';
import { adminSupabase } from '@/lib/supabase';
import { assertRowsChanged, logged } from './data-layer';
import { adminFailureDescription } from './failure-description';
import { adminKeys } from './keys';

export interface LeadChange {
  id: string;
  status: LeadStatus;
  /** Blank becomes null. */
  note: string;
}

/** PATCH leads set status, note where id (site admins only: RLS changes no row for anyone else). */
export function updateLead({ id, status, note }: LeadChange): Promise<void> {
  return logged('updating lead', async () => {
    const { data, error } = await adminSupabase.from('leads').update({ status, note: note.trim() || null }).eq('id', id).select('id');
    if (error) throw error;
    assertRowsChanged(data, 'lead');
  });
}

/** Saves a lead's status and note; the inbox and the navigation's count reload. The caller keeps the form on failure. */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.leads() });
      toast.success(leadsCopy.saved);
    },
    onError: (error) => {
      toast.error(leadsCopy.saveFailed, { description: adminFailureDescription(error) });
    },
  });
}
