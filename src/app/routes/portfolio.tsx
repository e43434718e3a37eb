import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function PortfolioRoute() {
  return <PagePlaceholder title="Our Work" />;
}
