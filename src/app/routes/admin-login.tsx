import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function AdminLoginRoute() {
  return <PagePlaceholder title="Admin Login" />;
}
