import { BackToDashboardLink } from '@/components/layouts/back-to-dashboard-link';
import { accountSecurityCopy as copy } from '@/config/security-copy';
import { site } from '@/config/site';
import { TwoFactorCard } from '@/features/account-security/components/two-factor-card';

/** /account/security: how the signed-in user signs in (two-factor authentication). */
export function AccountSecurityPage() {
  return (
    <main className="container mx-auto max-w-3xl space-y-6 px-4 py-8">
      <title>{`${copy.title} | ${site.platformName}`}</title>
      <BackToDashboardLink />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
        <p className="text-muted-foreground">{copy.description}</p>
      </div>
      <TwoFactorCard />
    </main>
  );
}
