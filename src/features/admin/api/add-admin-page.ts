import { messages } from '@/config/messages';
import { unwrap } from '@/lib/errors';
import { adminSupabase } from '@/lib/supabase';
import { logged } from './data-layer';
import { useSiteConfigMutation } from './use-site-config-mutation';

export interface NewAdminPage {
  number: number;
  title: string;
  path: string;
}

/** Spec §7: POST admin_pages with number, title, path. */
export function addAdminPage(page: NewAdminPage) {
  return logged('adding an admin page', async () => unwrap(await adminSupabase.from('admin_pages').insert(page).select('number').single()));
}

export function useAddAdminPage() {
  return useSiteConfigMutation({
    mutationFn: addAdminPage,
    success: (_, page) => messages.admin.pageAdded(page.number),
    failure: messages.admin.pageAddFailed,
  });
}
