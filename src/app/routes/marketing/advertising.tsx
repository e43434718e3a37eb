import { ModuleShell } from '@/features/dashboard/components/module-shell';

/** Shell until the campaigns feature (src/features/campaigns) provides the Digital Advertising Console. */
export function MarketingAdvertisingRoute() {
  return <ModuleShell module="advertising" subtitle="Digital Advertising Console" />;
}
