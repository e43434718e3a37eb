import { executiveOverviewQueryOptions } from '@/features/dashboard/api/get-overviews';
import { DirectorModule } from '@/features/dashboard/modules/director-module';
import { prefetchForWorkspace } from '@/lib/account-prefetch';
import { localDay } from '@/lib/periods';
import { workspaceMembersQueryOptions } from '@/lib/workspace-members';

export function MarketingDirectorRoute() {
  return <DirectorModule />;
}

/** The Executive Overview's figures and the team start with the session, before the page renders. */
export const prefetchDirectorRoute = prefetchForWorkspace(({ queryClient, workspaceId }) => {
  void queryClient.prefetchQuery(executiveOverviewQueryOptions(workspaceId, localDay()));
  void queryClient.prefetchQuery(workspaceMembersQueryOptions(workspaceId));
});
