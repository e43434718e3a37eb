import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { TeamPage } from '@/features/team/components/team-page';
import { prefetchForWorkspace } from '@/lib/account-prefetch';
import { workspaceMembersQueryOptions } from '@/lib/workspace-members';

/** /team: the signed-in header and the current workspace's Team screen. */
export function TeamRoute() {
  return (
    <div className="min-h-screen bg-muted/30">
      <DashboardHeader />
      <TeamPage />
    </div>
  );
}

/** The members start with the session, before the page renders. */
export const prefetchTeamRoute = prefetchForWorkspace(({ queryClient, workspaceId }) => {
  void queryClient.prefetchQuery(workspaceMembersQueryOptions(workspaceId));
});
