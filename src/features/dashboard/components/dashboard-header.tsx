import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { WorkspaceSwitcher } from '@/components/workspace/workspace-switcher';
import { dashboardCopy } from '@/config/account-copy';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useSignOut } from '@/features/dashboard/api/sign-out';
import { ProfileSettingsDialog } from '@/features/dashboard/components/profile-settings-dialog';
import { profileDisplay } from '@/features/dashboard/utils/profile-display';
import { useAuth } from '@/lib/auth';

/** Platform name, badge, the user's name and role, the workspace switcher, profile settings and sign-out. */
export function DashboardHeader() {
  const { profile, user } = useAuth();
  const { signOut, isPending } = useSignOut();
  const display = profileDisplay(profile, user);

  return (
    <header className="border-b bg-background">
      <div className="container mx-auto flex flex-wrap items-center justify-between gap-4 px-4 py-4">
        <div className="flex flex-wrap items-center gap-3">
          <Link to={paths.dashboard} className="flex items-center gap-2 text-lg font-bold">
            <LayoutDashboard className="h-6 w-6 text-primary" aria-hidden="true" />
            {site.platformName}
          </Link>
          <Badge variant="secondary">{dashboardCopy.platformBadge}</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="text-right">
            <p className="font-medium">{display.fullName}</p>
            <p className="text-sm text-muted-foreground">{display.roleLabel}</p>
          </div>
          <WorkspaceSwitcher />
          {profile ? <ProfileSettingsDialog profile={profile} /> : null}
          <Button variant="outline" onClick={() => void signOut()} disabled={isPending} aria-busy={isPending || undefined}>
            <LogOut aria-hidden="true" />
            {dashboardCopy.signOut}
          </Button>
        </div>
      </div>
    </header>
  );
}
