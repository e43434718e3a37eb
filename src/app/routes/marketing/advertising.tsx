import { campaignCopy } from '@/config/campaign-copy';
import { AdConsole } from '@/features/campaigns/components/ad-console';
import { ModulePage } from '@/features/dashboard/components/module-page';

export function MarketingAdvertisingRoute() {
  return (
    <ModulePage module="advertising" subtitle={campaignCopy.subtitle} isSample={false}>
      <AdConsole />
    </ModulePage>
  );
}
