import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'email')!;

export function MarketingEmailRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
