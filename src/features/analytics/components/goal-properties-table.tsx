import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { analyticsCopy } from '@/config/analytics-copy';
import type { GoalPropertyRow } from '@/features/analytics/api/report-types';

const copy = analyticsCopy.goalProperties;
const number = (value: number) => value.toLocaleString('en-US');

/**
 * What the pages sent with their goals (`track('Signup', { plan: 'pro' })`): per goal and property, the most
 * completed values with their visitors, completions and conversion rate. Every row names its goal and property, so
 * a screen reader reading one row hears all of it; a repeated name is dimmed for the eye.
 */
export function GoalPropertiesTable({ rows }: { rows: readonly GoalPropertyRow[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{copy.title}</CardTitle>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.empty}</p>
        ) : (
          // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it (axe scrollable-region-focusable).
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={copy.title}>
            <table className="w-full text-sm">
              <caption className="sr-only">{copy.title}</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="pb-2 pr-2 font-medium">
                    {copy.goal}
                  </th>
                  <th scope="col" className="pb-2 pr-2 font-medium">
                    {copy.property}
                  </th>
                  <th scope="col" className="pb-2 pr-2 font-medium">
                    {copy.value}
                  </th>
                  <th scope="col" className="pb-2 pl-2 text-right font-medium">
                    {analyticsCopy.columns.visitors}
                  </th>
                  <th scope="col" className="pb-2 pl-2 text-right font-medium">
                    {analyticsCopy.columns.events}
                  </th>
                  <th scope="col" className="pb-2 pl-2 text-right font-medium">
                    {analyticsCopy.columns.conversionRate}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => {
                  const previous = rows[index - 1];
                  const sameGroup = previous?.goal === row.goal && previous.property === row.property;
                  return (
                    <tr key={`${row.goal}\u0000${row.property}\u0000${row.value}`} className={sameGroup ? '' : 'border-t'}>
                      <td className={`py-1.5 pr-2 [overflow-wrap:anywhere] ${sameGroup ? 'text-muted-foreground' : ''}`}>{row.goal}</td>
                      <td className={`py-1.5 pr-2 [overflow-wrap:anywhere] ${sameGroup ? 'text-muted-foreground' : ''}`}>{row.property}</td>
                      <th scope="row" className="py-1.5 pr-2 text-left font-normal [overflow-wrap:anywhere]">
                        {row.value}
                      </th>
                      <td className="py-1.5 pl-2 text-right tabular-nums">{number(row.visitors)}</td>
                      <td className="py-1.5 pl-2 text-right tabular-nums">{number(row.events)}</td>
                      <td className="py-1.5 pl-2 text-right tabular-nums">{`${row.conversion_rate}%`}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
