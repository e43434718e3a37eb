import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { adminSupabase } from '@/lib/supabase';
import { adminKeys } from './keys';

/** Spec §7: GET admin_pages ordered by number (RLS shows rows to a site admin's session only). */
export async function getAdminPages() {
  return unwrap(await adminSupabase.from('admin_pages').select('id, number, title, path').order('number')) ?? [];
}

export const adminPagesQueryOptions = () => queryOptions({ queryKey: adminKeys.adminPages(), queryFn: getAdminPages });

export function useAdminPages() {
  return useQuery(adminPagesQueryOptions());
}
