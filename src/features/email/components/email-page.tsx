import { lazy, Suspense, type ReactNode } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { emailCopy } from '@/config/email-copy';
import { useSendingStatus } from '@/features/email/api/get-sending-status';
import { EmailOverviewPanel } from './email-overview-panel';
import { SendingStatusNotice } from './sending-status-notice';

// The other tabs (with the editor and its e-mail renderer) load when opened: the page's first load stays small.
const CampaignsPanel = lazy(() => import('./campaigns-panel').then((module) => ({ default: module.CampaignsPanel })));
const ListsPanel = lazy(() => import('./lists-panel').then((module) => ({ default: module.ListsPanel })));
const TemplatesPanel = lazy(() => import('./templates-panel').then((module) => ({ default: module.TemplatesPanel })));
const SuppressionsPanel = lazy(() => import('./suppressions-panel').then((module) => ({ default: module.SuppressionsPanel })));
const SettingsPanel = lazy(() => import('./settings-panel').then((module) => ({ default: module.SettingsPanel })));

const loading = <ListStatus kind="loading" title={emailCopy.loading} />;

const TABS = ['overview', 'campaigns', 'lists', 'templates', 'suppressions', 'settings'] as const;

/**
 * The Email Marketing Platform of the current workspace: its figures, campaigns, lists, templates, suppression list
 * and sending settings. `sample` is the marked sample the overview shows while the workspace has sent nothing.
 */
export function EmailPage({ sample }: { sample: ReactNode }) {
  const status = useSendingStatus();
  const workerAlive = status.data?.workerAlive ?? true;
  return (
    <>
      {status.data && !workerAlive ? <SendingStatusNotice /> : null}
      <Tabs defaultValue="overview" className="space-y-4">
        <TabsList className="flex h-auto flex-wrap justify-start">
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {emailCopy.tabs[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <EmailOverviewPanel sample={sample} />
        </TabsContent>
        <TabsContent value="campaigns">
          <Suspense fallback={loading}>
            <CampaignsPanel workerAlive={workerAlive} />
          </Suspense>
        </TabsContent>
        <TabsContent value="lists">
          <Suspense fallback={loading}>
            <ListsPanel />
          </Suspense>
        </TabsContent>
        <TabsContent value="templates">
          <Suspense fallback={loading}>
            <TemplatesPanel workerAlive={workerAlive} />
          </Suspense>
        </TabsContent>
        <TabsContent value="suppressions">
          <Suspense fallback={loading}>
            <SuppressionsPanel />
          </Suspense>
        </TabsContent>
        <TabsContent value="settings">
          <Suspense fallback={loading}>
            <SettingsPanel />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}
