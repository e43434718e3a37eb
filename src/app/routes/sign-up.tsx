import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function SignUpRoute() {
  return <PagePlaceholder title="Welcome" />;
}
