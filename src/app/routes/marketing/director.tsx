import { DirectorModule } from '@/features/dashboard/modules/director-module';

export function MarketingDirectorRoute() {
  return <DirectorModule />;
}
