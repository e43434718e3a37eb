import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function AuthRoute() {
  return <PagePlaceholder title="Welcome" />;
}
