import { PortfolioPage } from '@/features/marketing-site/components/portfolio-page';

export function PortfolioRoute() {
  return <PortfolioPage />;
}
