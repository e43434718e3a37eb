import { Component, lazy, Suspense, useId, type ReactNode } from 'react';
import { ChartDataTable } from '@/components/charts/chart-data-table';
import type { ChartRow, ChartSeries } from '@/components/charts/chart-types';
import { Skeleton } from '@/components/ui/skeleton';
import { chartCopy } from '@/config/chart-copy';

const ChartCanvas = lazy(() => import('@/components/charts/chart-canvas'));

export interface ChartProps {
  /** Names the figure and the table behind it. */
  title: string;
  kind: 'line' | 'bar';
  data: readonly ChartRow[];
  /** The field of each row on the x axis (a day, a platform) and its column heading in the table. */
  xKey: string;
  xLabel: string;
  formatX?(value: string): string;
  series: readonly ChartSeries[];
  height?: number;
}

/**
 * A chart with an accessible table behind it. The drawing (recharts) is a separate chunk loaded when the first chart
 * renders, so pages without charts never download it; while it loads a placeholder keeps the space. The drawing is
 * hidden from assistive technology, the table (in a disclosure, keyboard-operable) holds the same figures.
 */
export function Chart({ title, kind, data, xKey, xLabel, formatX = (value) => value, series, height = 280 }: ChartProps) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className="space-y-3">
      <figcaption id={titleId} className="text-sm font-medium">
        {title}
      </figcaption>
      {data.length === 0 ? (
        <p className="flex items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground" style={{ height }}>
          {chartCopy.noData}
        </p>
      ) : (
        <div aria-hidden="true" style={{ height }} className="min-w-0">
          <ChartLoadBoundary fallback={<p className="text-sm text-muted-foreground">{chartCopy.loadFailed}</p>}>
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <ChartCanvas kind={kind} data={data} xKey={xKey} formatX={formatX} series={series} height={height} />
            </Suspense>
          </ChartLoadBoundary>
        </div>
      )}
      <details className="rounded-md border px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">{chartCopy.showTable}</summary>
        {/* Scrolls when long: focusable and named, so a keyboard can scroll it (axe scrollable-region-focusable). */}
        <div className="mt-2 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={chartCopy.tableCaption(title)}>
          <ChartDataTable caption={chartCopy.tableCaption(title)} data={data} xKey={xKey} xLabel={xLabel} formatX={formatX} series={series} />
        </div>
      </details>
    </figure>
  );
}

/** A chart chunk that fails to load (offline, a new deploy) leaves a sentence, not a broken page: the table still works. */
class ChartLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
