import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { seoCopy } from '@/config/seo-copy';
import { useSeoAudits } from '@/features/seo/api/get-seo-audits';
import type { SeoSite } from '@/features/seo/api/get-seo-sites';
import type { SeoClient } from '@/features/seo/api/seo-client';
import { AuditCard } from '@/features/seo/components/audit-card';
import { IssuesList } from '@/features/seo/components/issues-list';
import { SeoFigures } from '@/features/seo/components/seo-figures';
import { readView, withView, type SeoTab } from '@/features/seo/utils/seo-view';

// What the page opens on (figures, audits, the issues tab) loads with it; an opened issue or page and the other tabs
// load when shown (issue 33: the chart of the history tab, the keywords' forms).
const AuditChanges = lazy(() => import('@/features/seo/components/audit-changes').then((module) => ({ default: module.AuditChanges })));
const HealthHistory = lazy(() => import('@/features/seo/components/health-history').then((module) => ({ default: module.HealthHistory })));
const IssueDetail = lazy(() => import('@/features/seo/components/issue-detail').then((module) => ({ default: module.IssueDetail })));
const KeywordsPanel = lazy(() => import('@/features/seo/components/keywords-panel').then((module) => ({ default: module.KeywordsPanel })));
const PageView = lazy(() => import('@/features/seo/components/page-view').then((module) => ({ default: module.PageView })));
const loading = <p className="text-sm text-muted-foreground" role="status">{seoCopy.loadingView}</p>;

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
      {opened ? <Suspense fallback={loading}>{opened}</Suspense> : (
        <Tabs value={view.tab} onValueChange={(tab) => go({ tab: tab as SeoTab })}>
          <TabsList className="h-auto flex-wrap justify-start">
            {(Object.keys(seoCopy.tabs) as SeoTab[]).map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {seoCopy.tabs[tab]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="issues">{audit ? <IssuesList seo={seo} siteId={site.id} auditId={audit.id} onOpen={(issue) => go({ issue })} /> : null}</TabsContent>
          <TabsContent value="changes">
            <Suspense fallback={loading}>{audit ? <AuditChanges seo={seo} siteId={site.id} audit={audit} finished={finished} /> : null}</Suspense>
          </TabsContent>
          <TabsContent value="history">
            <Suspense fallback={loading}>
              <HealthHistory audits={finished} />
            </Suspense>
          </TabsContent>
          <TabsContent value="keywords">
            <Suspense fallback={loading}>
              <KeywordsPanel seo={seo} siteId={site.id} canWrite={canWrite} workspaceId={site.organization_id} />
            </Suspense>
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
