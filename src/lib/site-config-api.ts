import { unwrap } from '@/lib/errors';
import type { AdminPage, MenuItem } from '@/lib/site-config';
import { adminSupabase, supabase } from '@/lib/supabase';

/** Loaded on demand by the SiteConfigProvider (this module brings supabase-js along). */
export async function fetchMenuItems(): Promise<MenuItem[]> {
  return unwrap(await supabase.from('menu_items').select('id, name, href, sort_order').order('sort_order')) ?? [];
}

/** Through the admin client: RLS shows admin pages to a site admin's session only. */
export async function fetchAdminPages(): Promise<AdminPage[]> {
  return unwrap(await adminSupabase.from('admin_pages').select('id, number, title, path').order('number')) ?? [];
}

export async function fetchSiteConfig({ withAdminPages }: { withAdminPages: boolean }) {
  const [menuItems, adminPages] = await Promise.all([fetchMenuItems(), withAdminPages ? fetchAdminPages() : Promise.resolve(null)]);
  return { menuItems, adminPages };
}
