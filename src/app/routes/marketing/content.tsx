import { ModuleShell } from '@/features/dashboard/components/module-shell';

/** Shell until the content feature (src/features/content) provides the Content Marketing Hub. */
export function MarketingContentRoute() {
  return <ModuleShell module="content" subtitle="Content Marketing Hub" />;
}
