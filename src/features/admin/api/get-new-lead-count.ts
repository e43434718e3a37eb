import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSupabase } from '@/lib/supabase';
import { adminKeys } from './keys';

/** How many leads are still new: the count beside Leads in the admin navigation (a HEAD request, no rows). */
export async function getNewLeadCount(): Promise<number> {
  const { count, error } = await adminSupabase.from('leads').select('id', { count: 'exact', head: true }).eq('status', 'new');
  if (error) throw error;
  return count ?? 0;
}

export const newLeadCountQueryOptions = () =>
  // Refreshed every minute while the admin area is open, so a lead sent meanwhile shows up in the navigation.
  queryOptions({ queryKey: adminKeys.newLeadCount(), queryFn: getNewLeadCount, refetchInterval: 60_000 });

export function useNewLeadCount() {
  return useQuery(newLeadCountQueryOptions());
}
