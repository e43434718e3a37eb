import { EmailModule } from '@/features/dashboard/modules/email-module';

export function MarketingEmailRoute() {
  return <EmailModule />;
}
