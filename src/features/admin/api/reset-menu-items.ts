import { messages } from '@/config/messages';
import { unwrap } from '@/lib/errors';
import { adminSupabase } from '@/lib/supabase';
import { logged } from './data-layer';
import { useSiteConfigMutation } from './use-site-config-mutation';

/** Spec §7's reset (delete all, insert the four defaults) in one transaction on the server: never an empty menu. */
export function resetMenuItems() {
  return logged('resetting menu items', async () => unwrap(await adminSupabase.rpc('reset_menu_items')));
}

export function useResetMenuItems() {
  return useSiteConfigMutation({ mutationFn: resetMenuItems, success: messages.admin.menuReset, failure: messages.admin.menuResetFailed });
}
