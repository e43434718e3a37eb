import { TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { dashboardCopy, moduleCopy } from '@/config/account-copy';
import type { SampleStat } from '@/config/sample-figures';
import { cn } from '@/lib/utils';

export interface StatCardItem extends SampleStat {
  icon?: ReactNode;
  /** Text after the change; 'from last month' unless told. */
  period?: string;
  /** A fall is good news here (churn, bounce rate, turnaround): coloured as an improvement. */
  lowerIsBetter?: boolean;
}

/** Figures with their month-over-month change; a change starting with '-' is a fall. */
export function StatCards({ stats, className }: { stats: readonly StatCardItem[]; className?: string }) {
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {stats.map((stat) => {
        const isFall = stat.change.trim().startsWith('-');
        const Trend = isFall ? TrendingDown : TrendingUp;
        const tone = isFall === Boolean(stat.lowerIsBetter) ? 'text-green-700' : 'text-red-700';
        return (
          <li key={stat.label}>
            <Card className="h-full">
              <CardHeader className="flex flex-row items-center justify-between space-y-0 pb-2">
                <h3 className="text-sm font-medium">{stat.label}</h3>
                {stat.icon}
              </CardHeader>
              <CardContent>
                <p className="text-2xl font-bold">{stat.value}</p>
                <p className="flex items-center gap-1 text-xs text-muted-foreground">
                  <Trend className={cn('h-3 w-3', tone)} aria-hidden="true" />
                  <span className={cn('font-medium', tone)}>{stat.change}</span>
                  {stat.period ?? dashboardCopy.fromLastMonth}
                </p>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/** A module page's headline figures under a (visually hidden) heading, so the card headings sit in order. */
export function KeyMetrics({ stats }: { stats: readonly StatCardItem[] }) {
  return (
    <section aria-labelledby="key-metrics-title">
      <h2 id="key-metrics-title" className="sr-only">
        {moduleCopy.keyMetrics}
      </h2>
      <StatCards stats={stats} />
    </section>
  );
}
