import { ModulePage } from '@/features/dashboard/components/module-page';
import { EmailSampleFigures } from '@/features/dashboard/modules/email-module';
import { emailCopy } from '@/config/email-copy';
import { EmailPage } from '@/features/email/components/email-page';

/** /marketing/email: the Email Marketing Platform; the dashboard's marked sample while nothing was sent. */
export function MarketingEmailRoute() {
  return (
    <ModulePage module="email" subtitle={emailCopy.subtitle} isSample={false}>
      <EmailPage sample={<EmailSampleFigures />} />
    </ModulePage>
  );
}
