import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'creative')!;

export function MarketingCreativeRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
