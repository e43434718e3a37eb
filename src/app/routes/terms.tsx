import { termsOfService } from '@/config/legal';
import { LegalPage } from '@/features/marketing-site/components/legal-page';

export function TermsRoute() {
  return <LegalPage content={termsOfService} />;
}
