import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function AdminDashboardRoute() {
  return <PagePlaceholder title="Admin Dashboard" />;
}
