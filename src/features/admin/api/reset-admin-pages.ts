import { messages } from '@/config/messages';
import { unwrap } from '@/lib/errors';
import { adminSupabase } from '@/lib/supabase';
import { logged } from './data-layer';
import { useSiteConfigMutation } from './use-site-config-mutation';

/** Spec §7's reset (delete all, insert the 20 defaults) in one transaction on the server. */
export function resetAdminPages() {
  return logged('resetting admin pages', async () => unwrap(await adminSupabase.rpc('reset_admin_pages')));
}

export function useResetAdminPages() {
  return useSiteConfigMutation({ mutationFn: resetAdminPages, success: messages.admin.pagesReset, failure: messages.admin.pagesResetFailed });
}
