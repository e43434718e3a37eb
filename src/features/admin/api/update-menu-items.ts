import { messages } from '@/config/messages';
import { adminSupabase } from '@/lib/supabase';
import { assertRowsChanged, logged } from './data-layer';
import { useSiteConfigMutation } from './use-site-config-mutation';

export type MenuItemRename = { id: string; name: string };

/** Spec §7: PATCH menu_items set name where id, for each renamed entry. */
export function updateMenuItems(renames: readonly MenuItemRename[]): Promise<void> {
  return logged('updating menu items', async () => {
    const results = await Promise.all(
      renames.map(({ id, name }) => adminSupabase.from('menu_items').update({ name }).eq('id', id).select('id')),
    );
    for (const { data, error } of results) {
      if (error) throw error;
      assertRowsChanged(data, 'menu item');
    }
  });
}

export function useUpdateMenuItems() {
  return useSiteConfigMutation({ mutationFn: updateMenuItems, success: messages.admin.menuUpdated, failure: messages.admin.menuUpdateFailed });
}
