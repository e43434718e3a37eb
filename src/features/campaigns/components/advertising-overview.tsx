import { DollarSign, Eye, MousePointerClick, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { StatCards } from '@/components/module/stat-cards';
import { Button } from '@/components/ui/button';
import { resultsCopy } from '@/config/results-copy';
import { useHasResults, useResultsSummary } from '@/features/campaigns/api/get-results-figures';
import { SampleAdvertisingOverview } from '@/features/campaigns/components/campaign-samples';
import { advertisingStats } from '@/features/campaigns/utils/advertising-stats';
import { describeLoadFailure } from '@/lib/error-kinds';
import { localDay, presetPeriod } from '@/lib/periods';

const iconClass = 'h-4 w-4 text-muted-foreground';
const icons = {
  spend: <DollarSign className={iconClass} aria-hidden="true" />,
  impressions: <Eye className={iconClass} aria-hidden="true" />,
  ctr: <MousePointerClick className={iconClass} aria-hidden="true" />,
  roas: <TrendingUp className={iconClass} aria-hidden="true" />,
};

/**
 * Advertising Overview from the workspace's results: the last 30 days against the 30 before. A workspace without any
 * result yet sees the spec's sample figures, marked, with a prompt to add its first results.
 */
export function AdvertisingOverview() {
  const [period] = useState(() => presetPeriod(30, localDay()));
  const hasResults = useHasResults();
  const summary = useResultsSummary(period);

  if (hasResults.data === false) return <SampleAdvertisingOverview prompt={resultsCopy.samplePrompt} />;
  let body;
  if (hasResults.isError || summary.isError) {
    body = (
      <ListStatus kind="error" title={resultsCopy.loadFailed} description={describeLoadFailure(hasResults.error ?? summary.error)}>
        <Button variant="outline" onClick={() => void Promise.all([hasResults.refetch(), summary.refetch()])}>
          {resultsCopy.retry}
        </Button>
      </ListStatus>
    );
  } else if (!summary.data || hasResults.isPending) {
    body = <ListStatus kind="loading" title={resultsCopy.loading} />;
  } else {
    const stats = advertisingStats(summary.data.current, summary.data.previous).map((stat) => ({ ...stat, icon: icons[stat.key], period: resultsCopy.overviewPeriod }));
    body = <StatCards stats={stats} />;
  }
  return (
    <section aria-labelledby="advertising-overview-title" className="space-y-3">
      <h2 id="advertising-overview-title" className="text-xl font-semibold tracking-tight">
        {resultsCopy.overviewTitle}
      </h2>
      {body}
    </section>
  );
}
