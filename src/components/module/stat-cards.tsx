import { TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { dashboardCopy, moduleCopy } from '@/config/account-copy';
import { overviewCopy } from '@/config/overview-copy';
import type { SampleStat } from '@/config/sample-figures';
import { cn } from '@/lib/utils';

export interface StatCardItem extends Omit<SampleStat, 'change'> {
  /** Signed change ('+12%'), or null when there is no earlier figure to compare with (a new workspace). */
  change: string | null;
  /** Said instead of the change when there is none to show (a count of right now, not of a month). */
  note?: string;
  icon?: ReactNode;
  /** Text after the change; 'from last month' unless told. */
  period?: string;
  /** A fall is good news here (churn, bounce rate, turnaround): coloured as an improvement. */
  lowerIsBetter?: boolean;
}

/**
 * Figures with their month-over-month change; a change starting with '-' is a fall. Two a row on a phone (compact),
 * four on a wide screen: the figures never push the page's real content a whole screen down.
 */
export function StatCards({ stats, className }: { stats: readonly StatCardItem[]; className?: string }) {
  return (
    <ul className={cn('grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4', className)}>
      {stats.map((stat) => {
        const isFall = stat.change?.trim().startsWith('-') ?? false;
        const Trend = isFall ? TrendingDown : TrendingUp;
        const tone = isFall === Boolean(stat.lowerIsBetter) ? 'text-green-700' : 'text-red-700';
        return (
          <li key={stat.label}>
            <Card className="h-full">
              <CardHeader className="flex flex-row items-start justify-between gap-2 space-y-0 p-4 pb-1 sm:p-6 sm:pb-2">
                <h3 className="text-sm font-medium">{stat.label}</h3>
                {stat.icon}
              </CardHeader>
              <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
                <p className="text-xl font-bold sm:text-2xl">{stat.value}</p>
                {stat.change === null ? (
                  <p className="text-xs text-muted-foreground">{stat.note ?? overviewCopy.noEarlierFigure}</p>
                ) : (
                  <p className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
                    <Trend className={cn('h-3 w-3', tone)} aria-hidden="true" />
                    <span className={cn('font-medium', tone)}>{stat.change}</span>
                    {stat.period ?? dashboardCopy.fromLastMonth}
                  </p>
                )}
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
