import { dashboardCopy } from '@/config/account-copy';
import { findRole, marketingRoles, modulePath, type MarketingRoleInfo } from '@/config/roles';

export interface ModuleCard {
  role: MarketingRoleInfo;
  href: string;
  /** The module of the user's own role: shown highlighted. */
  isOwn: boolean;
  actionLabel: string;
}

/** All ten modules in the order of the roles table; the user's own one highlighted as 'Your Dashboard'. */
export function moduleCards(userRole: string | null | undefined): ModuleCard[] {
  const own = findRole(userRole);
  return marketingRoles.map((role) => {
    const isOwn = own?.value === role.value;
    return {
      role,
      href: modulePath(role),
      isOwn,
      actionLabel: isOwn ? dashboardCopy.yourDashboard : dashboardCopy.viewModule,
    };
  });
}

/** The 'Your Dashboard' card's target, or nothing for a user without a (known) role. */
export function ownModule(userRole: string | null | undefined): { title: string; href: string } | undefined {
  const own = findRole(userRole);
  return own ? { title: own.moduleTitle, href: modulePath(own) } : undefined;
}
