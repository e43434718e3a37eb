import { platformOverviewQueryOptions } from '@/features/dashboard/api/get-overviews';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { prefetchForWorkspace } from '@/lib/account-prefetch';
import { localDay } from '@/lib/periods';
import { workspaceMembersQueryOptions } from '@/lib/workspace-members';

export function DashboardRoute() {
  return <DashboardPage />;
}

/** Its figures and the team line start with the session, before the page renders. */
export const prefetchDashboardRoute = prefetchForWorkspace(({ queryClient, workspaceId }) => {
  void queryClient.prefetchQuery(platformOverviewQueryOptions(workspaceId, localDay()));
  void queryClient.prefetchQuery(workspaceMembersQueryOptions(workspaceId));
});
