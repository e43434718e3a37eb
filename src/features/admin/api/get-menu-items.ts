import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { adminSupabase } from '@/lib/supabase';
import { adminKeys } from './keys';

/** Spec §7: GET menu_items ordered by sort_order. */
export async function getMenuItems() {
  return unwrap(await adminSupabase.from('menu_items').select('id, name, href, sort_order').order('sort_order')) ?? [];
}

export const menuItemsQueryOptions = () => queryOptions({ queryKey: adminKeys.menuItems(), queryFn: getMenuItems });

export function useMenuItems() {
  return useQuery(menuItemsQueryOptions());
}
