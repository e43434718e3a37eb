import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function DashboardRoute() {
  return <PagePlaceholder title="Dashboard" />;
}
