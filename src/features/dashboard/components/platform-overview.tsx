import { BarChart3, DollarSign, Target, Users } from 'lucide-react';
import { overviewCopy } from '@/config/overview-copy';
import { useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { SampleDataBadge } from '@/components/module/sample-data-badge';
import { StatCards } from '@/components/module/stat-cards';
import { dashboardCopy } from '@/config/account-copy';
import { dashboardStats } from '@/config/sample-figures';
import { usePlatformOverview } from '@/features/dashboard/api/get-overviews';
import { platformStats, withWebsiteConversionRate } from '@/features/dashboard/utils/overview-stats';
import { describeLoadFailure } from '@/lib/error-kinds';
import { localDay, presetPeriod } from '@/lib/periods';
import { useWorkspaceSiteFigures } from '@/lib/use-workspace-site-figures';
import { useWorkspace } from '@/lib/workspace';

const iconClass = 'h-4 w-4 text-muted-foreground';
const icons = [Target, BarChart3, Users, DollarSign];
const withIcons = <T,>(stats: readonly T[]) =>
  stats.map((stat, index) => {
    const Icon = icons[index] ?? Target;
    return { ...stat, icon: <Icon className={iconClass} aria-hidden="true" /> };
  });

/**
 * /dashboard's Platform Overview from the workspace (platform_overview: the month so far against the same days of last
 * month; Conversion Rate from its measured websites when it measures one, the last 30 days against the 30 before). A
 * workspace with no campaign, no content and no site yet sees the spec's figures, marked as samples, with a prompt.
 */
export function PlatformOverview() {
  const [today] = useState(localDay);
  const query = usePlatformOverview(today);
  const site = useWorkspaceSiteFigures(useWorkspace().current?.id ?? null, presetPeriod(30, today));
  // Without the websites' answer yet it is not known whether the workspace is empty; a failed answer keeps 18's rule.
  const siteSettled = site.isSuccess || site.isError;
  const measuresSite = (site.data?.sites ?? 0) > 0;
  const isSample = (query.data?.isEmpty ?? false) && siteSettled && !measuresSite;

  let body;
  if (query.isError) body = <ListStatus kind="error" title={overviewCopy.figuresFailed} description={describeLoadFailure(query.error)} />;
  else if (!query.data || !siteSettled) body = <ListStatus kind="loading" title={overviewCopy.figuresLoading} />;
  else if (isSample)
    body = (
      <>
        <p className="text-sm text-muted-foreground">{overviewCopy.samplePrompt}</p>
        <StatCards stats={withIcons(dashboardStats)} />
      </>
    );
  else body = <StatCards stats={withIcons(withWebsiteConversionRate(platformStats(query.data.figures), site.data))} />;

  return (
    <section aria-labelledby="stats-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="stats-title" className="text-xl font-semibold">
          {dashboardCopy.statsTitle}
        </h2>
        {isSample ? <SampleDataBadge /> : null}
      </div>
      {body}
    </section>
  );
}
