import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { analyticsCopy, type BreakdownKey } from '@/config/analytics-copy';
import type { BreakdownRow } from '@/features/analytics/api/report-types';

/** Which figures each list shows besides its name. */
const columnsOf: Record<BreakdownKey, (keyof BreakdownRow)[]> = {
  page: ['visitors', 'pageviews'],
  entry_page: ['visits', 'bounce_rate'],
  exit_page: ['visits'],
  referrer: ['visitors', 'visits'],
  utm_source: ['visitors', 'visits'],
  utm_medium: ['visitors', 'visits'],
  utm_campaign: ['visitors', 'visits'],
  device: ['visitors'],
  browser: ['visitors'],
  goal: ['visitors', 'events', 'conversion_rate'],
};

const headerOf: Partial<Record<keyof BreakdownRow, string>> = {
  visitors: analyticsCopy.columns.visitors,
  pageviews: analyticsCopy.columns.pageviews,
  visits: analyticsCopy.columns.visits,
  bounce_rate: analyticsCopy.columns.bounceRate,
  events: analyticsCopy.columns.events,
  conversion_rate: analyticsCopy.columns.conversionRate,
};

export function breakdownColumns(key: BreakdownKey) {
  return columnsOf[key].map((column) => ({ key: column, header: headerOf[column]! }));
}

export function formatBreakdownValue(column: keyof BreakdownRow, row: BreakdownRow): string {
  const value = row[column];
  if (column === 'bounce_rate' || column === 'conversion_rate') return `${value}%`;
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

/** One top list of the report (pages, referrers, goals…) as a table. */
export function BreakdownTable({ dimension, rows }: { dimension: BreakdownKey; rows: readonly BreakdownRow[] }) {
  const title = analyticsCopy.breakdowns[dimension];
  const columns = breakdownColumns(dimension);
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{analyticsCopy.report.empty}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="pb-2 pr-2 font-medium">
                  {analyticsCopy.columns.value}
                </th>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className="pb-2 pl-2 text-right align-bottom font-medium">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.value} className="border-t">
                  <th scope="row" className="py-1.5 pr-2 text-left font-normal [overflow-wrap:anywhere]">
                    {row.value}
                  </th>
                  {columns.map((column) => (
                    <td key={column.key} className="py-1.5 pl-2 text-right tabular-nums">
                      {formatBreakdownValue(column.key, row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
