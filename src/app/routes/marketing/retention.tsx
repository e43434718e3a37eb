import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'retention')!;

export function MarketingRetentionRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
