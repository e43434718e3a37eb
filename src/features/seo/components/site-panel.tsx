import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { seoCopy } from '@/config/seo-copy';
import { useSeoAudits } from '@/features/seo/api/get-seo-audits';
import type { SeoSite } from '@/features/seo/api/get-seo-sites';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { AuditCard } from '@/features/seo/components/audit-card';
import { AuditChanges } from '@/features/seo/components/audit-changes';
import { HealthHistory } from '@/features/seo/components/health-history';
import { IssueDetail } from '@/features/seo/components/issue-detail';
import { IssuesList } from '@/features/seo/components/issues-list';
import { KeywordsPanel } from '@/features/seo/components/keywords-panel';
import { PageView } from '@/features/seo/components/page-view';
import { SeoFigures } from '@/features/seo/components/seo-figures';
import { readView, withView, type SeoTab } from '@/features/seo/utils/seo-view';

interface SitePanelProps {
  seo: SeoClient;
  site: SeoSite;
  canWrite: boolean;
}

/**
 * One site: its figures, its audits (run, progress, stop, which one to read), then either an open issue or page, or
 * the tabs: issues of the audit, changes since the one before, health history, keywords.
 */
export function SitePanel({ seo, site, canWrite }: SitePanelProps) {
  const audits = useSeoAudits(seo, site.id);
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const finished = (audits.data ?? []).filter((audit) => audit.status === 'done');
  const audit = finished.find((entry) => entry.id === view.audit) ?? finished[0] ?? null;
  const go = (changes: Parameters<typeof withView>[1]) => setParams(withView(params, { site: site.id, ...changes }));

  function detail() {
    if (!audit) return null;
    if (view.page) return <PageView seo={seo} siteId={site.id} pageId={view.page} onBack={() => go({ page: null })} onOpenIssue={(issue) => go({ page: null, issue })} />;
    if (view.issue) return <IssueDetail seo={seo} siteId={site.id} auditId={audit.id} checkId={view.issue} onBack={() => go({ issue: null })} onOpenPage={(page) => go({ page })} />;
    return null;
  }
  const opened = detail();

  return (
    <div className="space-y-6">
      <SeoFigures seo={seo} siteId={site.id} latestAuditId={finished[0]?.id ?? null} />
      <AuditCard seo={seo} site={site} audits={audits} shown={audit} canWrite={canWrite} onChoose={(id) => go({ audit: id, issue: null, page: null })} />
      {opened ?? (
        <Tabs value={view.tab} onValueChange={(tab) => go({ tab: tab as SeoTab })}>
          <TabsList className="h-auto flex-wrap justify-start">
            {(Object.keys(seoCopy.tabs) as SeoTab[]).map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {seoCopy.tabs[tab]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="issues">{audit ? <IssuesList seo={seo} siteId={site.id} auditId={audit.id} onOpen={(issue) => go({ issue })} /> : null}</TabsContent>
          <TabsContent value="changes">{audit ? <AuditChanges seo={seo} siteId={site.id} audit={audit} finished={finished} /> : null}</TabsContent>
          <TabsContent value="history">
            <HealthHistory audits={finished} />
          </TabsContent>
          <TabsContent value="keywords">
            <KeywordsPanel seo={seo} siteId={site.id} canWrite={canWrite} workspaceId={site.organization_id} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
