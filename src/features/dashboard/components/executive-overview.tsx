import { DollarSign, Megaphone, TrendingUp } from 'lucide-react';
import { overviewCopy } from '@/config/overview-copy';
import { useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { StatCards } from '@/components/module/stat-cards';
import { useExecutiveOverview } from '@/features/dashboard/api/get-overviews';
import { executiveStats } from '@/features/dashboard/utils/overview-stats';
import { describeLoadFailure } from '@/lib/error-kinds';
import { localDay } from '@/lib/periods';

const iconClass = 'h-4 w-4 text-muted-foreground';
const icons = [DollarSign, Megaphone, TrendingUp];

/** Executive Overview's real figures: budget of active campaigns, how many, ROI of the last 30 days (and its change). */
export function ExecutiveOverview() {
  const [today] = useState(localDay);
  const query = useExecutiveOverview(today);
  let body;
  if (query.isError) body = <ListStatus kind="error" title={overviewCopy.figuresFailed} description={describeLoadFailure(query.error)} />;
  else if (!query.data) body = <ListStatus kind="loading" title={overviewCopy.figuresLoading} />;
  else
    body = (
      <StatCards
        className="lg:grid-cols-3"
        stats={executiveStats(query.data).map((stat, index) => {
          const Icon = icons[index] ?? DollarSign;
          return { ...stat, icon: <Icon className={iconClass} aria-hidden="true" /> };
        })}
      />
    );
  return (
    <section aria-labelledby="executive-overview-title" className="space-y-3">
      <h2 id="executive-overview-title" className="text-xl font-semibold tracking-tight">
        {overviewCopy.executiveTitle}
      </h2>
      {body}
    </section>
  );
}
