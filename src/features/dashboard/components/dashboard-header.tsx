import { Building2, Globe, LayoutDashboard, LogOut, Settings, UserRound } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { WorkspaceSwitcherButton } from '@/components/workspace/workspace-switcher-button';
import { dashboardCopy } from '@/config/account-copy';
import { workspaceCopy } from '@/config/team-copy';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useNoteWorkspaceActivity } from '@/features/dashboard/api/note-workspace-activity';
import { useSignOut } from '@/features/dashboard/api/sign-out';
import { NoticesButton } from '@/features/notices/components/notices-button';
import { profileDisplay, type ProfileDisplay } from '@/features/dashboard/utils/profile-display';
import { removeAppFrame } from '@/lib/app-frame';
import { useAuth } from '@/lib/auth';
import { useLoadOnIntent, type IntentHandlers } from '@/lib/use-load-on-intent';
import { useMediaQuery } from '@/lib/use-media-query';
import { useWorkspace } from '@/lib/workspace';
import { cn } from '@/lib/utils';
import { headerLayout } from '@/features/dashboard/components/header-layout';

/** Tailwind's `lg`: from here on the header is one row without the account menu. */
const HEADER_ONE_ROW_QUERY = '(min-width: 1024px)';

/**
 * The header's menus (the workspace switcher's popover, the profile dialog, the phone's account sheet) with their
 * Radix and floating-ui code: off the first load of every signed-in page (issue 33), loaded on the first hover, focus
 * or touch of one of their buttons, which render at once.
 */
const loadMenus = () =>
  Promise.all([
    import('@/components/workspace/workspace-switcher'),
    import('@/features/dashboard/components/profile-settings-dialog'),
    import('@/components/ui/sheet'),
  ]).then(([switcher, settings, sheet]) => ({
    ...sheet,
    WorkspaceSwitcher: switcher.WorkspaceSwitcher,
    ProfileSettingsDialog: settings.ProfileSettingsDialog,
    AccountSecurityLink: settings.AccountSecurityLink,
  }));

/** Only for a user with a workspace that requires two-factor this session has not given: off everyone else's load. */
const TwoFactorRequiredNotice = lazy(() =>
  import('@/components/workspace/two-factor-required-notice').then((module) => ({ default: module.TwoFactorRequiredNotice })),
);

function WhoIsSignedIn({ display, workspace, className }: { display: ProfileDisplay; workspace?: string; className?: string }) {
  return (
    <div className={className}>
      <p className="font-medium break-words">{display.fullName}</p>
      <p className="text-sm text-muted-foreground">{display.roleLabel}</p>
      {workspace ? (
        <p className="flex items-center gap-1 text-xs text-muted-foreground lg:justify-end">
          <Building2 className="h-3 w-3 shrink-0" aria-hidden="true" />
          <span className="sr-only">{workspaceCopy.switcherLabel}: </span>
          <span className="break-words">{workspace}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Spec §2 below `lg`: the name and role in the header itself, a line under the compact row across the whole width
 * (the icons' column left free), wrapping rather than cut.
 */
function CompactWhoIsSignedIn({ display }: { display: ProfileDisplay }) {
  return (
    <p className="container mx-auto flex min-w-0 flex-wrap gap-x-1 px-4 pb-2 pl-12 text-xs leading-tight">
      <span className="font-medium break-words [overflow-wrap:anywhere]">{display.fullName}</span>
      <span aria-hidden="true" className="text-muted-foreground">
        ·
      </span>
      <span className="text-muted-foreground">{display.roleLabel}</span>
    </p>
  );
}

function WebsiteLink({ className }: { className?: string }) {
  return (
    <Link to={paths.home} title={dashboardCopy.websiteHint} className={cn(buttonVariants({ variant: 'ghost' }), className)}>
      <Globe aria-hidden="true" />
      {dashboardCopy.website}
    </Link>
  );
}

/**
 * The signed-in header: platform name, badge, the user's name and role, notifications, the workspace switcher (with the Team
 * screen), profile settings (they link to Account security), the way back to the public website, sign-out. From `lg`
 * on everything sits in one row; below, one compact row (platform name, badge, name and role) with the switcher as an
 * icon and the account menu (a side sheet) holding the account with its current workspace, Account security, the
 * website link and sign-out. Name and role are rendered once, where the width puts them. Under it, when a workspace
 * of the user requires two-factor authentication this session has not given, a notice says so.
 */
export function DashboardHeader() {
  const { profile, user } = useAuth();
  const { signOut, isPending } = useSignOut();
  const display = profileDisplay(profile, user);
  const [isMenuOpen, setMenuOpen] = useState(false);
  // The menu is for narrow screens: it closes when the screen becomes wide (a rotated tablet, a resized window).
  const isWide = useMediaQuery(HEADER_ONE_ROW_QUERY, false);
  const { current, lockedWorkspaces } = useWorkspace();
  const workspace = current?.name;
  const { loaded: menus, clicked, intent } = useLoadOnIntent(loadMenus);
  // Every workspace page shows this header: Active Users counts the days members open any of them.
  useNoteWorkspaceActivity();
  // The page is on screen from this commit on: the frame the served HTML painted for it goes (`@/lib/app-frame`).
  useLayoutEffect(removeAppFrame, []);
  const accountMenuButton = (props?: Partial<IntentHandlers>) => (
    <Button variant="outline" size="icon" className="shrink-0 lg:hidden" aria-label={dashboardCopy.accountMenu} title={dashboardCopy.accountMenu} {...props}>
      <UserRound aria-hidden="true" />
    </Button>
  );
  const signOutButton = (className?: string) => (
    <Button variant="outline" className={className} onClick={() => void signOut()} disabled={isPending} aria-busy={isPending || undefined}>
      <LogOut aria-hidden="true" />
      {dashboardCopy.signOut}
    </Button>
  );

  return (
    <header className="border-b bg-background">
      <div className={headerLayout.row}>
        <div className={headerLayout.brandGroup}>
          <Link to={paths.dashboard} className={headerLayout.brand}>
            <LayoutDashboard className="h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
            {site.platformName}
          </Link>
          <Badge variant="secondary" className={headerLayout.badge}>
            {dashboardCopy.platformBadge}
          </Badge>
        </div>

        <div className="hidden items-center gap-3 lg:flex">
          <WebsiteLink />
          {isWide ? <WhoIsSignedIn display={display} className="text-right" /> : null}
          {isWide ? <NoticesButton /> : null}
          {isWide ? menus ? <menus.WorkspaceSwitcher defaultOpen={clicked === 'switcher'} /> : <WorkspaceSwitcherButton {...intent('switcher')} /> : null}
          {profile ? (
            menus ? (
              <menus.ProfileSettingsDialog profile={profile} defaultOpen={clicked === 'settings'} />
            ) : (
              <Button variant="ghost" size="icon" aria-label={dashboardCopy.profileSettings} title={dashboardCopy.profileSettings} {...intent('settings')}>
                <Settings aria-hidden="true" />
              </Button>
            )
          ) : null}
          {signOutButton()}
        </div>

        <div className="flex shrink-0 items-center gap-2 lg:hidden">
          {isWide ? null : <NoticesButton />}
          {isWide ? null : menus ? (
            <menus.WorkspaceSwitcher compact defaultOpen={clicked === 'switcher-compact'} />
          ) : (
            <WorkspaceSwitcherButton compact {...intent('switcher-compact')} />
          )}
          {menus ? (
            <menus.Sheet open={isMenuOpen && !isWide} onOpenChange={setMenuOpen}>
              <menus.SheetTrigger asChild>{accountMenuButton()}</menus.SheetTrigger>
              <menus.SheetContent side="right" className="w-[85%] max-w-xs gap-6 lg:hidden">
                <menus.SheetHeader>
                  <menus.SheetTitle>{dashboardCopy.accountMenu}</menus.SheetTitle>
                </menus.SheetHeader>
                <WhoIsSignedIn display={display} workspace={workspace} />
                <nav aria-label={dashboardCopy.accountMenu} className="flex flex-col gap-1 border-t pt-4">
                  {profile ? <menus.ProfileSettingsDialog profile={profile} trigger="menu-item" /> : null}
                  <menus.AccountSecurityLink />
                  <WebsiteLink className="w-full justify-start" />
                </nav>
                {signOutButton('mt-auto w-full')}
              </menus.SheetContent>
            </menus.Sheet>
          ) : (
            accountMenuButton({
              ...intent('account'),
              onClick: () => {
                intent('account').onClick();
                setMenuOpen(true);
              },
            })
          )}
        </div>
      </div>
      {isWide ? null : <CompactWhoIsSignedIn display={display} />}
      {lockedWorkspaces.length > 0 ? (
        <Suspense fallback={null}>
          <TwoFactorRequiredNotice />
        </Suspense>
      ) : null}
    </header>
  );
}
