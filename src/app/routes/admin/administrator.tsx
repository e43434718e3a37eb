import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function AdministratorRoute() {
  return <PagePlaceholder title="Administrator" />;
}
