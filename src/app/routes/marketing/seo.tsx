import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'seo')!;

export function MarketingSeoRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
