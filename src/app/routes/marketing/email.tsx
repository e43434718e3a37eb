import { ModulePage } from '@/features/dashboard/components/module-page';
import { EmailSampleFigures } from '@/features/dashboard/modules/email-module';
import { emailCopy } from '@/config/email-copy';
import { emailOverviewQueryOptions } from '@/features/email/api/get-email-overview';
import { EmailPage } from '@/features/email/components/email-page';
import { prefetchForWorkspace } from '@/lib/account-prefetch';

/** /marketing/email: the Email Marketing Platform; the dashboard's marked sample while nothing was sent. */
export function MarketingEmailRoute() {
  return (
    <ModulePage module="email" subtitle={emailCopy.subtitle} isSample={false}>
      <EmailPage sample={<EmailSampleFigures />} />
    </ModulePage>
  );
}

/** The overview (its figures, or the sample note while nothing was sent) starts with the session, before the page renders. */
export const prefetchEmailRoute = prefetchForWorkspace(({ queryClient, workspaceId }) => {
  void queryClient.prefetchQuery(emailOverviewQueryOptions(workspaceId));
});
