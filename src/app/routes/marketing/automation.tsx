import { AutomationModule } from '@/features/dashboard/modules/automation-module';

export function MarketingAutomationRoute() {
  return <AutomationModule />;
}
