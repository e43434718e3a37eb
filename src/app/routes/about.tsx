import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function AboutRoute() {
  return <PagePlaceholder title="About Beyond Brochures" />;
}
