import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'analytics')!;

export function MarketingAnalyticsRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
