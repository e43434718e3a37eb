import { AboutPage } from '@/features/marketing-site/components/about-page';

export function AboutRoute() {
  return <AboutPage />;
}
