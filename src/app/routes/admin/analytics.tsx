import { analyticsCopy } from '@/config/analytics-copy';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { AgencyAnalytics } from '@/features/analytics/components/agency-analytics';
import { adminSupabase } from '@/lib/supabase';

const analytics = { client: adminSupabase, scope: 'admin' } as const;

/** /admin/analytics: the agency website's visitors, read with the site admin's session. */
export function AdminAnalyticsRoute() {
  return (
    <main className="space-y-6">
      <AdminPageHeader title={analyticsCopy.admin.title}>
        <p className="text-muted-foreground">{analyticsCopy.admin.description}</p>
      </AdminPageHeader>
      <AgencyAnalytics analytics={analytics} />
    </main>
  );
}
