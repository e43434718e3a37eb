import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { analyticsCopy } from '@/config/analytics-copy';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { useSites } from '@/features/analytics/api/get-sites';
import { AgencyDomainForm } from '@/features/analytics/components/agency-domain-form';
import { SiteReport } from '@/features/analytics/components/site-report';

/** The agency website's own figures (its snippet is built in) and where its events may come from: site admins only. */
export function AgencyAnalytics({ analytics }: { analytics: AnalyticsClient }) {
  const sites = useSites(analytics, null);
  if (sites.isPending) return <ListStatus kind="loading" title={analyticsCopy.admin.title} />;
  const site = sites.data?.[0];
  if (sites.isError || !site) {
    return (
      <ListStatus kind="error" title={analyticsCopy.report.loadFailed} description={sites.error?.message}>
        <Button type="button" variant="outline" onClick={() => void sites.refetch()}>
          {analyticsCopy.sites.retry}
        </Button>
      </ListStatus>
    );
  }
  return (
    <div className="space-y-6">
      <SiteReport analytics={analytics} siteId={site.id} siteName={site.name} />
      <AgencyDomainForm key={site.domain ?? ''} analytics={analytics} site={site} />
    </div>
  );
}
