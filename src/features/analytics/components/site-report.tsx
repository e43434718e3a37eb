import { Download, Radio } from 'lucide-react';
import { useState } from 'react';
import { Chart } from '@/components/charts/chart';
import { PeriodPicker } from '@/components/charts/period-picker';
import { ListStatus } from '@/components/module/list-status';
import { StatCards } from '@/components/module/stat-cards';
import { Button } from '@/components/ui/button';
import { analyticsCopy, type BreakdownKey } from '@/config/analytics-copy';
import type { AnalyticsClient } from '@/features/analytics/api/analytics-client';
import { useCurrentVisitors } from '@/features/analytics/api/get-current-visitors';
import { useAnalyticsReport } from '@/features/analytics/api/get-report';
import type { AnalyticsReport } from '@/features/analytics/api/report-types';
import { BreakdownTable } from '@/features/analytics/components/breakdown-table';
import { GoalPropertiesTable } from '@/features/analytics/components/goal-properties-table';
import { chartRows, metricCards, reportToday } from '@/features/analytics/utils/report-figures';
import { resolvePeriod, type PeriodChoice } from '@/lib/periods';

const copy = analyticsCopy.report;
const LISTS: BreakdownKey[][] = [
  ['page', 'entry_page', 'exit_page'],
  ['referrer', 'utm_source', 'utm_medium', 'utm_campaign'],
  ['device', 'browser'],
];
const number = (value: number) => value.toLocaleString('en-US');

/** The CSV export's code loads with its click, not with the page (issue 33). */
async function exportReport(name: string, today: string, report: AnalyticsReport): Promise<void> {
  const [{ csvFileName, downloadCsv }, { reportCsvColumns, reportCsvRows }] = await Promise.all([
    import('@/lib/csv-export'),
    import('@/features/analytics/utils/report-csv'),
  ]);
  downloadCsv(csvFileName(name, today), reportCsvColumns, reportCsvRows(report));
}

/**
 * One site's figures for a period of UTC days ending today's UTC day (`reportToday`): visitors in the last five
 * minutes, the five headline figures against the period before, visitors and page views over time with the previous
 * period's visitors dashed beside them, goals with conversion rates and their properties, the top lists; all of it
 * as CSV.
 */
export function SiteReport({ analytics, siteId, siteName }: { analytics: AnalyticsClient; siteId: string; siteName: string }) {
  const today = reportToday();
  const [choice, setChoice] = useState<PeriodChoice>({ kind: 'preset', days: 30 });
  const period = resolvePeriod(choice, today);
  const report = useAnalyticsReport(analytics, siteId, period);
  const current = useCurrentVisitors(analytics, siteId);
  const data = report.data;

  return (
    <section aria-labelledby="site-report-title" className="space-y-6">
      <h2 id="site-report-title" className="text-xl font-semibold tracking-tight">
        {copy.heading(siteName)}
      </h2>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PeriodPicker value={choice} onChange={setChoice} today={today} />
        <div className="flex flex-wrap items-center gap-3">
          {typeof current.data === 'number' ? (
            <p className="flex items-center gap-2 text-sm" role="status">
              <Radio className="h-4 w-4 text-green-700" aria-hidden="true" />
              {copy.realtime(current.data)}
            </p>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!data}
            onClick={() => data && void exportReport(`${copy.exportName}-${siteName}`, today, data)}
          >
            <Download className="mr-2 h-4 w-4" aria-hidden="true" />
            {copy.export}
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{copy.utcNote}</p>
      {report.isError && !data ? (
        <ListStatus kind="error" title={copy.loadFailed} description={report.error.message}>
          <Button type="button" variant="outline" onClick={() => void report.refetch()}>
            {analyticsCopy.sites.retry}
          </Button>
        </ListStatus>
      ) : !data ? (
        <ListStatus kind="loading" title={copy.title} />
      ) : (
        <div className="space-y-6" aria-busy={report.isFetching || undefined}>
          <StatCards
            className="lg:grid-cols-5"
            stats={metricCards(data).map((card) => ({ label: card.label, value: card.value, change: card.change, lowerIsBetter: card.lowerIsBetter, period: copy.comparedWith }))}
          />
          <Chart
            title={copy.chartTitle}
            kind="line"
            data={chartRows(data)}
            xKey="bucket"
            xLabel={data.interval === 'day' ? copy.chartDay : copy.chartHour}
            series={[
              { key: 'visitors', label: analyticsCopy.metrics.visitors, format: number },
              { key: 'pageviews', label: analyticsCopy.metrics.pageviews, format: number },
              ...(data.previous_series ? [{ key: 'previousVisitors', label: copy.previousVisitors, format: number, dashed: true, colorIndex: 0 }] : []),
            ]}
          />
          <div className="grid gap-4 xl:grid-cols-2">
            <BreakdownTable dimension="goal" rows={data.breakdowns.goal} />
            <GoalPropertiesTable rows={data.goal_properties ?? []} />
          </div>
          {LISTS.map((group) => (
            <div key={group.join()} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {group.map((dimension) => (
                <BreakdownTable key={dimension} dimension={dimension} rows={data.breakdowns[dimension]} />
              ))}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
