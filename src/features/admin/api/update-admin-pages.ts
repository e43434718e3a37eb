import { messages } from '@/config/messages';
import { adminSupabase } from '@/lib/supabase';
import { assertRowsChanged, logged } from './data-layer';
import { useSiteConfigMutation } from './use-site-config-mutation';

export type AdminPageRename = { number: number; title: string };

/** Spec §7: PATCH admin_pages set title where number, for each renamed page. */
export function updateAdminPages(renames: readonly AdminPageRename[]): Promise<void> {
  return logged('updating admin pages', async () => {
    const results = await Promise.all(
      renames.map(({ number, title }) => adminSupabase.from('admin_pages').update({ title }).eq('number', number).select('number')),
    );
    for (const { data, error } of results) {
      if (error) throw error;
      assertRowsChanged(data, 'admin page');
    }
  });
}

export function useUpdateAdminPages() {
  return useSiteConfigMutation({ mutationFn: updateAdminPages, success: messages.admin.pagesUpdated, failure: messages.admin.pagesUpdateFailed });
}
