import { useState } from 'react';
import { ListStatus } from '@/components/module/list-status';
import { SampleListCard } from '@/components/module/sample-cards';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { resultsCopy } from '@/config/results-copy';
import { useCampaignPacing, useHasResults, useResultsByPlatform } from '@/features/campaigns/api/get-results-figures';
import { ResultsChart } from '@/features/campaigns/components/results-chart';
import { SampleAbTests, SampleCampaignPerformance } from '@/features/campaigns/components/campaign-samples';
import { formatMultiple } from '@/features/campaigns/utils/advertising-stats';
import { budgetPacing, describePacing } from '@/features/campaigns/utils/budget-pacing';
import { formatDollars, ratio } from '@/lib/figures';
import { formatDay } from '@/lib/format';
import { localDay, presetPeriod } from '@/lib/periods';

/**
 * Campaign Performance from the workspace's results: the spend/revenue chart, active campaigns with spend against
 * budget, revenue by platform (last 30 days). A/B tests have no source yet and stay marked samples. A workspace
 * without any result sees the spec's samples, marked.
 */
export function CampaignPerformance() {
  const hasResults = useHasResults();
  if (hasResults.data === false) return <SampleCampaignPerformance />;
  return (
    <>
      <section aria-labelledby="campaign-performance-title" className="space-y-3">
        <h2 id="campaign-performance-title" className="text-xl font-semibold tracking-tight">
          {resultsCopy.performanceTitle}
        </h2>
        <Card>
          <CardHeader>
            <h3 className="text-lg font-semibold">{resultsCopy.chartTitle}</h3>
          </CardHeader>
          <CardContent>
            <ResultsChart title={resultsCopy.chartTitle} />
          </CardContent>
        </Card>
        <div className="grid gap-6 lg:grid-cols-2">
          <ActiveCampaigns />
          <PlatformRevenue />
        </div>
      </section>
      <SampleAbTests />
    </>
  );
}

/** Each active campaign's budget paced over its own dates (start → end, or start → today without an end date). */
function ActiveCampaigns() {
  const [today] = useState(localDay);
  const pacing = useCampaignPacing(today);
  if (!pacing.data) return <ListStatus kind={pacing.isError ? 'error' : 'loading'} title={pacing.isError ? resultsCopy.loadFailed : resultsCopy.loading} />;
  if (pacing.data.length === 0) return <EmptyCard title={resultsCopy.activeCampaignsTitle} text={resultsCopy.noActiveCampaigns} />;
  const items = pacing.data.map((row) => {
    const line = describePacing(budgetPacing({ ...row, today }), formatDollars, (day) => formatDay(day));
    return { primary: row.title, secondary: line.text, value: line.value, progress: line.progress };
  });
  return <SampleListCard title={resultsCopy.activeCampaignsTitle} description={resultsCopy.activeCampaignsDescription} items={items} />;
}

function PlatformRevenue() {
  const [period] = useState(() => presetPeriod(30, localDay()));
  const platforms = useResultsByPlatform(period);
  if (!platforms.data) return <ListStatus kind={platforms.isError ? 'error' : 'loading'} title={platforms.isError ? resultsCopy.loadFailed : resultsCopy.loading} />;
  if (platforms.data.length === 0) return <EmptyCard title={resultsCopy.platformRevenueTitle} text={resultsCopy.noPlatformRevenue} />;
  const items = platforms.data.map((row) => ({
    primary: row.platform,
    secondary: resultsCopy.roasLine(formatMultiple(ratio(row.revenue, row.spend))),
    value: formatDollars(row.revenue),
  }));
  return <SampleListCard title={resultsCopy.platformRevenueTitle} description={resultsCopy.platformRevenueDescription} items={items} />;
}

function EmptyCard({ title, text }: { title: string; text: string }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <h3 className="text-lg font-semibold">{title}</h3>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">{text}</p>
      </CardContent>
    </Card>
  );
}
