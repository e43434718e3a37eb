import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { TeamPage } from '@/features/team/components/team-page';

/** /team: the signed-in header and the current workspace's Team screen. */
export function TeamRoute() {
  return (
    <div className="min-h-screen bg-muted/30">
      <DashboardHeader />
      <TeamPage />
    </div>
  );
}
