import { platformOverviewQueryOptions } from '@/features/dashboard/api/get-overviews';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { DashboardReconnectNotice } from '@/features/social/components/dashboard-reconnect-notice';
import { prefetchForWorkspace } from '@/lib/account-prefetch';
import { localDay } from '@/lib/periods';
import { workspaceMembersQueryOptions } from '@/lib/workspace-members';

/** The dashboard with the Social Hub's notice of the workspace's broken accounts (issue 30 point 1). */
export function DashboardRoute() {
  return <DashboardPage workspaceNotice={DashboardReconnectNotice} />;
}

/** Its figures and the team line start with the session, before the page renders. */
export const prefetchDashboardRoute = prefetchForWorkspace(({ queryClient, workspaceId }) => {
  void queryClient.prefetchQuery(platformOverviewQueryOptions(workspaceId, localDay()));
  void queryClient.prefetchQuery(workspaceMembersQueryOptions(workspaceId));
});
