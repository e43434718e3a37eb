import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'social')!;

export function MarketingSocialRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
