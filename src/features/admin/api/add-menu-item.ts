import { messages } from '@/config/messages';
import { unwrap } from '@/lib/errors';
import { adminSupabase } from '@/lib/supabase';
import { logged } from './data-layer';
import { useSiteConfigMutation } from './use-site-config-mutation';

export interface NewMenuItem {
  name: string;
  href: string;
  sort_order: number;
}

/** Spec §7: POST menu_items with name, href, sort_order. */
export function addMenuItem(item: NewMenuItem) {
  return logged('adding a menu item', async () => unwrap(await adminSupabase.from('menu_items').insert(item).select('id').single()));
}

export function useAddMenuItem() {
  return useSiteConfigMutation({ mutationFn: addMenuItem, success: messages.admin.menuItemAdded, failure: messages.admin.menuItemAddFailed });
}
