import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'content')!;

export function MarketingContentRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
