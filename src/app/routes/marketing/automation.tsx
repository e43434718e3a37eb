import { automationCopy } from '@/config/automation-copy';
import { AutomationPage } from '@/features/automation/components/automation-page';
import { ModulePage } from '@/features/dashboard/components/module-page';

/** /marketing/automation: the Marketing Automation Platform (issue 29), its figures from the workspace's runs. */
export function MarketingAutomationRoute() {
  return (
    <ModulePage module="automation" subtitle={automationCopy.subtitle} isSample={false}>
      <AutomationPage />
    </ModulePage>
  );
}
