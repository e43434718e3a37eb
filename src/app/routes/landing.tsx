import { LandingPage } from '@/features/marketing-site/components/landing-page';

export function LandingRoute() {
  return <LandingPage />;
}
