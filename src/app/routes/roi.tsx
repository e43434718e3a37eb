import { RoiPage } from '@/features/marketing-site/components/roi-page';

export function RoiRoute() {
  return <RoiPage />;
}
