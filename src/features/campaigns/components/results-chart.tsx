import { useState } from 'react';
import { Chart } from '@/components/charts/chart';
import { PeriodPicker } from '@/components/charts/period-picker';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { resultsCopy } from '@/config/results-copy';
import { useResultsByDay } from '@/features/campaigns/api/get-results-figures';
import { describeLoadFailure } from '@/lib/error-kinds';
import { formatDay, formatMoney } from '@/lib/format';
import { fillEmptyDays, localDay, resolvePeriod, type PeriodChoice } from '@/lib/periods';

const series = [
  { key: 'spend', label: resultsCopy.series.spend, format: (value: number) => formatMoney(value) },
  { key: 'revenue', label: resultsCopy.series.revenue, format: (value: number) => formatMoney(value) },
];

/** Spend and revenue by day for the workspace or one campaign, over a chosen period, every day shown (0 when empty). */
export function ResultsChart({ title, campaignId = null }: { title: string; campaignId?: string | null }) {
  const [today] = useState(localDay);
  const [choice, setChoice] = useState<PeriodChoice>({ kind: 'preset', days: 30 });
  const period = resolvePeriod(choice, today);
  const query = useResultsByDay(period, campaignId);

  let body;
  if (query.isError) {
    body = (
      <ListStatus kind="error" title={resultsCopy.loadFailed} description={describeLoadFailure(query.error)}>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {resultsCopy.retry}
        </Button>
      </ListStatus>
    );
  } else if (!query.data) {
    body = <ListStatus kind="loading" title={resultsCopy.loading} />;
  } else {
    const data = fillEmptyDays(query.data, period, ['spend', 'revenue']);
    body = <Chart title={title} kind="line" data={data} xKey="day" xLabel={resultsCopy.chartDay} formatX={(day) => formatDay(day)} series={series} />;
  }
  return (
    <div className="space-y-4">
      <PeriodPicker value={choice} onChange={setChoice} today={today} />
      {body}
    </div>
  );
}
