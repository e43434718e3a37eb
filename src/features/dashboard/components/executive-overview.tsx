import { DollarSign, Megaphone, TrendingUp } from 'lucide-react';
import { overviewCopy } from '@/config/overview-copy';
import { useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { SampleDataBadge } from '@/components/module/sample-data-badge';
import { StatCards } from '@/components/module/stat-cards';
import { directorStats } from '@/config/sample-figures';
import { useExecutiveOverview } from '@/features/dashboard/api/get-overviews';
import { executiveStats } from '@/features/dashboard/utils/overview-stats';
import { describeLoadFailure } from '@/lib/error-kinds';
import { localDay } from '@/lib/periods';

const iconClass = 'h-4 w-4 text-muted-foreground';
const icons = [DollarSign, Megaphone, TrendingUp];
const withIcons = <T,>(stats: readonly T[]) =>
  stats.map((stat, index) => {
    const Icon = icons[index] ?? DollarSign;
    return { ...stat, icon: <Icon className={iconClass} aria-hidden="true" /> };
  });
/** The spec's Executive Overview figures a workspace with nothing yet is shown (Team Performance has its own section). */
const sampleStats = directorStats.filter((stat) => stat.label !== 'Team Performance');

/**
 * Executive Overview's real figures: budget of active campaigns, how many, ROI of the last 30 days (and its change).
 * A workspace with no campaign and no content yet sees the spec's figures, marked as samples, with a prompt.
 */
export function ExecutiveOverview() {
  const [today] = useState(localDay);
  const query = useExecutiveOverview(today);
  const isSample = query.data?.isEmpty ?? false;
  let body;
  if (query.isError) body = <ListStatus kind="error" title={overviewCopy.figuresFailed} description={describeLoadFailure(query.error)} />;
  else if (!query.data) body = <ListStatus kind="loading" title={overviewCopy.figuresLoading} />;
  else if (isSample)
    body = (
      <>
        <p className="text-sm text-muted-foreground">{overviewCopy.samplePrompt}</p>
        <StatCards className="lg:grid-cols-3" stats={withIcons(sampleStats)} />
      </>
    );
  else body = <StatCards className="lg:grid-cols-3" stats={withIcons(executiveStats(query.data.figures))} />;
  return (
    <section aria-labelledby="executive-overview-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="executive-overview-title" className="text-xl font-semibold tracking-tight">
          {overviewCopy.executiveTitle}
        </h2>
        {isSample ? <SampleDataBadge /> : null}
      </div>
      {body}
    </section>
  );
}
