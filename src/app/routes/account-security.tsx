import { AccountSecurityPage } from '@/features/account-security/components/account-security-page';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';

/** /account/security: the signed-in header and the Account security page. */
export function AccountSecurityRoute() {
  return (
    <div className="min-h-screen bg-muted/30">
      <DashboardHeader />
      <AccountSecurityPage />
    </div>
  );
}
