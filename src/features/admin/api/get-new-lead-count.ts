import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSupabase } from '@/lib/supabase';
import { adminKeys } from './keys';
import { countNewLeads } from './leads-query';

/** How many leads are still new: the count beside Leads in the admin navigation (a HEAD request, no rows). */
export function getNewLeadCount(): Promise<number> {
  return countNewLeads(adminSupabase);
}

export const newLeadCountQueryOptions = () =>
  // Refreshed every minute while the admin area is open, so a lead sent meanwhile shows up in the navigation.
  queryOptions({ queryKey: adminKeys.newLeadCount(), queryFn: getNewLeadCount, refetchInterval: 60_000 });

export function useNewLeadCount() {
  return useQuery(newLeadCountQueryOptions());
}
