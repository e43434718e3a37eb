import { useState, type ComponentType } from 'react';
import { dashboardCopy } from '@/config/account-copy';
import { findRole } from '@/config/roles';
import { site } from '@/config/site';
import { usePlatformOverview } from '@/features/dashboard/api/get-overviews';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { ModuleGrid } from '@/features/dashboard/components/module-grid';
import { PlatformOverview } from '@/features/dashboard/components/platform-overview';
import { RolePrompt } from '@/features/dashboard/components/role-prompt';
import { YourDashboardCard } from '@/features/dashboard/components/your-dashboard-card';
import { profileDisplay } from '@/features/dashboard/utils/profile-display';
import { PageStatus, useAuth } from '@/lib/auth';
import { localDay } from '@/lib/periods';
import { useWorkspace } from '@/lib/workspace';
import { useWorkspaceMembers } from '@/lib/workspace-members';

/** A notice of what needs the current workspace's attention, from another feature (the route gives it: the Social Hub's broken accounts). */
export type WorkspaceNotice = ComponentType<{ workspaceId: string; canWrite: boolean }>;

/**
 * /dashboard (spec §2): header, welcome line, the current workspace's `workspaceNotice`, own module, all modules, the Platform
 * Overview's four figures. The welcome line's active members are the Active Users card's, from the same answer
 * (platform_overview): one definition.
 */
export function DashboardPage({ workspaceNotice: WorkspaceNotice }: { workspaceNotice: WorkspaceNotice }) {
  const { profile, user, isProfileLoading } = useAuth();
  const { current, canWrite } = useWorkspace();
  const members = useWorkspaceMembers();
  const [today] = useState(localDay);
  const overview = usePlatformOverview(today);
  if (isProfileLoading) return <PageStatus>{dashboardCopy.loading}</PageStatus>;

  const display = profileDisplay(profile, user);
  const role = findRole(profile?.marketing_role)?.value ?? null;

  return (
    <div className="min-h-screen bg-muted/30">
      <title>{`${dashboardCopy.yourDashboard} | ${site.platformName}`}</title>
      <DashboardHeader />
      <main className="container mx-auto space-y-8 px-4 py-8">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            {display.firstName ? dashboardCopy.welcome(display.firstName) : dashboardCopy.welcomeAnonymous}
          </h1>
          <p className="text-muted-foreground">
            {current && members.data && overview.data
              ? dashboardCopy.welcomeTeam(current.name, members.data.length, overview.data.figures.active_users)
              : dashboardCopy.welcomeSubtitle}
          </p>
        </div>
        {current ? <WorkspaceNotice workspaceId={current.id} canWrite={canWrite} /> : null}
        {profile === null ? (
          <p role="alert" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
            {dashboardCopy.profileUnavailable}
          </p>
        ) : role ? (
          <YourDashboardCard role={role} />
        ) : (
          <RolePrompt />
        )}
        <ModuleGrid role={role} />
        <PlatformOverview />
      </main>
    </div>
  );
}
