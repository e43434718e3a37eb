import { seoCopy } from '@/config/seo-copy';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { SeoToolkit } from '@/features/seo/components/seo-toolkit';
import { adminSupabase } from '@/lib/supabase';

const seo = { client: adminSupabase, scope: 'admin' } as const;

/** /admin/seo: the agency website audited like a client's site, read and run with the site admin's session. */
export function AdminSeoRoute() {
  return (
    <main className="space-y-6">
      <AdminPageHeader title={seoCopy.agency.title}>
        <p className="text-muted-foreground">{seoCopy.agency.description}</p>
      </AdminPageHeader>
      <SeoToolkit seo={seo} workspaceId={null} canWrite />
    </main>
  );
}
