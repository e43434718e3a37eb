import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'automation')!;

export function MarketingAutomationRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
