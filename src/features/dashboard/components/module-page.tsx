import type { ReactNode } from 'react';
import type { MarketingModule } from '@/config/paths';
import { marketingRoles } from '@/config/roles';
import { site } from '@/config/site';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { moduleIcons } from '@/features/dashboard/components/module-icons';
import { BackToDashboardLink } from '@/components/layouts/back-to-dashboard-link';
import { SampleDataBadge } from '@/components/module/sample-data-badge';
import { workspaceCopy } from '@/config/team-copy';
import { useWorkspace } from '@/lib/workspace';

interface ModulePageProps {
  module: MarketingModule;
  /** The screen's name in the spec, e.g. 'Email Marketing Platform'. */
  subtitle: string;
  /** Mark the page's figures as fixed samples (every static module). */
  isSample?: boolean;
  children: ReactNode;
}

/**
 * A role module under /marketing/*: the signed-in header, a way back, the module title of the roles table. The
 * content is mounted afresh when the workspace changes, so every list, figure and open dialog follows it; viewers
 * are told they read only.
 */
export function ModulePage({ module, subtitle, isSample = true, children }: ModulePageProps) {
  const role = marketingRoles.find((entry) => entry.module === module)!;
  const { current, canWrite } = useWorkspace();
  const Icon = moduleIcons[module];
  return (
    <div className="min-h-screen bg-muted/30">
      <title>{`${role.moduleTitle} | ${site.platformName}`}</title>
      <DashboardHeader />
      <main className="container mx-auto space-y-6 px-4 py-8">
        <BackToDashboardLink />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            <span className="rounded-md bg-primary p-2 text-primary-foreground">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <div>
              <h1 className="text-3xl font-bold tracking-tight">{role.moduleTitle}</h1>
              <p className="text-muted-foreground">{subtitle}</p>
            </div>
          </div>
          {isSample ? <SampleDataBadge /> : null}
        </div>
        {current && !canWrite ? <p className="rounded-md border bg-muted/50 p-3 text-sm">{workspaceCopy.readOnlyNotice}</p> : null}
        <div key={current?.id ?? 'none'} className="space-y-6">
          {children}
        </div>
      </main>
    </div>
  );
}
