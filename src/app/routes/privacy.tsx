import { privacyPolicy } from '@/config/legal';
import { LegalPage } from '@/features/marketing-site/components/legal-page';

export function PrivacyRoute() {
  return <LegalPage content={privacyPolicy} />;
}
