import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function LandingRoute() {
  return <PagePlaceholder title="We build high performance task driven websites" />;
}
