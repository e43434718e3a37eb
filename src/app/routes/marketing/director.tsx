import { PagePlaceholder } from '@/components/layouts/page-placeholder';
import { marketingRoles } from '@/config/roles';

const role = marketingRoles.find((entry) => entry.module === 'director')!;

export function MarketingDirectorRoute() {
  return <PagePlaceholder title={role.moduleTitle} />;
}
