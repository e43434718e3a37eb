import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { emailCopy } from '@/config/email-copy';
import { useSendingStatus } from '@/features/email/api/get-sending-status';
import { CampaignsPanel } from './campaigns-panel';
import { EmailOverviewPanel } from './email-overview-panel';
import { ListsPanel } from './lists-panel';
import { SendingStatusNotice } from './sending-status-notice';
import { SettingsPanel } from './settings-panel';
import { SuppressionsPanel } from './suppressions-panel';
import { TemplatesPanel } from './templates-panel';

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
          <CampaignsPanel workerAlive={workerAlive} />
        </TabsContent>
        <TabsContent value="lists">
          <ListsPanel />
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesPanel workerAlive={workerAlive} />
        </TabsContent>
        <TabsContent value="suppressions">
          <SuppressionsPanel />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
