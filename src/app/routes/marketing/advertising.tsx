import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'advertising')!;

export function MarketingAdvertisingRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
